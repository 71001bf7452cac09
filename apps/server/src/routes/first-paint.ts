/**
 * What a screen's page paints in the app shell's main area before the app's script has run (see
 * first-screen.ts): HTML styled by index.html's own <style> to the places and sizes the screen
 * draws the same things at, so the largest paint of the page is this one and nothing moves when the
 * app draws over it. The words are the screen's own (apps/web/e2e/first-paint.spec.ts compares
 * their boxes); what the app formats (dates, a trip's length) is a placeholder of the same height.
 */

/** What a page paints before the app runs (the web app's FirstPaint): static, or from a query's answer. */
export type FirstPaint =
  | { heading: string; lede?: string; teamLede?: string; back?: { href: string; label: string } }
  | { hero: { eyebrow: string; heading: string; links: { href: string; label: string }[] } }
  | { trip: string }
  | { heading: string; currentTrip: string };

/** The fields of a trip a paint reads (an answer is data from the procedures, checked here field by field). */
export type PaintedTrip = {
  imageUrl?: unknown;
  title?: unknown;
  description?: unknown;
  status?: unknown;
  location?: unknown;
  accommodation?: unknown;
  transportation?: unknown;
  notes?: unknown;
  sharedBy?: unknown;
};

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const text = (value: unknown) => (typeof value === 'string' ? escapeHtml(value) : '');

/** apps/web's Icon (src/components/icon.tsx): a stroke drawing, hidden from screen readers. */
const icon = (path: string, className = '') =>
  `<svg${className ? ` class="${className}"` : ''} viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${path}"/></svg>`;
const icons = {
  arrowLeft: 'M19 12H5m5-5-5 5 5 5',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 1 1 14 0C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  calendar: 'M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm-1 5h16M8 3v4m8-4v4',
  bed: 'M3 18V6m0 8h18v4M3 14V11a2 2 0 0 1 2-2h5v5m0-5h7a4 4 0 0 1 4 4v1M7 12h.01',
  plane:
    'M10.5 13.5 3 11l1.5-1.5 8 1L17 6a2.1 2.1 0 0 1 3 3l-4.5 4.5 1 8L15 23l-2.5-7.5L9 19v3l-1.5 1-1-4-4-1 1-1.5h3l3.5-3.5Z',
  document: 'M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm7 0v5h5M9 13h6m-6 4h6',
};

/**
 * The screen's largest text: its heading and lede, or Home's hero. Static: the same for everyone,
 * except a lede the travel team reads in other words (`team` says whose page it is; none without).
 * A screen with a back link above its heading (the budget) paints the link, and a placeholder of
 * the control beside the heading (its trip picker) that sets where the heading's row ends.
 */
export function staticMain(paint: FirstPaint, team?: boolean): string | undefined {
  if ('hero' in paint) {
    const { eyebrow, heading, links } = paint.hero;
    const actions = links.map(({ href, label }) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`).join('');
    return (
      '<main class="ns-main ns-wide" aria-busy="true"><section class="ns-hero"><div>' +
      `<p class="ns-eyebrow">${escapeHtml(eyebrow)}</p><h1>${escapeHtml(heading)}</h1>` +
      `<div class="ns-links">${actions}</div></div></section></main>`
    );
  }
  if (!('heading' in paint) || 'currentTrip' in paint) return undefined;
  if (paint.teamLede !== undefined && team === undefined) return undefined;
  if (paint.back) {
    return (
      `<main class="ns-main" aria-busy="true"><a href="${escapeHtml(paint.back.href)}" class="ns-back ns-up">` +
      `${icon(icons.arrowLeft)}${escapeHtml(paint.back.label)}</a><div class="ns-row ns-end">` +
      `<h1 class="ns-h1">${escapeHtml(paint.heading)}</h1><span class="ns-pick"></span></div><div class="ns-block"></div></main>`
    );
  }
  const words = team && paint.teamLede !== undefined ? paint.teamLede : paint.lede;
  const lede = words ? `<p class="ns-lede">${escapeHtml(words)}</p>` : '';
  return `<main class="ns-main" aria-busy="true"><h1 class="ns-h1">${escapeHtml(paint.heading)}</h1>${lede}<div class="ns-block"></div></main>`;
}

/** My Trips' tab that lists a trip of this status, as the trip page's back link has it. */
const backTab = (status: unknown) =>
  status === 'upcoming' ? '?tab=upcoming' : status === 'past' || status === 'cancelled' ? '?tab=past' : '';

/**
 * A trip page's main area with the top of its header (apps/web's trip-header.tsx): the back link,
 * the trip's picture (the page's largest paint) in the box the header gives it, its title and
 * description, the status and dates as placeholders. None for an answer that is no trip.
 */
export function tripMain(trip: PaintedTrip | undefined, imageUrl: string): string | undefined {
  if (!trip || typeof trip.title !== 'string') return undefined;
  const about = trip.description ? `<p class="ns-about">${text(trip.description)}</p>` : '';
  return (
    '<main class="ns-main ns-trip" aria-busy="true">' +
    `<a href="/my-trips${backTab(trip.status)}" class="ns-back">${icon(icons.arrowLeft)}Back to My Trips</a>` +
    `<div class="ns-card"><div class="ns-pic"><img src="${escapeHtml(imageUrl)}" alt="" fetchpriority="high"></div>` +
    `<div class="ns-card-text"><div class="ns-line"></div><h1 class="ns-h1">${escapeHtml(trip.title)}</h1>` +
    `<div class="ns-line ns-dates"></div>${about}</div></div></main>`
  );
}

/** One of the trip card's details (trip-summary-card.tsx's Detail). */
const detail = (path: string, label: string, value: unknown, wide = false) =>
  typeof value === 'string' && value
    ? `<div${wide ? ' class="ns-wide-detail"' : ''}><dt>${icon(path)}${label}</dt><dd>${text(value)}</dd></div>`
    : '';

/**
 * My Trips on its Current Trip tab (my-trips-page.tsx, trip-summary-card.tsx): the heading, the
 * tabs, and the trip under way's card with its picture (the screen's largest paint), badge, title,
 * place and details, its dates as a placeholder. Without a trip under way (or on another tab),
 * the heading and the tabs only.
 */
export function myTripsMain(
  heading: string,
  tab: string | undefined,
  trip: PaintedTrip | undefined,
  imageUrl: string | undefined,
): string {
  const tabs = [
    ['current', 'Current Trip'],
    ['upcoming', 'Upcoming'],
    ['past', 'Past Trips'],
  ]
    .map(([key, label]) => `<span${key === (tab ?? 'current') ? ' class="ns-on"' : ''}>${label}</span>`)
    .join('');
  let card = '';
  if ((tab ?? 'current') === 'current' && trip && typeof trip.title === 'string' && imageUrl) {
    const active = trip.status === 'current' ? '<span class="ns-badge">Active Trip</span>' : '';
    const shared = trip.sharedBy ? '<span class="ns-line ns-shared"></span>' : '';
    const about = trip.description ? `<p class="ns-about">${text(trip.description)}</p>` : '';
    const details =
      detail(icons.bed, 'Accommodation', trip.accommodation) +
      detail(icons.plane, 'Transportation', trip.transportation) +
      detail(icons.document, 'Notes', trip.notes, true);
    card =
      '<div class="ns-panel"><div class="ns-card ns-current">' +
      `<img src="${escapeHtml(imageUrl)}" alt="" width="640" height="360" fetchpriority="high">` +
      `<div class="ns-card-text"><div class="ns-top"><div class="ns-grow">${active}${shared}` +
      `<h2 class="ns-h2">${escapeHtml(trip.title)}</h2>` +
      `<p class="ns-where">${icon(icons.pin)}${text(trip.location)}</p>` +
      `<p class="ns-where">${icon(icons.calendar)}<span class="ns-line"></span></p></div>` +
      '<span class="ns-dots" aria-hidden="true"><svg viewBox="0 0 20 20" fill="currentColor"><circle cx="4" cy="10" r="1.7"/><circle cx="10" cy="10" r="1.7"/><circle cx="16" cy="10" r="1.7"/></svg></span></div>' +
      `${about}${details ? `<dl>${details}</dl>` : ''}</div></div></div>`;
  }
  return (
    '<main class="ns-main ns-trips" aria-busy="true">' +
    `<div class="ns-row"><h1 class="ns-h1">${escapeHtml(heading)}</h1><span class="ns-new" aria-hidden="true"></span></div>` +
    `<div class="ns-tabs" aria-hidden="true">${tabs}</div>${card}</main>`
  );
}

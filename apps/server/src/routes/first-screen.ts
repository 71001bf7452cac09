import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from '@naav/api';
import { createAppCaller, toWireFormat } from '@naav/api/server';
import { isOwnImage } from '@naav/schemas/own-image';

/**
 * A screen's page as the first answer should carry it, so the screen draws as soon as the app's
 * script has run, without asking the server anything first: for a signed-in visitor, the answers
 * of the queries the screen asks first (the web app's `src/lib/first-screen.ts`, written beside
 * Vite's manifest by its build), run here through the procedures with the request's own session,
 * and the screen's largest picture preloaded. The web app reads the answers
 * (apps/web/src/lib/page-data.ts); everything else it asks itself.
 *
 * The route's chunks are not preloaded: on a slow link they share it with the app's main chunk,
 * which every screen waits for first, and the screen then drew later (measured with Lighthouse's
 * mobile preset; the router asks for them as soon as the main chunk runs).
 */

interface FirstQuery {
  path: string;
  input?: Record<string, unknown>;
  infinite?: boolean;
}

/** What a page paints before the app runs (the web app's FirstPaint). */
type FirstPaint =
  | { heading: string; lede?: string }
  | { hero: { eyebrow: string; heading: string; links: { href: string; label: string }[] } }
  | { trip: string };

interface FirstScreenTable {
  sessionQuery: FirstQuery;
  screens: { pattern: string; queries: FirstQuery[]; image?: string; paint?: FirstPaint }[];
  /** The screens drawn without the site's header (sign-in and its kin). */
  bare?: { paths: string[]; prefixes: string[] };
}

interface Screen {
  segments: string[];
  queries: FirstQuery[];
  image?: string;
  /** The app shell's main area with the screen's first paint in it. */
  main?: string;
  /** The query whose answer is the trip whose header the page paints (the answer's own, or its `trip`). */
  tripPaint?: string;
}

/** One query's answer, as the page carries it (see page-data.ts). */
interface PageAnswer {
  path: string;
  input?: unknown;
  infinite?: true;
  data: unknown;
}

const splitPath = (path: string) => path.split('/').filter(Boolean);

/** A parameter as the router reads it; a malformed escape stays as it came (the screen shows not found). */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The screens of the web app in `webDist`, from its build's first-screen table. */
export function firstScreens(webDist: string) {
  const tablePath = join(webDist, '.vite/first-screen.json');
  const table = existsSync(tablePath) ? (JSON.parse(readFileSync(tablePath, 'utf8')) as FirstScreenTable) : undefined;
  const screens: Screen[] = (table?.screens ?? []).map(({ pattern, queries, image, paint }) => ({
    segments: splitPath(pattern),
    queries,
    image,
    ...(paint && 'trip' in paint ? { tripPaint: paint.trip } : { main: paint && shellMain(paint) }),
  }));
  // A fixed segment wins over a parameter (`/trips/new` before `/trips/$id`).
  const params = (screen: Screen) => screen.segments.filter((s) => s.startsWith('$')).length;
  screens.sort((a, b) => params(a) - params(b));

  /** The screen at `path` and its parameters, if the app has one there. */
  const match = (path: string) => {
    const segments = splitPath(path);
    for (const screen of screens) {
      if (screen.segments.length !== segments.length) continue;
      const values: Record<string, string> = {};
      const fits = screen.segments.every((segment, i) => {
        const value = segments[i] ?? '';
        if (segment.startsWith('$')) values[segment] = decoded(value);
        return segment.startsWith('$') || segment === value;
      });
      if (fits) return { screen, values };
    }
    return null;
  };

  /**
   * The tag a page at `path` gains in its head (its picture), and the answers it carries: none
   * when nobody is signed in (the procedures refuse), so such a page is the same for everyone.
   */
  async function pageFor(
    path: string,
    ctx: Context,
  ): Promise<{ head: string; answers: PageAnswer[]; main?: string | undefined }> {
    const found = match(path);
    if (!table || (await ctx.getActor()) === null) return { head: '', answers: [] };
    const caller = createAppCaller(ctx) as unknown as Record<string, unknown>;
    const call = (query: FirstQuery, input: unknown) =>
      (
        query.path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], caller) as (
          input: unknown,
        ) => Promise<unknown>
      )(input);
    const queries = [table.sessionQuery, ...(found?.screen.queries ?? [])];
    const answers = await Promise.all(
      queries.map(async (query): Promise<PageAnswer | null> => {
        const input = query.input && withParams(query.input, found?.values ?? {});
        try {
          const data = await call(query, input);
          const asked = { path: query.path, ...(input === undefined ? {} : { input }) };
          return query.infinite
            ? { ...asked, infinite: true, data: { pages: [data], pageParams: [undefined] } }
            : { ...asked, data };
        } catch {
          // Refused or failed (a trip that is not theirs, a role without access): the screen asks
          // itself and shows what it shows for that.
          return null;
        }
      }),
    );
    const sent = answers.filter((answer): answer is PageAnswer => answer !== null);
    const tripPaint = found?.screen.tripPaint;
    return {
      head: imagePreload(found?.screen.image, sent),
      answers: sent,
      main: tripPaint ? tripMain(pictured(tripPaint, sent)) : found?.screen.main,
    };
  }
  /** Whether the screen at `path` stands without the site's header, so its page paints none before the app runs. */
  const isBare = (path: string) =>
    (table?.bare?.paths.includes(path) ?? false) ||
    (table?.bare?.prefixes.some((prefix) => path.startsWith(prefix)) ?? false);
  return { pageFor, isBare };
}

/** The app shell of index.html marked as a page without the header (its own <style> then hides it). */
export const bareShell = (html: string) => html.replace('<div class="ns-page">', '<div class="ns-page ns-bare">');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The app shell's main area (index.html's `<main class="ns-main">`) with the screen's largest text
 * in it, styled by the shell's own rules to the place and size the screen draws it: its heading and
 * lede, or Home's hero. It paints with the page, before the app's script has loaded; the screen
 * draws the same words over it, so the largest paint of the page is this one.
 */
function shellMain(paint: FirstPaint): string {
  if ('hero' in paint) {
    const { eyebrow, heading, links } = paint.hero;
    const actions = links.map(({ href, label }) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`).join('');
    return (
      '<main class="ns-main ns-wide" aria-busy="true"><section class="ns-hero"><div>' +
      `<p class="ns-eyebrow">${escapeHtml(eyebrow)}</p><h1>${escapeHtml(heading)}</h1>` +
      `<div class="ns-links">${actions}</div></div></section></main>`
    );
  }
  const lede = paint.lede ? `<p class="ns-lede">${escapeHtml(paint.lede)}</p>` : '';
  return `<main class="ns-main" aria-busy="true"><h1 class="ns-h1">${escapeHtml(paint.heading)}</h1>${lede}<div class="ns-block"></div></main>`;
}

/** The app shell with its main area replaced by a screen's first paint. */
export const withShellMain = (html: string, main: string) =>
  html.replace(/<main class="ns-main"[^>]*>[\s\S]*?<\/main>/, () => main);

/** The input with each `$name` value replaced by the address's parameter of that name. */
function withParams(input: Record<string, unknown>, values: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      typeof value === 'string' && value.startsWith('$') ? values[value] : value,
    ]),
  );
}

type Pictured = { imageUrl?: unknown; title?: unknown; description?: unknown; status?: unknown };

/** The answer of the query at `path` (a trip's day plan: its trip) and its picture's address, the app's fallback for none. */
function pictured(path: string | undefined, answers: PageAnswer[]): { data: Pictured; url: string } | null {
  const answer = answers.find((a) => a.path === path)?.data as (Pictured & { trip?: Pictured }) | null | undefined;
  const data = answer?.trip ?? answer;
  if (!data) return null;
  const url = typeof data.imageUrl === 'string' && isOwnImage(data.imageUrl) ? data.imageUrl : '/images/fallback.svg';
  return { data, url };
}

/** The screen's largest picture: the answer's own image, or the fallback the app shows for none. */
function imagePreload(path: string | undefined, answers: PageAnswer[]): string {
  const found = pictured(path, answers);
  return found ? `<link rel="preload" as="image" href="${escapeHtml(found.url)}" fetchpriority="high">` : '';
}

/** My Trips' tab that lists a trip of this status, as the trip page's back link has it. */
const backTab = (status: unknown) =>
  status === 'upcoming' ? '?tab=upcoming' : status === 'past' || status === 'cancelled' ? '?tab=past' : '';

/**
 * A trip page's main area with the top of its header (apps/web's trip-header.tsx) as the page
 * paints it before the app runs: the back link, the trip's picture (the page's largest paint) in
 * the box the header gives it, and its title and description where the header draws them, the
 * status and dates as placeholders (the app formats them). None for an answer that is no trip.
 */
function tripMain(found: { data: Pictured; url: string } | null): string | undefined {
  const { data, url } = found ?? {};
  if (!data || !url || typeof data.title !== 'string') return undefined;
  const about =
    typeof data.description === 'string' && data.description
      ? `<p class="ns-about">${escapeHtml(data.description)}</p>`
      : '';
  return (
    '<main class="ns-main ns-trip" aria-busy="true">' +
    `<a href="/my-trips${backTab(data.status)}" class="ns-back">` +
    '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M19 12H5m5-5-5 5 5 5"/></svg>' +
    'Back to My Trips</a><div class="ns-card">' +
    `<div class="ns-pic"><img src="${escapeHtml(url)}" alt="" fetchpriority="high"></div>` +
    `<div class="ns-card-text"><div class="ns-line"></div><h1 class="ns-h1">${escapeHtml(data.title)}</h1>` +
    `<div class="ns-line ns-where"></div>${about}</div></div></main>`
  );
}

/**
 * Answers as JSON inside the page, where no text can end the element early: `<` is written as
 * `\u003c` (so no `</script>` or `<!--`), and the two line separators JavaScript once refused.
 */
export function pageDataElement(answers: PageAnswer[]): string {
  const json = JSON.stringify(toWireFormat(answers))
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="naav-page-data">${json}</script>`;
}

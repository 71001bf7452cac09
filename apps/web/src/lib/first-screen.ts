/**
 * What each screen asks the server for first: its route loader's queries, as data the build hands
 * to the server (`dist/.vite/first-screen.json`, written by vite.config.ts). For a signed-in
 * visitor the server runs them with the request's session and sends their answers inside the page
 * (see page-data.ts), so the screen draws with its data at once instead of asking after the
 * JavaScript has loaded. first-screen.test.ts checks that each entry asks what its loader asks.
 *
 * No imports: vite.config.ts reads this file at build time.
 */

/** One query: the procedure's path, its input (a `$name` string is the address's parameter), whether it is a paged list. */
export interface FirstQuery {
  path: string;
  input?: Record<string, unknown>;
  infinite?: true;
}

export interface FirstScreen {
  /** The route's path as TanStack Router writes it (`/trips/$id`). */
  pattern: string;
  queries: FirstQuery[];
  /** The query whose answer's `imageUrl` (or its trip's) is the screen's largest picture, preloaded with the page. */
  image?: string;
  /** What the page paints before the app runs, where the screen draws it (see FirstPaint). */
  paint?: FirstPaint;
}

/**
 * The screen's largest text, painted by the page itself in the app shell at the place and size the
 * screen draws it (the shell's own styles in index.html), so it shows while the app's script still
 * loads and runs; the screen then draws the same text over it. Its words are the screen's own,
 * which e2e/first-paint.spec.ts checks along with its place.
 */
type FirstPaint =
  /**
   * A heading and its lede (`teamLede`: the lede the travel team reads instead, from the session's
   * answer); `back`: the screen's back link above them and a placeholder of its control beside.
   */
  | { heading: string; lede?: string; teamLede?: string; back?: { href: string; label: string } }
  | { hero: { eyebrow: string; heading: string; links: { href: string; label: string }[] } }
  /** A trip's header (its picture, title and description) from the answer of this query. */
  | { trip: string }
  /** My Trips: the heading, the tabs and the card of the trip under way, from the answer of this query. */
  | { heading: string; currentTrip: string };

/** Every signed-in screen first asks who is signed in (the root route's beforeLoad). */
export const sessionQuery: FirstQuery = { path: 'me.get' };

export const firstScreens: FirstScreen[] = [
  {
    pattern: '/',
    queries: [
      { path: 'journal.latest', input: { count: 3 } },
      { path: 'trips.current' },
      { path: 'inspirations.nextTrip' },
    ],
    paint: {
      hero: {
        eyebrow: 'Navigation Assistant for Aspirations & Voyages',
        heading: 'Navigate your past journeys, manage your current travel, and discover your next adventure.',
        links: [
          { href: '/my-trips', label: 'Start Planning' },
          { href: '/travel-journal', label: 'View Travel Journal' },
        ],
      },
    },
  },
  {
    pattern: '/my-trips',
    queries: [
      { path: 'trips.current' },
      { path: 'trips.list' },
      { path: 'tripRequests.list' },
      { path: 'journal.page', input: { limit: 24, withTotal: false }, infinite: true },
    ],
    image: 'trips.current',
    paint: { heading: 'My Trips', currentTrip: 'trips.current' },
  },
  {
    pattern: '/trips/$id',
    queries: [
      { path: 'trips.dayPlan', input: { id: '$id' } },
      { path: 'trips.companions', input: { id: '$id' } },
      { path: 'trips.saved' },
      { path: 'todos.list', input: { id: '$id' } },
      { path: 'packing.list', input: { id: '$id' } },
    ],
    image: 'trips.dayPlan',
    paint: { trip: 'trips.dayPlan' },
  },
  {
    pattern: '/travel-journal',
    queries: [{ path: 'journal.overview' }, { path: 'journal.page', input: { limit: 30 }, infinite: true }],
    paint: { heading: 'Travel Journal', lede: 'Where you have been, on the map and in your own words.' },
  },
  {
    pattern: '/budget-tracker',
    queries: [{ path: 'trips.list' }, { path: 'trips.current' }, { path: 'budget.categories' }],
    paint: { heading: 'Budget Tracker', back: { href: '/my-trips', label: 'Back to My Trips' } },
  },
  {
    pattern: '/availability-planner',
    queries: [{ path: 'availability.list' }, { path: 'occasions.list' }],
    paint: {
      heading: 'Travel Availability Planner',
      lede: 'Mark when you can travel and the dates that matter, so your travel team can plan around them.',
    },
  },
  {
    pattern: '/travel-documents',
    queries: [{ path: 'documents.list' }, { path: 'documents.expiring' }],
    paint: { heading: 'Travel Documents', lede: 'Passports, visas and insurance, with a warning before they expire.' },
  },
  {
    pattern: '/family',
    queries: [{ path: 'family.groups' }, { path: 'family.sharedTrips' }, { path: 'family.events' }],
    paint: { heading: 'Family & Groups', lede: 'Manage your family groups and shared trips' },
  },
  {
    pattern: '/interests',
    queries: [{ path: 'interests.profile' }, { path: 'interests.categories' }],
    paint: { heading: 'My Interests & Preferences', lede: 'Tell us what you love, so every trip we suggest fits you.' },
  },
  {
    pattern: '/inspirations',
    queries: [{ path: 'inspirations.list' }, { path: 'inspirations.recommended' }],
    paint: { heading: 'Travel Inspirations', lede: 'Ideas chosen from the journeys you loved.' },
  },
  {
    pattern: '/concierge',
    // A traveller's conversation (the travel team's desk asks its own; the server sends no answer for them).
    queries: [{ path: 'concierge.chat' }],
    paint: {
      heading: 'Travel Concierge',
      lede: 'Real people planning with you before the trip and looking after you during it.',
      teamLede: 'Answer travellers and move their requests along.',
    },
  },
  { pattern: '/travel/$id', queries: [{ path: 'journal.byId', input: { id: '$id' } }] },
];

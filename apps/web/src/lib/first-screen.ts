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
}

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
  },
  {
    pattern: '/travel-journal',
    queries: [{ path: 'journal.overview' }, { path: 'journal.page', input: { limit: 30 }, infinite: true }],
  },
  {
    pattern: '/budget-tracker',
    queries: [{ path: 'trips.list' }, { path: 'trips.current' }, { path: 'budget.categories' }],
  },
  { pattern: '/availability-planner', queries: [{ path: 'availability.list' }, { path: 'occasions.list' }] },
  { pattern: '/travel-documents', queries: [{ path: 'documents.list' }, { path: 'documents.expiring' }] },
  {
    pattern: '/family',
    queries: [{ path: 'family.groups' }, { path: 'family.sharedTrips' }, { path: 'family.events' }],
  },
  { pattern: '/interests', queries: [{ path: 'interests.profile' }, { path: 'interests.categories' }] },
  { pattern: '/inspirations', queries: [{ path: 'inspirations.list' }, { path: 'inspirations.recommended' }] },
  { pattern: '/concierge', queries: [] },
  { pattern: '/travel/$id', queries: [{ path: 'journal.byId', input: { id: '$id' } }] },
];

import type { FileRoutesByTo } from '../routeTree.gen';

// A plain data module: the browser tests import it in Node, so it imports nothing that
// runs (the route tree is only used for its types).

/** The path of a route in the generated route tree, e.g. '/my-trips' or '/trips/$id'. */
type RoutePath = keyof FileRoutesByTo;

/**
 * Every route of the route tree with a URL that opens it (demo ids for parameters).
 * `satisfies` keeps it in step with the route files: a route added or removed there
 * fails the typecheck until this table follows.
 */
const routeTable = {
  '/': '/',
  '/my-trips': '/my-trips',
  '/travel-journal': '/travel-journal',
  '/budget-tracker': '/budget-tracker',
  '/availability-planner': '/availability-planner',
  '/travel-documents': '/travel-documents',
  '/family': '/family',
  '/interests': '/interests',
  '/inspirations': '/inspirations',
  '/concierge': '/concierge',
  '/travel-planner': '/travel-planner',
  '/trips/$id': '/trips/trip-lisbon',
  '/travel/$id': '/travel/travel-rome',
  // No demo trip is shared (tokens are random): an unknown token shows "This link is no longer active".
  '/share/$token': '/share/a-link-that-was-revoked-long-ago',
  '/admin': '/admin',
  // An unknown token shows "This invitation no longer works".
  '/invitations/$token': '/invitations/an-invitation-that-was-used',
  '/sign-in': '/sign-in',
  '/sign-up': '/sign-up',
  '/forgot-password': '/forgot-password',
  // Without a token the page says the link no longer works, as for an expired one.
  '/reset-password': '/reset-password',
  '/email-verified': '/email-verified?error=TOKEN_EXPIRED',
  '/privacy': '/privacy',
  '/terms': '/terms',
  '/cookies': '/cookies',
  '/notification-settings': '/notification-settings',
} as const satisfies Record<RoutePath, string>;

/** A URL for each route of the route tree, in the table's order. */
export const routeUrls: readonly string[] = Object.values(routeTable);

/** Every screen the navigations link to, named as the menus name them. */
const navItem = {
  home: { name: 'Navigate', path: '/' },
  myTrips: { name: 'My Trips', path: '/my-trips' },
  journal: { name: 'Travel Journal', path: '/travel-journal' },
  budget: { name: 'Budget Tracker', path: '/budget-tracker' },
  availability: { name: 'Availability Planner', path: '/availability-planner' },
  documents: { name: 'Travel Documents', path: '/travel-documents' },
  family: { name: 'Family & Groups', path: '/family' },
  interests: { name: 'Interests', path: '/interests' },
  inspirations: { name: 'Inspirations', path: '/inspirations' },
  concierge: { name: 'Concierge', path: '/concierge' },
  planner: { name: 'Travel Planner', path: '/travel-planner' },
  conciergeInbox: { name: 'Concierge Inbox', path: '/concierge' },
} as const satisfies Record<string, { name: string; path: RoutePath }>;

/** The main navigation, in the spec's order (the planner is reached from other screens). */
export const mainNavigation = [
  navItem.home,
  navItem.myTrips,
  navItem.journal,
  navItem.budget,
  navItem.availability,
  navItem.documents,
  navItem.family,
  navItem.interests,
  navItem.inspirations,
  navItem.concierge,
] as const;

/**
 * An agent's navigation is their desk: the travel planner (clients' proposals) and the
 * concierge inbox first, then their own travel. No availability planner: agents have none.
 */
export const agentNavigation = [
  navItem.home,
  navItem.planner,
  navItem.conciergeInbox,
  navItem.myTrips,
  navItem.journal,
  navItem.budget,
  navItem.documents,
  navItem.family,
  navItem.interests,
  navItem.inspirations,
] as const;

export type NavPath = (typeof mainNavigation)[number]['path'] | (typeof agentNavigation)[number]['path'];

import type { ApiScope, ScopeDomain } from '@naav/schemas/tokens';

/**
 * What an API token needs to call a procedure, by the first segment of its path (the router's
 * key in root.ts, or a file route's name in routers/files): the one place this is said.
 * - a domain: `<domain>:read` for a query or subscription, `<domain>:write` for a mutation;
 * - `any`: every token may call it (who am I, the public ones; webhooks check each event's domain);
 * - `session`: never with a token, only from a signed-in session (sessions and tokens themselves,
 *   so a token cannot mint another, and the live.changes subscription of the web app; tokens follow
 *   the same changes on GET /api/stream, each topic by its domain, see topicScope).
 * A path missing here is refused to every token; the authorisation sweep lists such paths.
 */
export const procedureScopes: Record<string, ScopeDomain | 'any' | 'session'> = {
  system: 'any',
  me: 'any',
  shared: 'any',
  webhooks: 'any',
  // A person's own inbox and its settings, whatever domain each notice is about.
  notifications: 'any',
  notificationSettings: 'any',
  sessions: 'session',
  tokens: 'session',
  // People's accounts are managed from the app, signed in as an administrator.
  admin: 'session',
  invitations: 'any',
  live: 'session',
  trips: 'trips',
  events: 'trips',
  companions: 'trips',
  photos: 'trips',
  journal: 'trips',
  inspirations: 'trips',
  interests: 'trips',
  wishlist: 'trips',
  bookings: 'trips',
  calendarTrips: 'trips',
  // The forwarding address lets anyone who knows it add bookings: shown and renewed only in the app.
  inbound: 'session',
  places: 'trips',
  packing: 'trips',
  packingTemplates: 'trips',
  todos: 'trips',
  expenses: 'budget',
  balances: 'budget',
  budget: 'budget',
  tripRequests: 'proposals',
  clients: 'proposals',
  proposals: 'proposals',
  desk: 'proposals',
  concierge: 'concierge',
  documents: 'documents',
  family: 'family',
  availability: 'family',
  occasions: 'family',
  // The file routes (routers/files), not mounted on tRPC or REST.
  expensesCsv: 'budget',
  expenseStream: 'budget',
  journalStream: 'trips',
  photoFile: 'trips',
  photoThumbnail: 'trips',
  savePhotos: 'trips',
  previewBookingFiles: 'trips',
  // Everything a person keeps, documents included: only from the app, signed in.
  exportArchive: 'session',
  // The whole database: an administrator, signed in.
  backupFile: 'session',
};

/** The scope a token needs for `path`, `session` when no token may call it, or null when any may. */
export function requiredScope(path: string, type: 'query' | 'mutation' | 'subscription'): ApiScope | 'session' | null {
  const needs = procedureScopes[path.split('.')[0] ?? ''] ?? 'session';
  if (needs === 'any') return null;
  if (needs === 'session') return 'session';
  return `${needs}:${type === 'mutation' ? 'write' : 'read'}`;
}

/** Whether `scopes` grant `scope`: a domain's write scope includes reading it. */
export function grants(scopes: readonly string[], scope: ApiScope): boolean {
  return scopes.includes(scope) || (scope.endsWith(':read') && scopes.includes(scope.replace(/:read$/, ':write')));
}

/** What a 403 says to a token without the scope a call needs. */
export const missingScopeMessage = (scope: ApiScope | 'session') =>
  scope === 'session'
    ? 'API tokens cannot do this: sign in to the app to manage sessions, tokens and live updates'
    : `This API token lacks the ${scope} scope`;

/** Topic kinds of the live stream (GET /api/stream) by the domain of what they report. */
const topicDomains: Record<string, ScopeDomain> = {
  trips: 'trips',
  trip: 'trips',
  group: 'family',
  concierge: 'concierge',
  proposals: 'proposals',
};

/** The scope a token needs to follow a live topic, or null when any may (a person's own notices). */
export function topicScope(topic: string): ApiScope | null {
  const domain = topicDomains[topic.split(':')[0] ?? ''];
  return domain ? `${domain}:read` : null;
}

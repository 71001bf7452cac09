import { appRouter } from '../root';
import type { Meta, ProcedureAccess } from '../trpc';
import { type Document, httpMethods } from './types';

/** The document's tags, in the order a reference shows them, each with what it groups. */
export const tags = [
  { name: 'auth', description: 'Sign-up, sign-in, sign-out, passwords and two-factor sign-in (better-auth).' },
  { name: 'account', description: 'The signed-in user and their sessions.' },
  { name: 'trips', description: 'Trips, their events, companions, activity and local information.' },
  { name: 'sharing', description: 'Share links, calendar feeds and saved trips.' },
  { name: 'photos', description: "A trip's photos: upload, list, files and thumbnails." },
  { name: 'packing', description: 'Packing lists and their templates.' },
  { name: 'todos', description: "A trip's to-dos." },
  {
    name: 'budget',
    description:
      'Expenses, budgets, balances and exchange rates. Every amount is an integer in minor units of its currency (cents).',
  },
  { name: 'bookings', description: 'Booking confirmations read into events (and expenses).' },
  {
    name: 'planner',
    description: 'Trip requests (the planner form), availability windows and occasions. Budgets are whole US dollars.',
  },
  {
    name: 'proposals',
    description:
      'Trips agents propose to clients, their itinerary items and feedback. Budgets and costs are whole US dollars.',
  },
  { name: 'concierge', description: 'The concierge chat and service requests.' },
  { name: 'agents', description: "The travel team's views of every client: agents only." },
  { name: 'family', description: 'Family and friends groups, their members and the trips shared with them.' },
  { name: 'travels', description: 'The travel journal.' },
  { name: 'inspirations', description: 'Destination ideas and favourites.' },
  { name: 'interests', description: 'Interests, wishlist, food preferences and travel documents.' },
  { name: 'documents', description: 'Travel documents (passports, visas): numbers are shown only in part.' },
  { name: 'notifications', description: 'The inbox, notification settings and one-click e-mail unsubscribe.' },
  { name: 'webhooks', description: 'Signed webhook endpoints (Standard Webhooks), their deliveries and test events.' },
  { name: 'live', description: 'Live changes as server-sent events.' },
  { name: 'system', description: 'Health and the demo accounts.' },
];

const accessSentence: Record<ProcedureAccess, string> = {
  public: 'Public: no sign-in needed.',
  authed:
    'For any signed-in user (session cookie or API token); a row that is not theirs answers 404, exactly like a missing one.',
  agent: 'Travel agents (and administrators) only: a client is refused with 403.',
  admin: 'Administrators only: anyone else is refused with 403.',
};

/** `GET /trips` → the procedure's meta, for every procedure served over REST. */
function metaByOperation(): Map<string, Meta> {
  const procedures = Object.values(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>);
  return new Map(
    procedures
      .map((p) => p._def.meta)
      .filter((meta): meta is Meta & Required<Pick<Meta, 'openapi'>> => !!meta?.openapi)
      .map((meta) => [`${meta.openapi.method} ${meta.openapi.path}`, meta]),
  );
}

/**
 * Gives every operation a description: its own (meta.openapi.description) first, then who may call
 * it and what it honours, from the procedure's meta, so no operation goes without one.
 */
export function describeOperations(document: Document): void {
  const metas = metaByOperation();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of httpMethods) {
      const op = item?.[method];
      if (!op) continue;
      const meta = metas.get(`${method.toUpperCase()} ${path}`);
      const access = meta?.access ?? (Array.isArray(op.security) && op.security.length > 0 ? 'authed' : 'public');
      const sentences = [
        op.description ?? `${op.summary ?? ''}.`,
        accessSentence[access],
        ...(meta?.idempotency
          ? [
              'Send an Idempotency-Key to make it safe to send again: a repeat with the same key and body answers the first answer and stores nothing.',
            ]
          : []),
      ];
      op.description = sentences.join(' ').replace(/\.\.$/, '.');
    }
  }
}

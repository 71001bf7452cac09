import { z } from 'zod';

/** The parts of Naav a personal API token may be given access to, each read or write. */
export const scopeDomains = ['trips', 'budget', 'proposals', 'concierge', 'documents', 'family'] as const;
export type ScopeDomain = (typeof scopeDomains)[number];

/** Every scope: `<domain>:read` or `<domain>:write` (write implies read). */
export const apiScopes = scopeDomains.flatMap((d) => [`${d}:read`, `${d}:write`] as const);
export type ApiScope = `${ScopeDomain}:${'read' | 'write'}`;

/** What the form ticks to start with: reading everything but travel documents, which are never in a default set. */
export const defaultScopes: ApiScope[] = scopeDomains.filter((d) => d !== 'documents').map((d) => `${d}:read` as const);

/** What each domain covers, as the token form describes it. */
export const scopeDomainLabels: Record<ScopeDomain, string> = {
  trips: 'Trips, itineraries, packing, photos and the journal',
  budget: 'Budgets, expenses and balances',
  proposals: 'Proposals, trip requests and clients',
  concierge: 'Concierge conversations and requests',
  documents: 'Travel documents (passport and visa numbers)',
  family: 'Family groups, availability and occasions',
};

/** Every personal API token starts with this, so a leaked one is easy to recognise (and to scan for). */
export const tokenPrefix = 'naav_';

export const tokenNameInput = z.string().trim().min(1, 'Enter a name').max(80, 'At most 80 characters');

export const createTokenInput = z.object({
  name: tokenNameInput,
  scopes: z
    .array(z.enum(apiScopes as [ApiScope, ...ApiScope[]]))
    .min(1, 'Choose at least one scope')
    .max(apiScopes.length),
  /** When it stops working (ISO 8601 with offset); never when left out. */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type CreateTokenInput = z.infer<typeof createTokenInput>;

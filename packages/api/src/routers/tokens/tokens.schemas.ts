import { apiScopes, type ApiScope } from '@naav/schemas/tokens';
import { z } from 'zod';
import { doneSchema, id } from '../../lib/schemas';

export { createTokenInput } from '@naav/schemas/tokens';

const scope = z.enum(apiScopes as [ApiScope, ...ApiScope[]]);

/** One of my API tokens as the list shows it: never the token itself. */
export const apiTokenSchema = z.object({
  id,
  name: z.string(),
  /** The token's first characters (`naav_AbC1…`), so its owner can tell which one a script holds. */
  hint: z.string(),
  scopes: z.array(scope),
  /** When it stops working; null: never. */
  expiresAt: z.iso.datetime().nullable(),
  /** Written at most once a minute while it is used; null: never used. */
  lastUsedAt: z.iso.datetime().nullable(),
  /** The client address it was last used from. */
  lastUsedAddress: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** A new token: the only answer that carries the token itself. */
export const createdTokenSchema = apiTokenSchema.extend({
  /** `naav_` and 43 random characters; shown once, stored only as its SHA-256. */
  token: z.string(),
});

export const revokedTokenSchema = doneSchema('revoked');

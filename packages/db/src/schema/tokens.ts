import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { cascadeRef, timestampNow, uuidKey } from './columns';

/**
 * Personal API tokens: sent as `Authorization: Bearer naav_…`, they act as their owner narrowed
 * by their scopes. Only the SHA-256 of the token is kept; the token itself is shown once.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: uuidKey(),
    userId: cascadeRef(() => user.id),
    name: text().notNull(),
    /** Hex SHA-256 of the whole token (prefix included). */
    tokenHash: text().notNull().unique(),
    /** The first characters of the token, shown in the list so its owner can tell tokens apart. */
    hint: text().notNull(),
    /** JSON array of scopes (`trips:read`, …). */
    scopes: text({ mode: 'json' }).$type<string[]>().notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }),
    /** Written at most once a minute per token. */
    lastUsedAt: integer({ mode: 'timestamp_ms' }),
    lastUsedAddress: text(),
    createdAt: timestampNow(),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId, t.createdAt)],
);

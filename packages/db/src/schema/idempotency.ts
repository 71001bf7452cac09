import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { cascadeRef } from './columns';

/**
 * What a write sent with an `Idempotency-Key` header answered, per user, procedure
 * (`trips.addEvent`) and key, so that a replay of it (the client never got the answer, or
 * sent it again from its offline queue) answers the same without writing again.
 * `response` is null while the first call is still running; `fingerprint` is a hash of the
 * input, so the same key with another body is refused. Rows older than the keys' lifetime
 * (lib/idempotency.ts) are pruned.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: cascadeRef(() => user.id),
    /** The procedure's path, the same over tRPC and REST. */
    scope: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of the input as sent, hex. */
    fingerprint: text().notNull(),
    /** The answer, serialised with superjson; null while the first call runs. */
    response: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Attempt counters of the sign-in throttle, shared by every app server: one row per budget
 * and key (`sign-in:address:203.0.113.7`, `sign-in:account:ana@example.org`), counting
 * attempts in a fixed window that ends at `resetAt`.
 */
export const throttleCounters = sqliteTable(
  'throttle_counters',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  // Expired rows are pruned by resetAt.
  (t) => [index('throttle_counters_reset_at_idx').on(t.resetAt)],
);

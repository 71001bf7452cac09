import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The change feed every app server follows to push changes to the screens that show them
 * (packages/api/src/lib/live). One row per change, written in the same batch as the change
 * it reports, so a write that fails leaves no row and a row always names a committed change.
 * A row carries no data: a topic saying who may read it (`trip:<id>`, `concierge:<userId>`…),
 * the changed row's id and what happened; clients reload through their ordinary queries.
 * `position` only grows (AUTOINCREMENT never reuses a pruned one), so it is the stream's event id.
 */
export const changeFeed = sqliteTable(
  'change_feed',
  {
    position: integer().primaryKey({ autoIncrement: true }),
    topic: text().notNull(),
    rowId: text(),
    kind: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  // Pruning goes by age.
  (t) => [index('change_feed_created_at_idx').on(t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { trips } from './trips';

/**
 * The change feed every app server follows to push changes to the screens that show them
 * (packages/api/src/lib/live). One row per change, written in the same batch as the change
 * it reports, so a write that fails leaves no row and a row always names a committed change.
 * A row carries no data: a topic saying who may read it (`trip:<id>`, `concierge:<userId>`…),
 * the changed row's id and what happened; clients reload through their ordinary queries.
 * `position` only grows (AUTOINCREMENT never reuses a pruned one), so it is the stream's event id.
 * A row that is also a line of a trip's activity (someone did something to the trip) names the
 * trip, the actor, the action and what a summary is built from (`detail`, JSON): such rows are
 * kept as long as the trip exists and go with it (packages/api/src/lib/live/activity.ts).
 */
export const changeFeed = sqliteTable(
  'change_feed',
  {
    position: integer().primaryKey({ autoIncrement: true }),
    topic: text().notNull(),
    rowId: text(),
    kind: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    tripId: text().references(() => trips.id, { onDelete: 'cascade' }),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    action: text(),
    detail: text(),
  },
  // Pruning goes by age, for rows that are no trip's activity; a trip's activity is read newest first.
  (t) => [
    index('change_feed_created_at_idx').on(t.createdAt).where(sql`"tripId" IS NULL`),
    index('change_feed_trip_idx').on(t.tripId),
    index('change_feed_actor_idx').on(t.actorId),
  ],
);

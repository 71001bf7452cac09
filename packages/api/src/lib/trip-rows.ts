// A trip's own rows (packing items, to-dos): finding the trip a row belongs to by the caller's
// permissions on it, and changing or deleting a row with its line in the trip's change feed.
import type { Database } from '@naav/db';
import { trips } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Actor } from '../context';
import type { ActivityLine } from './live/activity';
import { type ChangeKind, feedInsert, topic } from './live/feed';
import { tripFeed } from './trip-notices';
import { checkTripAccess, tripAccessRank, type TripNeed } from './trip-access';

/** A table of rows each belonging to one trip. */
export type TripRowTable = SQLiteTable & { id: SQLiteColumn; tripId: SQLiteColumn };

/** The trip of row `id` the actor may read or change (by the trip's permissions); NOT_FOUND (`what`) when they may not see it. */
export async function tripOfRow(
  db: Database,
  actor: Actor,
  table: TripRowTable,
  id: string,
  need: TripNeed,
  what: string,
): Promise<string> {
  const [row] = await db
    .select({ rank: tripAccessRank(actor), tripId: table.tripId })
    .from(table)
    .innerJoin(trips, eq(trips.id, table.tripId))
    .where(eq(table.id, id));
  checkTripAccess(row?.rank, need, what);
  return row!.tripId as string;
}

/**
 * Writes the fields of `changes` that were sent (nothing when none were), with the trip's feed
 * row; `line` gives the activity line written with it, if any.
 */
export async function changeTripRow(
  db: Database,
  table: TripRowTable,
  id: string,
  tripId: string,
  kind: ChangeKind,
  changes: Record<string, unknown>,
  line: () => Promise<ActivityLine | undefined>,
  now = new Date(),
): Promise<void> {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length === 0) return;
  const activityLine = await line();
  await db.batch([
    db
      .update(table)
      .set(defined as never)
      .where(eq(table.id, id)),
    ...(activityLine
      ? tripFeed(db, topic.trip(tripId), id, kind, activityLine, now)
      : [feedInsert(db, topic.trip(tripId), id, kind)]),
  ]);
}

/** Deletes row `id` of the trip, with the trip's feed row. */
export async function removeTripRow(
  db: Database,
  table: TripRowTable,
  id: string,
  tripId: string,
  kind: ChangeKind,
): Promise<{ id: string; deleted: true }> {
  await db.batch([db.delete(table).where(eq(table.id, id)), feedInsert(db, topic.trip(tripId), id, kind)]);
  return { id, deleted: true };
}

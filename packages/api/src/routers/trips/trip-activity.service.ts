// A trip's story: the lines of the change feed that say who did what to it, newest first.
import type { Database } from '@naav/db';
import { changeFeed, user } from '@naav/db/schema';
import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Actor } from '../../context';
import { decodeCursor } from '../../lib/cursor';
import { newestByKey, pageByKey } from '../../lib/list-pages';
import { summarize } from '../../lib/live/activity';
import { checkTripAccess, tripAccessQuery } from '../../lib/trip-access';
import type { TripActivity, TripActivityInput } from './trip-activity.schemas';

const readCursor = (cursor: string) =>
  decodeCursor(cursor, ([position]) =>
    Number.isSafeInteger(position) && (position as number) > 0 ? (position as number) : null,
  );

/**
 * One page of the trip's activity for anyone who may see the trip (someone else's is NOT_FOUND
 * like a missing one), each line summarised as far as the reader's access lets them see it.
 * One round trip: the access check, the page and the people who acted, in one batch.
 */
export async function listTripActivity(db: Database, actor: Actor, input: TripActivityInput): Promise<TripActivity> {
  const conditions: SQL[] = [eq(changeFeed.tripId, input.id)];
  if (input.actorId) conditions.push(eq(changeFeed.actorId, input.actorId));
  const before = input.cursor === undefined ? undefined : readCursor(input.cursor);
  const [access, rows, actors] = await db.batch([
    tripAccessQuery(db, actor, input.id),
    newestByKey(
      db
        .select({
          position: changeFeed.position,
          actorId: changeFeed.actorId,
          actorName: user.name,
          action: changeFeed.action,
          detail: changeFeed.detail,
          at: changeFeed.createdAt,
        })
        .from(changeFeed)
        .leftJoin(user, eq(user.id, changeFeed.actorId))
        .$dynamic(),
      changeFeed.position,
      conditions,
      before,
      input.limit,
    ),
    db
      .selectDistinct({ id: user.id, name: user.name })
      .from(changeFeed)
      .innerJoin(user, eq(user.id, changeFeed.actorId))
      .where(and(eq(changeFeed.tripId, input.id), isNotNull(changeFeed.actorId)))
      .orderBy(asc(user.name)),
  ]);
  const readerAccess = checkTripAccess(access[0]?.rank, 'view');
  const { items, nextCursor } = pageByKey(rows, input.limit, (row) => row.position);
  return {
    items: items.map((row) => ({
      id: String(row.position),
      actorId: row.actorId,
      actorName: row.actorName ?? 'Someone',
      byYou: row.actorId === actor.id,
      action: row.action ?? 'changed',
      summary: summarize(row.action ?? '', row.detail, readerAccess),
      at: row.at,
    })),
    nextCursor,
    actors,
  };
}

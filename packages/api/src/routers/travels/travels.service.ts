import type { Database } from '@naav/db';
import { localDate } from '@naav/db';
import { travels, trips } from '@naav/db/schema';
import { and, desc, eq, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import { decodeCursor, encodeCursor, isIsoDate } from '../../lib/cursor';
import { findPlace } from '../../lib/places';
import type { CreateTravelInput, Travel, TravelPage, TravelPageInput } from './travels.schemas';

const travelColumns = {
  id: travels.id,
  tripId: travels.tripId,
  title: travels.title,
  location: travels.location,
  startDate: travels.startDate,
  endDate: travels.endDate,
  imageUrl: travels.imageUrl,
  description: travels.description,
  highlights: travels.highlights,
  tags: travels.tags,
  latitude: travels.latitude,
  longitude: travels.longitude,
};

const coordinates = (location: string) => {
  const place = findPlace(location);
  return { latitude: place?.latitude ?? null, longitude: place?.longitude ?? null };
};

/**
 * Trips that have ended and are not in the journal yet. A trip ends at the end of its last
 * day in its own zone; the day after its end date in UTC is a safe bound, then each trip is
 * checked.
 */
function endedTripsQuery(db: Database, actor: Actor, now: Date) {
  return db
    .select({
      id: trips.id,
      title: trips.title,
      location: trips.location,
      startDate: trips.startDate,
      endDate: trips.endDate,
      timeZone: trips.timeZone,
      imageUrl: trips.imageUrl,
      description: trips.description,
    })
    .from(trips)
    .where(
      and(
        eq(trips.ownerId, actor.id),
        isNull(trips.cancelledAt),
        lt(trips.endDate, localDate('Pacific/Kiritimati', now)),
        notExists(db.select({ id: travels.id }).from(travels).where(eq(travels.tripId, trips.id))),
      ),
    );
}

/** Most recent first: the start date, then id, both descending (the index's order, read backwards). */
const journalOrder = [desc(travels.startDate), desc(travels.id)];

/** The actor's journal, most recent first: after a cursor's entry and at most `limit` rows when given. */
const journalQuery = (db: Database, actor: Actor, { after, limit }: { after?: { startDate: string; id: string }; limit?: number } = {}) => {
  const mine = eq(travels.ownerId, actor.id);
  const query = db
    .select(travelColumns)
    .from(travels)
    .where(after ? and(mine, sql`(${travels.startDate}, ${travels.id}) < (${after.startDate}, ${after.id})`) : mine)
    .orderBy(...journalOrder);
  return limit === undefined ? query : query.limit(limit);
};

/**
 * Puts the actor's trips that have ended into the journal, in one batch with the journal
 * read it answers; when a trip joined, that is read again. One round trip, two more on the
 * day a trip joins the journal.
 */
async function withEndedTrips(db: Database, actor: Actor, now: Date, read: () => ReturnType<typeof journalQuery>): Promise<Travel[]> {
  const [ended, listed] = await db.batch([endedTripsQuery(db, actor, now), read()]);
  const rows = ended
    .filter((t) => t.endDate < localDate(t.timeZone, now))
    .map(({ id: tripId, timeZone: _zone, ...trip }) => ({ ...trip, tripId, ownerId: actor.id, ...coordinates(trip.location) }));
  if (rows.length === 0) return listed;
  // The unique index on tripId keeps a trip from entering the journal twice.
  await db.insert(travels).values(rows).onConflictDoNothing();
  return read();
}

/** The actor's travel journal, most recent first, including trips that have ended. */
export async function listHistory(db: Database, actor: Actor, now: Date): Promise<Travel[]> {
  return withEndedTrips(db, actor, now, () => journalQuery(db, actor));
}

/** The `count` most recent journal entries (home shows three), however long the journal is. */
export async function latestTravels(db: Database, actor: Actor, count: number, now: Date): Promise<Travel[]> {
  return withEndedTrips(db, actor, now, () => journalQuery(db, actor, { limit: count }));
}

/** An opaque cursor for the entries after `travel`. */
export const travelCursor = (travel: Pick<Travel, 'startDate' | 'id'>) => encodeCursor([travel.startDate, travel.id]);

/**
 * One page of the journal: at most `limit` entries after the cursor's, with the cursor of
 * the next page (null after the last). Each page is one indexed read at any depth.
 */
export async function travelPage(db: Database, actor: Actor, input: TravelPageInput, now: Date): Promise<TravelPage> {
  const after =
    input.cursor === undefined
      ? undefined
      : decodeCursor(input.cursor, ([startDate, id]) => (isIsoDate(startDate) && typeof id === 'string' ? { startDate, id } : null));
  // One row more than the page tells whether another follows.
  const rows = await withEndedTrips(db, actor, now, () => journalQuery(db, actor, { after, limit: input.limit + 1 }));
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > input.limit && last ? travelCursor(last) : null };
}

export async function getTravel(db: Database, actor: Actor, id: string): Promise<Travel> {
  const [row] = await db
    .select(travelColumns)
    .from(travels)
    .where(and(eq(travels.id, id), eq(travels.ownerId, actor.id)));
  if (!row) throw new NotFoundError('Travel');
  return row;
}

/** Adds a travel that was never planned here; the map pin comes from the bundled city list. */
export async function createTravel(db: Database, actor: Actor, input: CreateTravelInput): Promise<Travel> {
  const [row] = await db
    .insert(travels)
    .values({ ...input, ownerId: actor.id, ...coordinates(input.location) })
    .returning({ id: travels.id });
  if (!row) throw new Error('insert returned no row');
  return getTravel(db, actor, row.id);
}

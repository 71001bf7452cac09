import type { Database } from '@naav/db';
import { localDate } from '@naav/db';
import { travels, trips } from '@naav/db/schema';
import { and, desc, eq, isNull, lt, notExists } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import { findPlace } from '../../lib/places';
import type { CreateTravelInput, Travel } from './travels.schemas';

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

/**
 * The actor's travel journal, most recent first, including trips that have ended: one round
 * trip (the journal and any ended trip not in it yet, read together), two more on the day a
 * trip joins it.
 */
export async function listHistory(db: Database, actor: Actor, now: Date): Promise<Travel[]> {
  const journal = () => db.select(travelColumns).from(travels).where(eq(travels.ownerId, actor.id)).orderBy(desc(travels.startDate), desc(travels.id));
  const [ended, listed] = await db.batch([endedTripsQuery(db, actor, now), journal()]);
  const rows = ended
    .filter((t) => t.endDate < localDate(t.timeZone, now))
    .map(({ id: tripId, timeZone: _zone, ...trip }) => ({ ...trip, tripId, ownerId: actor.id, ...coordinates(trip.location) }));
  if (rows.length === 0) return listed;
  // The unique index on tripId keeps a trip from entering the journal twice.
  await db.insert(travels).values(rows).onConflictDoNothing();
  return journal();
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

import type { Database } from '@naav/db';
import { addDaysIso, todayIn } from '@naav/schemas/dates';
import { byStartInstant, isTodayWhereItHappens } from '@naav/schemas/zones';
import { companions, events, savedTrips, trips, user } from '@naav/db/schema';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Actor } from '../../context';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { localInfoFor } from '../../lib/destination-info';
import { timeZoneOf } from '../../lib/places';
import { checkTripAccess, sharedTripIdsSql, tripAccessRank, type ActorRef, type TripNeed } from '../../lib/trip-access';
import { activity } from '../../lib/live/activity';
import { feedInsert, feedSharedLists, topic, tripOwnerTopic } from '../../lib/live/feed';
import { tripFeed } from '../../lib/trip-notices';
import { tripWebhook } from '../../lib/webhook-outbox';
import type { Companion, CreateTripInput, Trip, TripEvent, UpdateTripInput } from './trips.schemas';
import { eventColumns, eventOrder } from './event-columns';
import { toTrip, tripColumns, type TripRow } from './trip-columns';

/**
 * The trip's columns with the actor's access to it (tripAccessRank) and its owner's display
 * name (only that of the owner's account: it says who shared the trip). Needs `user` joined
 * on the trip's owner (see withOwner).
 */
function tripColumnsFor(actor: ActorRef) {
  return { ...tripColumns, rank: tripAccessRank(actor), ownerName: user.name };
}

/** The trips the actor may see: their own and those shared with a group they own or belong to. */
function visibleTrips(actor: ActorRef): SQL {
  return or(eq(trips.ownerId, actor.id), sql`${trips.id} IN (${sharedTripIdsSql(actor)})`)!;
}

const ownerJoin = eq(user.id, trips.ownerId);

/** The actor's own trips and those shared with them through a family group, by start date. */
export async function listTrips(db: Database, actor: Actor, now: Date): Promise<Trip[]> {
  const rows = await db
    .select(tripColumnsFor(actor))
    .from(trips)
    .innerJoin(user, ownerJoin)
    .where(visibleTrips(actor))
    .orderBy(asc(trips.startDate), asc(trips.title));
  return rows.map((r) => toTrip(r, now));
}

/**
 * The candidates for "current": the home page asks on every visit, so the query is built
 * once per database and only its parameters change (building it took a tenth of the
 * request's CPU). Time zones span about a day either side of UTC: narrow in SQL, decide per trip.
 */
const currentTripCandidates = new WeakMap<Database, ReturnType<typeof prepareCurrentTripCandidates>>();

function prepareCurrentTripCandidates(db: Database) {
  const actor = { id: sql.placeholder('actorId') };
  return db
    .select(tripColumnsFor(actor))
    .from(trips)
    .innerJoin(user, ownerJoin)
    .where(
      and(
        visibleTrips(actor),
        isNull(trips.cancelledAt),
        lte(trips.startDate, sql.placeholder('latestStart')),
        gte(trips.endDate, sql.placeholder('earliestEnd')),
      ),
    )
    .orderBy(asc(trips.startDate), asc(trips.id))
    .prepare();
}

/**
 * The trip under way today (in its own time zone) among the actor's own and those shared with
 * them: their own first, then earliest start first.
 */
export async function getCurrentTrip(db: Database, actor: Actor, now: Date): Promise<Trip> {
  const query = builtOnce(currentTripCandidates, db, prepareCurrentTripCandidates);
  const utcToday = todayIn('UTC', now);
  const candidates = await query.all({
    actorId: actor.id,
    latestStart: addDaysIso(utcToday, 1),
    earliestEnd: addDaysIso(utcToday, -1),
  });
  const current = currentOf(candidates.map((r) => toTrip(r, now)));
  if (!current) throw new NotFoundError('Current trip');
  return current;
}

/** Of trips by start date, the one under way: one's own before one shared with one. */
function currentOf(candidates: Trip[]): Trip | undefined {
  const underWay = candidates.filter((t) => t.status === 'current');
  return underWay.find((t) => t.access === 'owner') ?? underWay[0];
}

/**
 * One trip, if the actor may do what `need` asks with it: its owner anything, a member of a
 * group it is shared with what their permission allows (see tripAccess); owner-only by default.
 */
export async function getTrip(
  db: Database,
  actor: Actor,
  id: string,
  now: Date,
  need: TripNeed = 'owner',
): Promise<Trip> {
  const [row] = await preparedTripById(db).all({ actorId: actor.id, id });
  return tripFrom(row, need, now);
}

/** tripQuery, built once per database like the current trip's: most trip routes read their trip first. */
const tripById = new WeakMap<Database, ReturnType<typeof prepareTripById>>();
/** tripQuery prepared once for `db`, its placeholders `actorId` and `id`; see tripFrom. */
export const preparedTripById = (db: Database) => builtOnce(tripById, db, prepareTripById);
const prepareTripById = (db: Database) =>
  tripQuery(
    db,
    { id: sql.placeholder('actorId') } as unknown as Actor,
    sql.placeholder('id') as unknown as string,
  ).prepare();

export function builtOnce<T>(cache: WeakMap<Database, T>, db: Database, build: (db: Database) => T): T {
  const built = cache.get(db) ?? build(db);
  cache.set(db, built);
  return built;
}

/** The trip with the actor's access to it (tripAccessRank), in one query; see tripFrom. */
function tripQuery(db: Database, actor: ActorRef, id: string | Placeholder) {
  return db.select(tripColumnsFor(actor)).from(trips).innerJoin(user, ownerJoin).where(eq(trips.id, id));
}

/** The trip a tripQuery read, if the actor may do what `need` asks with it. */
export function tripFrom(row: TripRow | undefined, need: TripNeed, now: Date): Trip {
  checkTripAccess(row?.rank, need);
  return toTrip(row!, now);
}

/**
 * Rows of a table under a trip (events, companions, photos…), in the same round trip as the
 * trip and the actor's access to it: NOT_FOUND (or FORBIDDEN) before any row is shown.
 */
async function withTrip<U extends BatchItem<'sqlite'>>(
  db: Database,
  actor: Actor,
  tripId: string,
  need: TripNeed,
  now: Date,
  rows: U,
) {
  const [tripRows, found] = await db.batch([tripQuery(db, actor, tripId), rows]);
  return { trip: tripFrom(tripRows[0], need, now), rows: found };
}

export async function listTripEvents(db: Database, actor: Actor, tripId: string, now: Date): Promise<TripEvent[]> {
  const { rows } = await withTrip(
    db,
    actor,
    tripId,
    'view',
    now,
    db
      .select(eventColumns)
      .from(events)
      .where(eq(events.tripId, tripId))
      .orderBy(...eventOrder),
  );
  return rows;
}

/**
 * Today's events of the current trip (getCurrentTrip's choice), by start time (events without a time last): one round
 * trip, the candidate trips and their events of the days around today read together.
 */
export async function listTodaysEvents(db: Database, actor: Actor, now: Date): Promise<TripEvent[]> {
  const utcToday = todayIn('UTC', now);
  const [earliest, latest] = [addDaysIso(utcToday, -1), addDaysIso(utcToday, 1)];
  const around = and(
    visibleTrips(actor),
    isNull(trips.cancelledAt),
    lte(trips.startDate, latest),
    gte(trips.endDate, earliest),
  );
  const candidateIds = db.select({ id: trips.id }).from(trips).where(around);
  const [candidates, nearby] = await db.batch([
    db
      .select(tripColumnsFor(actor))
      .from(trips)
      .innerJoin(user, ownerJoin)
      .where(around)
      .orderBy(asc(trips.startDate), asc(trips.id)),
    db
      .select(eventColumns)
      .from(events)
      .where(and(inArray(events.tripId, candidateIds), gte(events.date, earliest), lte(events.date, latest)))
      .orderBy(...eventOrder),
  ]);
  const trip = currentOf(candidates.map((r) => toTrip(r, now)));
  if (!trip) throw new NotFoundError('Current trip');
  // Each event's day is read on its own clocks: a flight from Lisbon is "today" when it is today in Lisbon.
  return nearby.filter((e) => e.tripId === trip.id && isTodayWhereItHappens(e, now)).sort(byStartInstant);
}

export async function listCompanions(db: Database, actor: Actor, tripId: string, now: Date): Promise<Companion[]> {
  const { rows } = await withTrip(
    db,
    actor,
    tripId,
    'view',
    now,
    db
      .select({
        id: companions.id,
        name: companions.name,
        relationship: companions.relationship,
        imageUrl: companions.imageUrl,
      })
      .from(companions)
      .where(eq(companions.tripId, tripId))
      .orderBy(asc(companions.createdAt), asc(companions.name)),
  );
  return rows;
}

/** A new trip owned by the actor; without a zone it gets its city's (UTC when the city is unknown). */
export async function createTrip(db: Database, actor: Actor, input: CreateTripInput, now: Date): Promise<Trip> {
  const timeZone = input.timeZone ?? timeZoneOf(input.location) ?? timeZoneOf(input.destination) ?? 'UTC';
  const id = crypto.randomUUID();
  const [[row]] = await db.batch([
    db
      .insert(trips)
      .values({ ...input, id, timeZone, ownerId: actor.id })
      .returning({ id: trips.id }),
    feedInsert(db, topic.trips(actor.id), id, 'created'),
    tripWebhook(db, id, 'trip.created', { ...input, timeZone }, now),
  ]);
  if (!row) throw new Error('insert returned no row');
  return getTrip(db, actor, row.id, now);
}

/** The trip's fields an edit changed, in the words the trip page uses (start and end read as one: its dates). */
function changedFields(defined: Record<string, unknown>): string[] {
  const words: Record<string, string> = {
    startDate: 'dates',
    endDate: 'dates',
    timeZone: 'time zone',
    baseCurrency: 'currency',
    budgetTotal: 'budget',
    imageUrl: 'picture',
  };
  return [...new Set(Object.keys(defined).map((key) => words[key] ?? key))];
}

/** Changes the given fields; the dates must still be in order once merged with the stored ones. */
export async function updateTrip(db: Database, actor: Actor, input: UpdateTripInput, now: Date): Promise<Trip> {
  const { id: tripId, ...changes } = input;
  const current = await getTrip(db, actor, tripId, now, 'edit');
  const startDate = changes.startDate ?? current.startDate;
  const endDate = changes.endDate ?? current.endDate;
  if (endDate < startDate) {
    throw new ValidationError(
      changes.endDate ? 'endDate' : 'startDate',
      'The end date cannot be before the start date',
    );
  }
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  // Events in the trip's zone follow it to the new one, keeping their local times; events with a
  // zone of their own keep it, and so does a journey between two zones (its departure is a place).
  const newZone = changes.timeZone && changes.timeZone !== current.timeZone ? changes.timeZone : null;
  const zoneMoves = newZone
    ? [
        db
          .update(events)
          .set({ timeZone: newZone })
          .where(and(eq(events.tripId, tripId), eq(events.timeZone, current.timeZone), isNull(events.endTimeZone))),
      ]
    : [];
  if (Object.keys(defined).length > 0) {
    await db.batch([
      db
        .update(trips)
        .set({ ...defined, updatedAt: now })
        .where(eq(trips.id, tripId)),
      ...zoneMoves,
      ...tripFeed(
        db,
        topic.trip(tripId),
        tripId,
        'details',
        activity(actor.id, tripId, 'details.changed', { fields: changedFields(defined) }),
        now,
      ),
      feedInsert(db, tripOwnerTopic(tripId), tripId, 'updated'),
      feedSharedLists(db, tripId, 'updated'),
      tripWebhook(db, tripId, 'trip.updated', { changes: defined }, now),
    ]);
  }
  return getTrip(db, actor, tripId, now, 'edit');
}

/** Cancels a current or upcoming trip; it then no longer counts as current. */
export async function cancelTrip(db: Database, actor: Actor, tripId: string, now: Date): Promise<Trip> {
  const trip = await getTrip(db, actor, tripId, now);
  if (trip.status === 'cancelled') throw new ConflictError('This trip is already cancelled');
  if (trip.status === 'past') throw new ConflictError('A trip that has ended cannot be cancelled');
  await db.batch([
    db
      .update(trips)
      .set({ cancelledAt: now, updatedAt: now })
      .where(and(eq(trips.id, tripId), eq(trips.ownerId, actor.id))),
    ...tripFeed(db, topic.trip(tripId), tripId, 'details', activity(actor.id, tripId, 'trip.cancelled', {}), now),
    feedInsert(db, topic.trips(actor.id), tripId, 'updated'),
    feedSharedLists(db, tripId, 'updated'),
    tripWebhook(db, tripId, 'trip.cancelled', { cancelledAt: now.toISOString() }, now),
  ]);
  return getTrip(db, actor, tripId, now);
}

/** The trips the actor bookmarked with Save, newest first. */
export async function listSavedTrips(db: Database, actor: Actor): Promise<{ tripId: string }[]> {
  return db
    .select({ tripId: savedTrips.tripId })
    .from(savedTrips)
    .where(eq(savedTrips.userId, actor.id))
    .orderBy(sql`${savedTrips.createdAt} desc`);
}

/** Save (true) or un-save (false) a trip the actor can see; idempotent either way. */
export async function setSaved(db: Database, actor: Actor, tripId: string, saved: boolean, now: Date) {
  await getTrip(db, actor, tripId, now);
  if (saved) {
    await db.insert(savedTrips).values({ userId: actor.id, tripId, createdAt: now }).onConflictDoNothing();
  } else {
    await db.delete(savedTrips).where(and(eq(savedTrips.userId, actor.id), eq(savedTrips.tripId, tripId)));
  }
  return { tripId, saved };
}

/** What a traveller needs on the ground: emergency number, money, clock and the month's typical weather. */
export async function getLocalInfo(db: Database, actor: Actor, tripId: string, date: string | undefined, now: Date) {
  const trip = await getTrip(db, actor, tripId, now, 'view');
  return localInfoFor(trip, date ?? todayIn(trip.timeZone, now), now);
}

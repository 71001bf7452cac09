import type { Database } from '@naav/db';
import { events, trips } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../context';
import { activity } from '../../lib/live/activity';
import { topic } from '../../lib/live/feed';
import { tripFeed } from '../../lib/trip-notices';
import { tripWebhook } from '../../lib/webhook-outbox';
import { NotFoundError, ValidationError } from '../../errors';
import { checkTripAccess, tripAccessRank, type TripNeed } from '../../lib/trip-access';
import { addDaysIso, daysBetween } from '@naav/schemas/dates';
import { endsBeforeStart, type LocalSpan } from '@naav/schemas/zones';
import { eventColumns } from '../trips/event-columns';
import { getTrip } from '../trips/trips.service';
import type { TripEvent } from '../trips/trips.schemas';
import type { CreateEventInput, UpdateEventInput } from './events.schemas';

function assertWithinTrip(trip: { startDate: string; endDate: string }, date: string) {
  if (date < trip.startDate || date > trip.endDate) {
    throw new ValidationError('date', `Choose a day between ${trip.startDate} and ${trip.endDate}`);
  }
}

/** The event with its trip's dates and the actor's access to the trip, in one query. */
function eventQuery(db: Database, actor: Actor, id: string) {
  return db
    .select({
      ...eventColumns,
      tripStartDate: trips.startDate,
      tripEndDate: trips.endDate,
      tripTimeZone: trips.timeZone,
      rank: tripAccessRank(actor),
    })
    .from(events)
    .innerJoin(trips, eq(trips.id, events.tripId))
    .where(eq(events.id, id));
}

/**
 * An event of a trip the actor may `need` (its owner, or a group member with that
 * permission), with its trip's dates. Someone who cannot see the trip learns nothing about
 * its events either: NOT_FOUND, as for a missing event.
 */
async function accessibleEvent(db: Database, actor: Actor, id: string, need: TripNeed) {
  const [row] = await eventQuery(db, actor, id);
  checkTripAccess(row?.rank, need, 'Event');
  const { tripStartDate, tripEndDate, tripTimeZone, rank: _rank, ...event } = row!;
  return { event, trip: { startDate: tripStartDate, endDate: tripEndDate, timeZone: tripTimeZone } };
}

/** The end, each time in its own zone, may not come before the start: refused naming the field that was sent. */
function assertEndNotBeforeStart(span: LocalSpan, changed: Partial<LocalSpan> = span) {
  if (!endsBeforeStart(span)) return;
  if (span.startTime && span.endTime) {
    const field =
      changed.endTime !== undefined || changed.endDate !== undefined || changed.endTimeZone !== undefined
        ? 'endTime'
        : 'startTime';
    throw new ValidationError(field, 'The end time cannot be before the start time');
  }
  throw new ValidationError('endDate', 'The end date cannot be before the start date');
}

/** A zone left out (or null) is the trip's; an end zone equal to the start's is stored as none. */
function zonesOf(timeZone: string, endTimeZone: string | null | undefined) {
  return { timeZone, endTimeZone: endTimeZone && endTimeZone !== timeZone ? endTimeZone : null };
}

/** An edit as the trip's activity tells it: a move (with from and to) when its day or start time changed. */
function eventChange(actor: Actor, before: TripEvent, after: Pick<TripEvent, 'title' | 'date' | 'startTime'>) {
  const startTime = after.startTime ?? null;
  if (after.date !== before.date || startTime !== (before.startTime ?? null)) {
    return activity(actor.id, before.tripId, 'event.moved', {
      title: after.title,
      from: { date: before.date, time: before.startTime ?? null },
      to: { date: after.date, time: startTime },
    });
  }
  return activity(actor.id, before.tripId, 'event.changed', { title: after.title });
}

export async function createEvent(db: Database, actor: Actor, input: CreateEventInput, now: Date): Promise<TripEvent> {
  const { id: tripId, ...fields } = input;
  const trip = await getTrip(db, actor, tripId, now, 'edit');
  assertWithinTrip(trip, fields.date);
  const zones = zonesOf(fields.timeZone ?? trip.timeZone, fields.endTimeZone);
  const endDate = fields.endDate && fields.endDate !== fields.date ? fields.endDate : null;
  assertEndNotBeforeStart({ ...fields, ...zones, endDate });
  const id = crypto.randomUUID();
  const [[row]] = await db.batch([
    db
      .insert(events)
      .values({
        ...fields,
        ...zones,
        endDate,
        id,
        startTime: fields.startTime ?? null,
        endTime: fields.endTime ?? null,
        tripId,
      })
      .returning(eventColumns),
    ...tripFeed(
      db,
      topic.trip(tripId),
      id,
      'event',
      activity(actor.id, tripId, 'event.added', {
        title: fields.title,
        date: fields.date,
        time: fields.startTime ?? null,
      }),
      now,
    ),
    tripWebhook(db, tripId, 'event.created', { eventId: id, ...fields, ...zones, endDate }, now),
  ]);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Two round trips: the event with its trip and the access check, then the change and the changed row. */
export async function updateEvent(
  db: Database,
  actor: Actor,
  input: UpdateEventInput,
  now = new Date(),
): Promise<TripEvent> {
  const { id, ...changes } = input;
  const { event: current, trip } = await accessibleEvent(db, actor, id, 'edit');
  if (changes.date) assertWithinTrip(trip, changes.date);
  const pick = <K extends keyof typeof current>(key: K) =>
    key in changes && (changes as Record<string, unknown>)[key] !== undefined
      ? (changes as Record<K, (typeof current)[K]>)[key]
      : current[key];
  const date = changes.date ?? current.date;
  // Moving an event to another day keeps its length: an overnight end moves with it.
  const movedEnd =
    changes.endDate === undefined && current.endDate && changes.date
      ? addDaysIso(current.endDate, daysBetween(current.date, changes.date))
      : undefined;
  const endDate = movedEnd ?? pick('endDate');
  // An end without a zone of its own is in the start's, and follows it when the start moves.
  const zones = zonesOf(
    changes.timeZone === null ? trip.timeZone : (changes.timeZone ?? current.timeZone),
    changes.endTimeZone === undefined ? current.endTimeZone : changes.endTimeZone,
  );
  const merged = {
    date,
    startTime: pick('startTime'),
    endTime: pick('endTime'),
    endDate: endDate && endDate !== date ? endDate : null,
    ...zones,
  };
  assertEndNotBeforeStart(merged, changes);
  const defined = {
    ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
    ...(changes.timeZone !== undefined || changes.endTimeZone !== undefined ? zones : {}),
    ...(changes.date !== undefined || changes.endDate !== undefined ? { endDate: merged.endDate } : {}),
  };
  if (Object.keys(defined).length === 0) return current;
  const [[changed]] = await db.batch([
    db.update(events).set(defined).where(eq(events.id, id)).returning(eventColumns),
    ...tripFeed(
      db,
      topic.trip(current.tripId),
      id,
      'event',
      eventChange(actor, current, { title: pick('title'), date, startTime: pick('startTime') }),
      now,
    ),
    tripWebhook(db, current.tripId, 'event.updated', { eventId: id, changes: defined }),
  ]);
  // Deleted in between: as if it had never been there.
  if (!changed) throw new NotFoundError('Event');
  return changed;
}

export async function deleteEvent(
  db: Database,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<{ id: string; deleted: true }> {
  const { event } = await accessibleEvent(db, actor, id, 'edit');
  await db.batch([
    db.delete(events).where(eq(events.id, id)),
    ...tripFeed(
      db,
      topic.trip(event.tripId),
      id,
      'event',
      activity(actor.id, event.tripId, 'event.deleted', { title: event.title }),
      now,
    ),
    tripWebhook(db, event.tripId, 'event.deleted', { eventId: id, title: event.title, date: event.date }),
  ]);
  return { id, deleted: true };
}

import type { Database } from '@naav/db';
import { events, trips } from '@naav/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError, ValidationError } from '../../errors';
import { eventColumns, getTrip } from '../trips/trips.service';
import type { TripEvent } from '../trips/trips.schemas';
import type { CreateEventInput, UpdateEventInput } from './events.schemas';

/** Events of trips the actor owns: the ownership condition lives in the query. */
const ownedBy = (db: Database, actor: Actor) =>
  inArray(events.tripId, db.select({ id: trips.id }).from(trips).where(eq(trips.ownerId, actor.id)));

function assertWithinTrip(trip: { startDate: string; endDate: string }, date: string) {
  if (date < trip.startDate || date > trip.endDate) {
    throw new ValidationError('date', `Choose a day between ${trip.startDate} and ${trip.endDate}`);
  }
}

export async function getEvent(db: Database, actor: Actor, id: string): Promise<TripEvent> {
  const [row] = await db.select(eventColumns).from(events).where(and(eq(events.id, id), ownedBy(db, actor)));
  if (!row) throw new NotFoundError('Event');
  return row;
}

export async function createEvent(db: Database, actor: Actor, input: CreateEventInput, now: Date): Promise<TripEvent> {
  const { id: tripId, ...fields } = input;
  const trip = await getTrip(db, actor, tripId, now);
  assertWithinTrip(trip, fields.date);
  const [row] = await db
    .insert(events)
    .values({ ...fields, startTime: fields.startTime ?? null, endTime: fields.endTime ?? null, tripId })
    .returning({ id: events.id });
  if (!row) throw new Error('insert returned no row');
  return getEvent(db, actor, row.id);
}

export async function updateEvent(db: Database, actor: Actor, input: UpdateEventInput, now: Date): Promise<TripEvent> {
  const { id, ...changes } = input;
  const current = await getEvent(db, actor, id);
  if (changes.date) assertWithinTrip(await getTrip(db, actor, current.tripId, now), changes.date);
  const startTime = changes.startTime === undefined ? current.startTime : changes.startTime;
  const endTime = changes.endTime === undefined ? current.endTime : changes.endTime;
  if (startTime && endTime && endTime < startTime) {
    throw new ValidationError(changes.endTime ? 'endTime' : 'startTime', 'The end time cannot be before the start time');
  }
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length > 0) {
    await db.update(events).set(defined).where(and(eq(events.id, id), ownedBy(db, actor)));
  }
  return getEvent(db, actor, id);
}

export async function deleteEvent(db: Database, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  const deleted = await db.delete(events).where(and(eq(events.id, id), ownedBy(db, actor))).returning({ id: events.id });
  if (deleted.length === 0) throw new NotFoundError('Event');
  return { id, deleted: true };
}

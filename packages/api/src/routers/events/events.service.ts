import type { Database } from '@naav/db';
import { events } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError, ValidationError } from '../../errors';
import { tripAccess, type TripNeed } from '../../lib/trip-access';
import { eventColumns, getTrip } from '../trips/trips.service';
import type { TripEvent } from '../trips/trips.schemas';
import type { CreateEventInput, UpdateEventInput } from './events.schemas';


function assertWithinTrip(trip: { startDate: string; endDate: string }, date: string) {
  if (date < trip.startDate || date > trip.endDate) {
    throw new ValidationError('date', `Choose a day between ${trip.startDate} and ${trip.endDate}`);
  }
}

/** An event of a trip the actor may `need` (its owner, or a group member with that permission). */
export async function getEvent(db: Database, actor: Actor, id: string, need: TripNeed = 'view'): Promise<TripEvent> {
  const [row] = await db.select(eventColumns).from(events).where(eq(events.id, id));
  if (!row) throw new NotFoundError('Event');
  try {
    await tripAccess(db, actor, row.tripId, need);
  } catch (error) {
    // Someone who cannot see the trip learns nothing about its events either.
    if (error instanceof NotFoundError) throw new NotFoundError('Event');
    throw error;
  }
  return row;
}

export async function createEvent(db: Database, actor: Actor, input: CreateEventInput, now: Date): Promise<TripEvent> {
  const { id: tripId, ...fields } = input;
  const trip = await getTrip(db, actor, tripId, now, 'edit');
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
  const current = await getEvent(db, actor, id, 'edit');
  if (changes.date) assertWithinTrip(await getTrip(db, actor, current.tripId, now, 'edit'), changes.date);
  const startTime = changes.startTime === undefined ? current.startTime : changes.startTime;
  const endTime = changes.endTime === undefined ? current.endTime : changes.endTime;
  if (startTime && endTime && endTime < startTime) {
    throw new ValidationError(changes.endTime ? 'endTime' : 'startTime', 'The end time cannot be before the start time');
  }
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length > 0) {
    await db.update(events).set(defined).where(eq(events.id, id));
  }
  return getEvent(db, actor, id);
}

export async function deleteEvent(db: Database, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  await getEvent(db, actor, id, 'edit');
  await db.delete(events).where(eq(events.id, id));
  return { id, deleted: true };
}

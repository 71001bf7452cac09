import { allPrepared, type Database } from '@naav/db';
import { events } from '@naav/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { eventColumns, eventOrder } from './event-columns';
import type { DayPlan } from './trips.schemas';
import { builtOnce, preparedTripById, tripFrom } from './trips.service';

/** A trip's events in plan order, prepared once per database; its placeholder is the trip's `id`. */
const eventsByTrip = new WeakMap<Database, ReturnType<typeof prepareEvents>>();
const prepareEvents = (db: Database) =>
  db
    .select(eventColumns)
    .from(events)
    .where(eq(events.tripId, sql.placeholder('id')))
    .orderBy(...eventOrder)
    .prepare();

/**
 * The trip page's day plan: the trip with the reader's access to it and its events, read in one
 * round trip through statements built once. NOT_FOUND for a trip the actor may not see, as for a
 * missing one, before any event is shown.
 */
export async function getDayPlan(db: Database, actor: Actor, tripId: string, now: Date): Promise<DayPlan> {
  const [[row], found] = await allPrepared(db, [
    [preparedTripById(db), { actorId: actor.id, id: tripId }],
    [builtOnce(eventsByTrip, db, prepareEvents), { id: tripId }],
  ]);
  return { trip: tripFrom(row, 'view', now), events: found };
}

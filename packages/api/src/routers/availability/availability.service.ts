import type { Database } from '@naav/db';
import { todayIn } from '@naav/schemas/dates';
import { availability } from '@naav/db/schema';
import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../../context';
import { ValidationError } from '../../errors';
import type { Availability, CreateAvailabilityInput } from './availability.schemas';
import { deleteOwned } from '../../lib/owned';

export const availabilityColumns = {
  id: availability.id,
  userId: availability.userId,
  startDate: availability.startDate,
  endDate: availability.endDate,
  isFlexible: availability.isFlexible,
  flexibilityDays: availability.flexibilityDays,
  preferredDuration: availability.preferredDuration,
  priority: availability.priority,
  status: availability.status,
  notes: availability.notes,
  createdAt: availability.createdAt,
  updatedAt: availability.updatedAt,
};

type Row = Omit<Availability, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

export const toAvailability = (row: Row): Availability => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The actor's windows, earliest first. */
export async function listAvailability(db: Database, actor: Actor): Promise<Availability[]> {
  const rows = await db
    .select(availabilityColumns)
    .from(availability)
    .where(eq(availability.userId, actor.id))
    .orderBy(asc(availability.startDate), asc(availability.endDate), asc(availability.id));
  return rows.map(toAvailability);
}

/**
 * The earliest "today" on Earth (UTC−12): a window ending on the traveller's today is never
 * refused, wherever they are.
 */
const earliestToday = (now: Date) => todayIn('Etc/GMT+12', now);

/** Adds a window for the actor; a userId in the input is ignored. A window already over is refused. */
export async function createAvailability(
  db: Database,
  actor: Actor,
  input: CreateAvailabilityInput,
  now: Date,
): Promise<Availability> {
  if (input.endDate < earliestToday(now))
    throw new ValidationError('endDate', 'This window has already ended: choose dates from today on');
  const [row] = await db
    .insert(availability)
    .values({ ...input, userId: actor.id, createdAt: now, updatedAt: now })
    .returning(availabilityColumns);
  if (!row) throw new Error('insert returned no row');
  return toAvailability(row);
}

/** Deletes one of the actor's windows; someone else's is NOT_FOUND like a missing one. */
export async function deleteAvailability(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ id: string; deleted: true }> {
  return deleteOwned(db, availability, actor, id, 'Availability');
}

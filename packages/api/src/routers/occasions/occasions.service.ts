import type { Database } from '@naav/db';
import { occasions } from '@naav/db/schema';
import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../../context';
import { nextOccurrence } from './occasion-dates';
import type { CreateOccasionInput, Occasion } from './occasions.schemas';
import { deleteOwned } from '../../lib/owned';

export const occasionColumns = {
  id: occasions.id,
  userId: occasions.userId,
  title: occasions.title,
  description: occasions.description,
  date: occasions.date,
  occasionType: occasions.occasionType,
  isRecurring: occasions.isRecurring,
  participants: occasions.participants,
  importance: occasions.importance,
  celebrated: occasions.celebrated,
  createdAt: occasions.createdAt,
  updatedAt: occasions.updatedAt,
};

type Row = Omit<Occasion, 'createdAt' | 'updatedAt' | 'nextDate' | 'participants'> & {
  participants: string[] | null;
  createdAt: Date;
  updatedAt: Date;
};

export const toOccasion = (row: Row, today: string): Occasion => ({
  ...row,
  participants: row.participants ?? [],
  nextDate: nextOccurrence(row, today),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/** The actor's occasions by date. */
export async function listOccasions(db: Database, actor: Actor, now: Date): Promise<Occasion[]> {
  const rows = await db
    .select(occasionColumns)
    .from(occasions)
    .where(eq(occasions.userId, actor.id))
    .orderBy(asc(occasions.date), asc(occasions.id));
  return rows.map((row) => toOccasion(row, isoDay(now)));
}

/** Adds an occasion for the actor: never celebrated yet; a userId in the input is ignored. */
export async function createOccasion(
  db: Database,
  actor: Actor,
  input: CreateOccasionInput,
  now: Date,
): Promise<Occasion> {
  const { celebrated: _notYet, ...fields } = input;
  const [row] = await db
    .insert(occasions)
    .values({ ...fields, celebrated: false, userId: actor.id, createdAt: now, updatedAt: now })
    .returning(occasionColumns);
  if (!row) throw new Error('insert returned no row');
  return toOccasion(row, isoDay(now));
}

/** Deletes one of the actor's occasions; someone else's is NOT_FOUND like a missing one. */
export async function deleteOccasion(db: Database, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  return deleteOwned(db, occasions, actor, id, 'Occasion');
}

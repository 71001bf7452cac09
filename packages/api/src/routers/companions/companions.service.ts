import type { Database } from '@naav/db';
import { companions, trips } from '@naav/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import { getTrip } from '../trips/trips.service';
import type { Companion } from '../trips/trips.schemas';
import type { CreateCompanionInput } from './companions.schemas';

export async function addCompanion(db: Database, actor: Actor, input: CreateCompanionInput, now: Date): Promise<Companion> {
  const { id: tripId, ...fields } = input;
  await getTrip(db, actor, tripId, now);
  const [row] = await db
    .insert(companions)
    .values({ ...fields, tripId })
    .returning({ id: companions.id, name: companions.name, relationship: companions.relationship, imageUrl: companions.imageUrl });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function removeCompanion(db: Database, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  const owned = inArray(companions.tripId, db.select({ id: trips.id }).from(trips).where(eq(trips.ownerId, actor.id)));
  const deleted = await db.delete(companions).where(and(eq(companions.id, id), owned)).returning({ id: companions.id });
  if (deleted.length === 0) throw new NotFoundError('Companion');
  return { id, deleted: true };
}

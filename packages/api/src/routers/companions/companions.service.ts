import type { Database } from '@naav/db';
import { companions, trips } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../context';
import { feedInsert, topic } from '../../lib/live/feed';
import { checkTripAccess, tripAccessRank } from '../../lib/trip-access';
import { getTrip } from '../trips/trips.service';
import type { Companion } from '../trips/trips.schemas';
import type { CreateCompanionInput } from './companions.schemas';

export async function addCompanion(db: Database, actor: Actor, input: CreateCompanionInput, now: Date): Promise<Companion> {
  const { id: tripId, ...fields } = input;
  // Companions are part of the trip's details: changing them needs edit permission.
  await getTrip(db, actor, tripId, now, 'edit');
  const id = crypto.randomUUID();
  const [[row]] = await db.batch([
    db
      .insert(companions)
      .values({ ...fields, id, tripId })
      .returning({ id: companions.id, name: companions.name, relationship: companions.relationship, imageUrl: companions.imageUrl }),
    feedInsert(db, topic.trip(tripId), id, 'companion'),
  ]);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function removeCompanion(db: Database, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  const [row] = await db
    .select({ rank: tripAccessRank(actor), tripId: companions.tripId })
    .from(companions)
    .innerJoin(trips, eq(trips.id, companions.tripId))
    .where(eq(companions.id, id));
  checkTripAccess(row?.rank, 'edit', 'Companion');
  await db.batch([db.delete(companions).where(eq(companions.id, id)), feedInsert(db, topic.trip(row!.tripId), id, 'companion')]);
  return { id, deleted: true };
}

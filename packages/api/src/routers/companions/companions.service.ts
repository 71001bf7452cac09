import type { Database } from '@naav/db';
import { companions, trips } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../context';
import { activity } from '../../lib/live/activity';
import { topic } from '../../lib/live/feed';
import { tripFeed } from '../../lib/trip-notices';
import { checkTripAccess, tripAccessRank } from '../../lib/trip-access';
import { getTrip } from '../trips/trips.service';
import type { Companion } from '../trips/trips.schemas';
import type { CreateCompanionInput, UpdateCompanionInput } from './companions.schemas';

const companionColumns = {
  id: companions.id,
  name: companions.name,
  relationship: companions.relationship,
  imageUrl: companions.imageUrl,
};

export async function addCompanion(
  db: Database,
  actor: Actor,
  input: CreateCompanionInput,
  now: Date,
): Promise<Companion> {
  const { id: tripId, ...fields } = input;
  // Companions are part of the trip's details: changing them needs edit permission.
  await getTrip(db, actor, tripId, now, 'edit');
  const id = crypto.randomUUID();
  const [[row]] = await db.batch([
    db
      .insert(companions)
      .values({ ...fields, id, tripId })
      .returning(companionColumns),
    ...tripFeed(
      db,
      topic.trip(tripId),
      id,
      'companion',
      activity(actor.id, tripId, 'companion.added', { name: fields.name }),
      now,
    ),
  ]);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The trip of a companion the actor may change (edit permission on the trip); NOT_FOUND otherwise. */
async function editableCompanionTrip(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ tripId: string; name: string }> {
  const [row] = await db
    .select({ rank: tripAccessRank(actor), tripId: companions.tripId, name: companions.name })
    .from(companions)
    .innerJoin(trips, eq(trips.id, companions.tripId))
    .where(eq(companions.id, id));
  checkTripAccess(row?.rank, 'edit', 'Companion');
  return row!;
}

/** Changes the fields sent (name, relationship, picture); the others stay. */
export async function updateCompanion(
  db: Database,
  actor: Actor,
  input: UpdateCompanionInput,
  now = new Date(),
): Promise<Companion> {
  const { id, ...changes } = input;
  const { tripId, name } = await editableCompanionTrip(db, actor, id);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length > 0) {
    await db.batch([
      db.update(companions).set(defined).where(eq(companions.id, id)),
      ...tripFeed(
        db,
        topic.trip(tripId),
        id,
        'companion',
        activity(actor.id, tripId, 'companion.changed', { name: changes.name ?? name }),
        now,
      ),
    ]);
  }
  const [row] = await db.select(companionColumns).from(companions).where(eq(companions.id, id));
  if (!row) throw new Error('companion vanished after update');
  return row;
}

export async function removeCompanion(
  db: Database,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<{ id: string; deleted: true }> {
  const { tripId, name } = await editableCompanionTrip(db, actor, id);
  await db.batch([
    db.delete(companions).where(eq(companions.id, id)),
    ...tripFeed(
      db,
      topic.trip(tripId),
      id,
      'companion',
      activity(actor.id, tripId, 'companion.removed', { name }),
      now,
    ),
  ]);
  return { id, deleted: true };
}

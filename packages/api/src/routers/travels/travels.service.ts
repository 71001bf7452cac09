import type { Database } from '@naav/db';
import { travels } from '@naav/db/schema';
import { desc, eq } from 'drizzle-orm';
import type { Actor } from '../../context';
import type { Travel } from './travels.schemas';

/** The actor's travel journal, most recent first. */
export async function listHistory(db: Database, actor: Actor): Promise<Travel[]> {
  return db
    .select({
      id: travels.id,
      tripId: travels.tripId,
      title: travels.title,
      location: travels.location,
      startDate: travels.startDate,
      endDate: travels.endDate,
      imageUrl: travels.imageUrl,
      description: travels.description,
      highlights: travels.highlights,
      tags: travels.tags,
    })
    .from(travels)
    .where(eq(travels.ownerId, actor.id))
    .orderBy(desc(travels.startDate), desc(travels.id));
}

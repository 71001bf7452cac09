import type { Database } from '@naav/db';
import { inspirationFavourites, inspirations, travels } from '@naav/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import type { Favourite, Inspiration, RecommendationOutput } from './inspirations.schemas';
import { listInterestProfile } from '../interests/interests.service';
import { rankInspirations, type InterestEntry } from './ranking';

/** The catalogue in its curated order, each idea marked when the actor favourited it. */
export async function listInspirations(db: Database, actor: Actor): Promise<Inspiration[]> {
  const rows = await db
    .select({
      id: inspirations.id,
      title: inspirations.title,
      destination: inspirations.destination,
      description: inspirations.description,
      imageUrl: inspirations.imageUrl,
      category: inspirations.category,
      type: inspirations.type,
      duration: inspirations.duration,
      price: inspirations.price,
      rating: inspirations.rating,
      favouredBy: inspirationFavourites.userId,
    })
    .from(inspirations)
    .leftJoin(
      inspirationFavourites,
      and(eq(inspirationFavourites.inspirationId, inspirations.id), eq(inspirationFavourites.userId, actor.id)),
    )
    .orderBy(asc(inspirations.sortOrder), asc(inspirations.title));
  return rows.map(({ favouredBy, ...idea }) => ({ ...idea, isFavourite: favouredBy !== null }));
}

export async function setFavourite(
  db: Database,
  actor: Actor,
  inspirationId: string,
  isFavourite: boolean,
  now: Date,
): Promise<Favourite> {
  const [idea] = await db.select({ id: inspirations.id }).from(inspirations).where(eq(inspirations.id, inspirationId));
  if (!idea) throw new NotFoundError('Inspiration');
  if (isFavourite) {
    await db.insert(inspirationFavourites).values({ userId: actor.id, inspirationId, createdAt: now }).onConflictDoNothing();
  } else {
    await db
      .delete(inspirationFavourites)
      .where(and(eq(inspirationFavourites.userId, actor.id), eq(inspirationFavourites.inspirationId, inspirationId)));
  }
  return { inspirationId, isFavourite };
}

/**
 * The catalogue ranked against the actor's journal and interest profile (the one stored on
 * the Interests screen, empty when there is none). `interests` replaces the stored profile.
 */
export async function recommendInspirations(
  db: Database,
  actor: Actor,
  interests?: readonly InterestEntry[],
): Promise<RecommendationOutput[]> {
  const [ideas, history, profile] = await Promise.all([
    db
      .select({
        id: inspirations.id,
        title: inspirations.title,
        destination: inspirations.destination,
        description: inspirations.description,
        category: inspirations.category,
        type: inspirations.type,
      })
      .from(inspirations)
      .orderBy(asc(inspirations.sortOrder), asc(inspirations.title)),
    db
      .select({
        title: travels.title,
        location: travels.location,
        startDate: travels.startDate,
        description: travels.description,
        highlights: travels.highlights,
        tags: travels.tags,
      })
      .from(travels)
      .where(eq(travels.ownerId, actor.id))
      .orderBy(sql`${travels.startDate} desc`),
    interests ?? listInterestProfile(db, actor.id),
  ]);
  return rankInspirations(ideas, history, profile);
}

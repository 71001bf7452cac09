import type { Database } from '@naav/db';
import { inspirationFavourites, inspirations, travels } from '@naav/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import type { Favourite, Inspiration, NextTripIdeas, RecommendationOutput } from './inspirations.schemas';
import { listInterestProfile } from '../interests/interests.service';
import { rankForTrip, rankInspirations, type InterestEntry } from './ranking';
import { typicalWeather } from '../../lib/destination-info';
import { listTrips } from '../trips/trips.service';

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
    await db
      .insert(inspirationFavourites)
      .values({ userId: actor.id, inspirationId, createdAt: now })
      .onConflictDoNothing();
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

/**
 * Ideas for the traveller's next trip (the one under way, else the next to start, their own or
 * shared with them): the catalogue leaning towards its destination and the season there (see
 * rankForTrip). Without a trip ahead, the catalogue in its curated order.
 */
export async function listNextTripIdeas(db: Database, actor: Actor, now: Date): Promise<NextTripIdeas> {
  const [trips, ideas] = await Promise.all([listTrips(db, actor, now), listInspirations(db, actor)]);
  const trip = trips.find((t) => t.status === 'current') ?? trips.find((t) => t.status === 'upcoming');
  if (!trip) return { trip: null, ideas: ideas.map((idea) => ({ ...idea, reason: null })) };
  const month = Number(trip.startDate.slice(5, 7)) - 1;
  const weather = typicalWeather(trip.location, month) ?? typicalWeather(trip.destination, month);
  const monthName = new Date(Date.UTC(2000, month, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
  return {
    trip: {
      id: trip.id,
      title: trip.title,
      destination: trip.destination,
      location: trip.location,
      startDate: trip.startDate,
    },
    ideas: rankForTrip(ideas, trip, weather?.highC ?? null, monthName).map(({ idea, reason }) => ({ ...idea, reason })),
  };
}

import type { Database } from '@naav/db';
import { inspirations } from '@naav/db/schema';
import { asc } from 'drizzle-orm';
import type { Inspiration } from './inspirations.schemas';

export async function listInspirations(db: Database): Promise<Inspiration[]> {
  return db
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
    })
    .from(inspirations)
    .orderBy(asc(inspirations.sortOrder), asc(inspirations.title));
}

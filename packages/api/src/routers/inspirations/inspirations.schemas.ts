import { inspirationCategories } from '@naav/db/schema';
import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';
import { wholeDollarsOf } from '@naav/schemas/money';

export const inspirationSchema = z
  .object({
    id,
    title: z.string(),
    destination: z.string(),
    description: z.string(),
    imageUrl: z.string().nullable(),
    category: z.enum(inspirationCategories),
    /** The occasion the idea suits. */
    type: z.string(),
    /** Days. */
    duration: z.number().int(),
    /** Whole US dollars for two travellers. */
    price: z.number().int().meta(wholeDollarsOf('The price for two travellers')),
    rating: z.number().nullable(),
    /** Whether the signed-in user marked it with the heart. */
    isFavourite: z.boolean(),
  })
  .meta({ id: 'Inspiration' });
export type Inspiration = z.infer<typeof inspirationSchema>;

export const favouriteSchema = z.object({ inspirationId: id, isFavourite: z.boolean() });
export type Favourite = z.infer<typeof favouriteSchema>;
export const setFavouriteInput = z.object({ id, isFavourite: z.boolean() });

/** Every idea of the catalogue, best match first, with the sentence its card shows. */
export const recommendationSchema = z
  .object({
    inspirationId: id,
    /** Higher is a better match; 0 when nothing in the history points to it. */
    score: z.number().int(),
    reason: z.string(),
  })
  .meta({ id: 'Recommendation' });
export type RecommendationOutput = z.infer<typeof recommendationSchema>;

/** GET /api/inspirations/next-trip: the catalogue leaning towards the next trip (Home's Future column). */
export const nextTripIdeasSchema = z
  .object({
    /** The trip the ideas lean towards: the one under way, else the next to start; null when there is none. */
    trip: z
      .object({ id, title: z.string(), destination: z.string(), location: z.string(), startDate: isoDate })
      .nullable(),
    /** Every idea, best fit first, with why it fits the trip (null when it is only in the curated order). */
    ideas: z.array(inspirationSchema.extend({ reason: z.string().nullable() })),
  })
  .meta({ id: 'NextTripIdeas' });
export type NextTripIdeas = z.infer<typeof nextTripIdeasSchema>;

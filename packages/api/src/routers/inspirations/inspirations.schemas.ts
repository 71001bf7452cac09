import { inspirationCategories } from '@naav/db/schema';
import { z } from 'zod';
import { id } from '../../lib/schemas';

export const inspirationSchema = z.object({
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
  price: z.number().int(),
  rating: z.number().nullable(),
});
export type Inspiration = z.infer<typeof inspirationSchema>;

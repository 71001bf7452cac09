import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';

export const travelSchema = z.object({
  id,
  tripId: id.nullable(),
  title: z.string(),
  location: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  imageUrl: z.string().nullable(),
  description: z.string().nullable(),
  highlights: z.array(z.string()),
  tags: z.array(z.string()),
});
export type Travel = z.infer<typeof travelSchema>;

import { z } from 'zod';
import { id, imageUrl, isoDate, optionalText, requiredText } from '../../lib/schemas';

export const travelTags = ['Family', 'Solo', 'Romantic', 'Adventure'] as const;

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
  /** Where the journal map puts the pin; null when the place is not in the bundled city list. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Travel = z.infer<typeof travelSchema>;

/** A past travel that was never planned here (POST /api/travels/history). */
export const createTravelInput = z
  .object({
    title: requiredText(120),
    location: requiredText(160),
    startDate: isoDate,
    endDate: isoDate,
    description: optionalText(4000),
    highlights: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
    tags: z
      .array(z.enum(travelTags))
      .max(4)
      .default([])
      .refine((list) => new Set(list).size === list.length, 'Each tag can be chosen once'),
    imageUrl,
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be before the start date' });
    }
  });
export type CreateTravelInput = z.infer<typeof createTravelInput>;

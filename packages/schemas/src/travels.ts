/** The travel journal's tags and the request of its Add a past travel dialog. */
import { z } from './zod';
import { imageUrl, isoDate, optionalText, requiredText } from './fields';

export const travelTags = ['Family', 'Solo', 'Romantic', 'Adventure'] as const;

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

import { z } from 'zod';
import { id, imageUrl, isoDate, optionalText, requiredText, wholeNumber } from '../../lib/schemas';

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

/** GET /api/travels/history/page: keyset paging of the journal. */
export const travelPageInput = z.object({
  /** Entries per page, 1–200 (default 50). */
  limit: wholeNumber(1, 200).default(50),
  /** The `nextCursor` of the page before. */
  cursor: z.string().max(500).optional(),
});
export type TravelPageInput = z.infer<typeof travelPageInput>;

export const travelPageSchema = z.object({
  items: z.array(travelSchema),
  /** Send it as `cursor` for the entries after this page; null after the last. */
  nextCursor: z.string().nullable(),
});
export type TravelPage = z.infer<typeof travelPageSchema>;

/** GET /api/travels/history with optional paging: the plain list, or one page of it. */
export const historyInput = z
  .object({
    limit: wholeNumber(1, 200).optional(),
    cursor: z.string().max(500).optional(),
  })
  .optional();

/** GET /api/travels/history/latest: the most recent few (home shows three). */
export const latestTravelsInput = z.object({ count: wholeNumber(1, 12).default(3) }).default({ count: 3 });

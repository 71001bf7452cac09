import { z } from 'zod';
import { travelTags } from '@naav/schemas/travels';
import { flag, id, isoDate, nextCursor, pageCursor, pageLimit, pageTotal, wholeNumber } from '../../lib/schemas';

export const travelSchema = z
  .object({
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
  })
  .meta({ id: 'JournalEntry' });
export type Travel = z.infer<typeof travelSchema>;

// The past travel request lives in @naav/schemas, where the Add a past travel dialog checks its values with it too.
export { createTravelInput, type CreateTravelInput } from '@naav/schemas/travels';

/** What the journal screen narrows by: words, a calendar year a travel touches, a tag. */
const journalFilters = z.object({
  /** Words looked for (each as a word beginning) in title, location and description, ignoring case and accents. */
  q: z.string().trim().max(200).optional(),
  /** Travels that touch this calendar year (a New Year's trip counts for both). */
  year: wholeNumber(1900, 2999).optional(),
  tag: z.enum(travelTags).optional(),
  /** The entry a trip became (at most one): how /travel-journal?trip= finds it. */
  tripId: id.optional(),
});
export type JournalFilters = z.infer<typeof journalFilters>;

/** GET /api/travels/history/page: keyset paging of the journal, optionally filtered. */
export const travelPageInput = journalFilters.extend({
  /** Entries per page, 1–200 (default 50). */
  limit: pageLimit.default(50),
  /** The `nextCursor` of the page before. */
  cursor: pageCursor.optional(),
  /** Count every match into `total` (default: on the first page only). */
  withTotal: flag.optional(),
});

export const travelPageSchema = z
  .object({
    items: z.array(travelSchema),
    /** Send it as `cursor` for the entries after this page; null after the last. */
    nextCursor,
    /** Every entry matching the filters, on the first page or when asked (`withTotal`). */
    total: pageTotal,
  })
  .meta({ id: 'JournalPage' });
export type TravelPage = z.infer<typeof travelPageSchema>;

/** GET /api/travels/history with optional paging: the plain list, or one page of it. */
export const historyInput = z
  .object({
    limit: pageLimit.optional(),
    cursor: pageCursor.optional(),
  })
  .optional();

/** GET /api/travels/history/latest: the most recent few (home shows three). */
export const latestTravelsInput = z.object({ count: wholeNumber(1, 12).default(3) }).default({ count: 3 });

/** GET /api/travels/history/overview: what the journal's count line and year filter need. */
export const journalOverviewSchema = z
  .object({
    /** Entries in the whole journal. */
    count: z.number().int(),
    /** Every calendar year an entry touches, newest first. */
    years: z.array(z.number().int()),
  })
  .meta({ id: 'JournalOverview' });
export type JournalOverview = z.infer<typeof journalOverviewSchema>;

const latitude = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d{1,3}(\.\d+)?$/, 'Must be a number')
      .transform(Number),
  ])
  .pipe(z.number().min(-90).max(90));
const longitude = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d{1,3}(\.\d+)?$/, 'Must be a number')
      .transform(Number),
  ])
  .pipe(z.number().min(-180).max(180));

/** GET /api/travels/history/pins: the pins inside the map's visible bounds at a zoom level. */
export const journalPinsInput = journalFilters
  .extend({
    west: longitude.default(-180),
    south: latitude.default(-90),
    east: longitude.default(180),
    north: latitude.default(90),
    /** 0 = the whole world in view; each level halves the grid's cells. */
    zoom: wholeNumber(0, 12).default(0),
  })
  .superRefine((v, ctx) => {
    if (v.north < v.south) ctx.addIssue({ code: 'custom', path: ['north'], message: 'north must not be below south' });
    if (v.east < v.west) ctx.addIssue({ code: 'custom', path: ['east'], message: 'east must not be west of west' });
  });

const journalPinSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** Travels at this mark: 1 for a travel's own pin, more for a cluster. */
  count: z.number().int(),
  /** The travel of a single pin (count 1); for a cluster, its newest travel. */
  travel: z.object({ id, title: z.string(), location: z.string() }),
});

export const journalPinsSchema = z
  .object({
    pins: z.array(journalPinSchema),
    /** Matching travels whose place is not in the bundled city list (the first 20), and how many there are. */
    unplaced: z.array(z.object({ id, title: z.string(), location: z.string() })),
    unplacedCount: z.number().int(),
  })
  .meta({ id: 'JournalPins' });
export type JournalPins = z.infer<typeof journalPinsSchema>;

import { z } from 'zod';
import { id } from '../../lib/schemas';

/** What the share link shows beyond dates, places and the itinerary; all off unless the owner turns them on. */
export const linkShowsSchema = z.object({
  /** Confirmation numbers and other booking references. */
  bookingReferences: z.boolean(),
  /** The traveller's and the companions' names. */
  travellerNames: z.boolean(),
  /** Prices and amounts written in titles and descriptions. */
  prices: z.boolean(),
});

/** Where the trip can be seen or subscribed to without signing in; null when turned off. */
export const sharingSchema = z
  .object({
    /** The read-only page, e.g. /share/3q2…; anyone with it can view the trip. */
    sharePath: z.string().nullable(),
    /** The calendar feed calendar apps poll, e.g. /api/calendar/9f…ics. */
    calendarPath: z.string().nullable(),
    /** What the share page shows (kept while the link is off, for the next one). */
    linkShows: linkShowsSchema,
  })
  .meta({ id: 'TripSharing' });

/** POST /api/trips/{id}/share: turns the link on; each choice given replaces the stored one. */
export const shareInput = z.object({
  id,
  bookingReferences: z.boolean().optional(),
  travellerNames: z.boolean().optional(),
  prices: z.boolean().optional(),
});
export type ShareOptions = Omit<z.infer<typeof shareInput>, 'id'>;
export type Sharing = z.infer<typeof sharingSchema>;

export const calendarFileSchema = z.object({
  fileName: z.string(),
  contentType: z.literal('text/calendar; charset=utf-8'),
  /** The RFC 5545 text. */
  content: z.string(),
});
export type CalendarFile = z.infer<typeof calendarFileSchema>;

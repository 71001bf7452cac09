import { z } from 'zod';
import { bookingOutputSchema, bookingSchema } from '../../lib/bookings/booking';
import { id, isoDate } from '../../lib/schemas';
import { eventSchema } from '../trips/trips.schemas';

export { bookingSchema, bookingTypes, type Booking } from '../../lib/bookings/booking';

/** Upload limits of POST /api/trips/{id}/bookings/preview (multipart). */
export const maxBookingFiles = 10;
export const maxBookingFileBytes = 5 * 1024 * 1024;
/** Pasted text (an e-mail's source or a page's HTML), within the 1 MB JSON body. */
export const maxBookingTextLength = 900_000;
export const maxBookingsPerImport = 50;

/** POST /api/trips/{id}/bookings/preview with a JSON body: a pasted e-mail or page. */
export const previewTextInput = z.object({
  id,
  text: z.string().trim().min(1, 'Paste an e-mail or page').max(maxBookingTextLength, 'At most 900,000 characters: upload the file instead'),
});

export const previewSchema = z.object({
  bookings: z.array(bookingOutputSchema),
  /** Problems per file (null: the pasted text): listed, not hidden. */
  warnings: z.array(z.object({ file: z.string().nullable(), message: z.string() })),
});
export type BookingPreview = z.infer<typeof previewSchema>;

export const importBookingInput = bookingSchema.extend({
  /** Also add the price as an expense of the trip, in the booking's currency. */
  addExpense: z.boolean().default(false),
});
export type ImportBooking = z.infer<typeof importBookingInput>;

/** POST /api/trips/{id}/bookings. */
export const importBookingsInput = z.object({
  id,
  bookings: z.array(importBookingInput).min(1, 'Choose at least one booking').max(maxBookingsPerImport, `At most ${maxBookingsPerImport} bookings at a time`),
  /** Move the trip's first or last day to take in bookings outside its dates (else those are refused). */
  extendTrip: z.boolean().default(false),
});
export type ImportBookingsInput = z.infer<typeof importBookingsInput>;

export const importStatuses = ['added', 'already_imported', 'cancelled', 'already_cancelled', 'not_found'] as const;

export const importResultSchema = z.object({
  /** The events this import created, by day and start time. */
  events: z.array(eventSchema),
  expenses: z.array(z.object({ id, title: z.string(), amount: z.number().int(), currency: z.string() })),
  /** One line per booking sent, in order: what happened to it. */
  results: z.array(
    z.object({
      index: z.number().int(),
      title: z.string(),
      status: z.enum(importStatuses),
      eventIds: z.array(id),
      message: z.string(),
    }),
  ),
  /** The trip's dates after the import (moved only with `extendTrip`). */
  trip: z.object({ id, startDate: isoDate, endDate: isoDate }),
});
export type ImportResult = z.infer<typeof importResultSchema>;

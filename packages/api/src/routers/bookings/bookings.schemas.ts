import { z } from 'zod';
import { bookingOutputSchema } from '@naav/schemas/bookings';
import { id, isoDate } from '../../lib/schemas';
import { eventSchema } from '../trips/trips.schemas';
import { minorUnitsOf } from '@naav/schemas/money';

export {
  importBookingsInput,
  maxBookingFileBytes,
  maxBookingFiles,
  previewTextInput,
  type ImportBooking,
  type ImportBookingsInput,
} from '@naav/schemas/bookings';

export const previewSchema = z
  .object({
    bookings: z.array(bookingOutputSchema),
    /** Problems per file (null: the pasted text): listed, not hidden. */
    warnings: z.array(z.object({ file: z.string().nullable(), message: z.string() })),
  })
  .meta({ id: 'BookingPreview' });
export type BookingPreview = z.infer<typeof previewSchema>;

const importStatuses = ['added', 'already_imported', 'cancelled', 'already_cancelled', 'not_found'] as const;

export const importResultSchema = z
  .object({
    /** The events this import created, by day and start time. */
    events: z.array(eventSchema),
    expenses: z.array(
      z.object({
        id,
        title: z.string(),
        amount: z.number().int().meta(minorUnitsOf('The amount')),
        currency: z.string(),
      }),
    ),
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
  })
  .meta({ id: 'BookingImportResult' });
export type ImportResult = z.infer<typeof importResultSchema>;

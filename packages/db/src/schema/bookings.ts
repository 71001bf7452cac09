import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { cascadeRef, timestampNow, uuidKey } from './columns';
import { trips } from './trips';

/**
 * Bookings imported into a trip (confirmation e-mails, calendar invitations, wallet passes).
 * One row per booking remembers which events it made, so importing the same booking again
 * adds nothing and a cancellation can mark its events cancelled.
 */
export const bookingImports = sqliteTable(
  'booking_imports',
  {
    id: uuidKey(),
    tripId: cascadeRef(() => trips.id),
    /** type, confirmation number (or title when there is none) and start: what makes two imports the same booking. */
    bookingKey: text().notNull(),
    type: text().notNull(),
    confirmationNumber: text(),
    /** The booking's start as the source gave it (ISO 8601). */
    start: text().notNull(),
    eventIds: text({ mode: 'json' }).$type<string[]>().notNull(),
    expenseId: text(),
    cancelledAt: integer({ mode: 'timestamp_ms' }),
    createdAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('booking_imports_trip_key_idx').on(t.tripId, t.bookingKey),
    index('booking_imports_trip_confirmation_idx').on(t.tripId, t.type, t.confirmationNumber),
  ],
);

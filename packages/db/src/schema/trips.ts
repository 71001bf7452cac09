import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';

// A trip's status (current, upcoming, past) follows from its dates and today's date in
// its time zone, so it never goes stale; only cancellation is stored.
export const trips = sqliteTable(
  'trips',
  {
    id: text()
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    ownerId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    destination: text().notNull(),
    location: text().notNull(),
    /** Calendar dates, YYYY-MM-DD, inclusive. */
    startDate: text().notNull(),
    endDate: text().notNull(),
    /** IANA zone of the destination: decides which day is "today" on the trip. */
    timeZone: text().notNull().default('UTC'),
    imageUrl: text(),
    description: text(),
    accommodation: text(),
    transportation: text(),
    notes: text(),
    baseCurrency: text().notNull().default('USD'),
    /** Minor units of baseCurrency; null when no budget is set. */
    budgetTotal: integer(),
    cancelledAt: integer({ mode: 'timestamp_ms' }),
    createdAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    updatedAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('trips_owner_dates_idx').on(t.ownerId, t.startDate, t.endDate)],
);

export const eventTypes = ['transportation', 'accommodation', 'activity', 'meal'] as const;
export const eventStatuses = ['confirmed', 'pending', 'delayed', 'cancelled'] as const;

export const events = sqliteTable(
  'events',
  {
    id: text()
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    tripId: text()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    location: text(),
    /** The calendar day of the event within the trip, YYYY-MM-DD. */
    date: text().notNull(),
    /** Local times on that day, HH:MM:SS. */
    startTime: text(),
    endTime: text(),
    type: text({ enum: eventTypes }).notNull(),
    status: text({ enum: eventStatuses }).notNull().default('confirmed'),
    createdAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('events_trip_date_idx').on(t.tripId, t.date, t.startTime)],
);

export const companions = sqliteTable(
  'companions',
  {
    id: text()
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    tripId: text()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    relationship: text().notNull(),
    imageUrl: text(),
    createdAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('companions_trip_idx').on(t.tripId)],
);

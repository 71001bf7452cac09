import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { eventStatuses, eventTypes } from '@naav/schemas/trips';
import { travelStyles } from '@naav/schemas/trip-requests';
import { user } from './auth';
import { cascadeRef, timestampNow, uuidKey } from './columns';

// The lists a form offers live with the schemas both the server and the web app read.
export { eventStatuses, eventTypes } from '@naav/schemas/trips';
export { travelStyles } from '@naav/schemas/trip-requests';

// A trip's status (current, upcoming, past) follows from its dates and today's date in
// its time zone, so it never goes stale; only cancellation is stored.
export const trips = sqliteTable(
  'trips',
  {
    id: uuidKey(),
    ownerId: cascadeRef(() => user.id),
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
    /** Shown under Emergency Contacts. */
    hotelPhone: text(),
    conciergePhone: text(),
    /** Read-only share link (/share/{token}); null when not shared. 128+ random bits. */
    shareToken: text().unique(),
    /** Calendar subscription (/api/calendar/{token}.ics); null when off. */
    calendarToken: text().unique(),
    /** What the share link shows beyond the itinerary; each is off until the owner turns it on. */
    shareShowsBookingReferences: integer({ mode: 'boolean' }).notNull().default(false),
    shareShowsTravellerNames: integer({ mode: 'boolean' }).notNull().default(false),
    shareShowsPrices: integer({ mode: 'boolean' }).notNull().default(false),
    baseCurrency: text().notNull().default('USD'),
    /** Minor units of baseCurrency; null when no budget is set. */
    budgetTotal: integer(),
    cancelledAt: integer({ mode: 'timestamp_ms' }),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [index('trips_owner_dates_idx').on(t.ownerId, t.startDate, t.endDate)],
);

export const events = sqliteTable(
  'events',
  {
    id: uuidKey(),
    tripId: cascadeRef(() => trips.id),
    title: text().notNull(),
    description: text(),
    location: text(),
    /** The calendar day of the event within the trip, YYYY-MM-DD. */
    date: text().notNull(),
    /** Local times, HH:MM:SS: the start on `date` in `timeZone`, the end on `endDate` in `endTimeZone`. */
    startTime: text(),
    endTime: text(),
    /** IANA zone of the start (a flight's departure). Set from the trip's zone when the event is made without one. */
    timeZone: text().notNull().default('UTC'),
    /** The local day of the end when it is not `date` (an overnight flight or train); null: the same day. */
    endDate: text(),
    /** IANA zone of the end (a flight's arrival); null: the same as `timeZone`. */
    endTimeZone: text(),
    /** Where it ends (a flight's arrival airport or city); null: where it starts, or not a journey. */
    endLocation: text(),
    /** The booking reference, kept apart from the description so a public link can leave it out. */
    confirmationNumber: text(),
    type: text({ enum: eventTypes }).notNull(),
    status: text({ enum: eventStatuses }).notNull().default('confirmed'),
    createdAt: timestampNow(),
  },
  (t) => [index('events_trip_date_idx').on(t.tripId, t.date, t.startTime)],
);

export const companions = sqliteTable(
  'companions',
  {
    id: uuidKey(),
    tripId: cascadeRef(() => trips.id),
    name: text().notNull(),
    relationship: text().notNull(),
    imageUrl: text(),
    createdAt: timestampNow(),
  },
  (t) => [index('companions_trip_idx').on(t.tripId)],
);

/** Trips a user bookmarked with Save on the trip page. */
export const savedTrips = sqliteTable(
  'saved_trips',
  {
    userId: cascadeRef(() => user.id),
    tripId: cascadeRef(() => trips.id),
    createdAt: timestampNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tripId] })],
);

export const photoContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * Uploaded trip photos, as the server re-encoded them. The bytes live in the photo store under
 * storageKey and thumbnailKey: by default the photo_files table below, or files in PHOTOS_DIR.
 */
export const photos = sqliteTable(
  'photos',
  {
    id: uuidKey(),
    tripId: cascadeRef(() => trips.id),
    fileName: text().notNull(),
    contentType: text({ enum: photoContentTypes }).notNull(),
    sizeBytes: integer().notNull(),
    storageKey: text().notNull().unique(),
    /** The 480 px copy for grids, made by the server; null for uploads of older versions that came without one. */
    thumbnailKey: text().unique(),
    createdAt: timestampNow(),
  },
  (t) => [index('photos_trip_idx').on(t.tripId, t.createdAt)],
);

/**
 * The bytes of photos and thumbnails when they are kept in the database (PHOTO_STORE=database,
 * the default), so every app server reads them without a shared disk.
 */
export const photoFiles = sqliteTable('photo_files', {
  key: text().primaryKey(),
  bytes: blob({ mode: 'buffer' }).$type<Uint8Array>().notNull(),
  createdAt: timestampNow(),
});

export const tripRequestStatuses = ['requested', 'proposal_sent'] as const;

/** A traveller's request for a trip (My Trips' planner form), for an agent to propose on. */
export const tripRequests = sqliteTable(
  'trip_requests',
  {
    id: uuidKey(),
    ownerId: cascadeRef(() => user.id),
    destination: text().notNull(),
    startDate: text().notNull(),
    endDate: text().notNull(),
    /** Whole US dollars. */
    budget: integer().notNull(),
    travelStyle: text({ enum: travelStyles }).notNull(),
    activities: text({ mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    customExperiences: text({ mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    notes: text(),
    adults: integer().notNull().default(2),
    children: integer().notNull().default(0),
    rooms: integer().notNull().default(1),
    /** IANA zone the trip will be in (prefilled from the destination); null on requests filed before it was asked. */
    timeZone: text(),
    status: text({ enum: tripRequestStatuses }).notNull().default('requested'),
    createdAt: timestampNow(),
  },
  (t) => [index('trip_requests_owner_idx').on(t.ownerId, t.createdAt)],
);

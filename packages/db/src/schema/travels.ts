import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { cascadeRef, tallyTable, timestampNow, uuidKey } from './columns';
import { trips } from './trips';

// The travel journal: past travels, whether planned here (tripId) or added afterwards.
export const travels = sqliteTable(
  'travels',
  {
    id: uuidKey(),
    ownerId: cascadeRef(() => user.id),
    tripId: text().references(() => trips.id, { onDelete: 'set null' }),
    title: text().notNull(),
    location: text().notNull(),
    startDate: text().notNull(),
    endDate: text().notNull(),
    imageUrl: text(),
    description: text(),
    highlights: text({ mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    tags: text({ mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    /** Where the journal map puts the pin; looked up from the bundled city list. */
    latitude: real(),
    longitude: real(),
    createdAt: timestampNow(),
  },
  // In the journal's order (start date, then id), so a page after a cursor reads only its rows.
  // The words of title, location and description are indexed for the journal's search in
  // `travel_search`, an FTS5 table kept by triggers (migration 0015).
  // By place, newest first: a place's newest entry is one indexed read (travel_places' triggers).
  // Entries without a place have an index of their own, so the map's "not on the map" list and
  // count read only them.
  (t) => [
    index('travels_owner_start_idx').on(t.ownerId, t.startDate, t.id),
    uniqueIndex('travels_trip_unique').on(t.tripId),
    index('travels_owner_place_idx').on(t.ownerId, t.latitude, t.longitude, t.startDate, t.id),
    index('travels_owner_unplaced_idx').on(t.ownerId, t.startDate, t.id).where(sql`${t.latitude} IS NULL`),
  ],
);

/**
 * Each traveller's journal by place: how many entries sit at each point and the newest of them.
 * The journal map's unfiltered marks are grouped from these rows, which are as many as the
 * places visited however long the journal grows. Kept by triggers on `travels` in the same
 * transaction as every change (migration 0016).
 */
export const travelPlaces = tallyTable(
  'travel_places',
  { ownerId: cascadeRef(() => user.id), latitude: real().notNull(), longitude: real().notNull() },
  {
    count: integer().notNull(),
    /** The newest entry here, in the journal's order (start date, then id). */
    newestStartDate: text().notNull(),
    newestId: text().notNull(),
  },
);

/**
 * Each traveller's journal by calendar years: how many entries start in one year and end in
 * another (or the same). The journal's count and year filter read these rows, a few per year
 * travelled, however long the journal grows. Kept by triggers on `travels` (migration 0017).
 */
export const travelYears = tallyTable(
  'travel_years',
  { ownerId: cascadeRef(() => user.id), startYear: integer().notNull(), endYear: integer().notNull() },
  { count: integer().notNull() },
);

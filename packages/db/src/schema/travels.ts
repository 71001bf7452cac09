import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { timestampNow, uuidKey } from './columns';
import { trips } from './trips';

// The travel journal: past travels, whether planned here (tripId) or added afterwards.
export const travels = sqliteTable(
  'travels',
  {
    id: uuidKey(),
    ownerId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
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
  (t) => [index('travels_owner_start_idx').on(t.ownerId, t.startDate, t.id), uniqueIndex('travels_trip_unique').on(t.tripId)],
);

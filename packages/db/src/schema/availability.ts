import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { cascadeRef, timestampNow, uuidKey } from './columns';
import { occasionTypes, preferredDurations } from '@naav/schemas/availability';

export { occasionTypes, preferredDurations };

// A window in which a client can travel; agents build proposals inside it.
export const availability = sqliteTable(
  'availability',
  {
    id: uuidKey(),
    userId: cascadeRef(() => user.id),
    /** Calendar dates, YYYY-MM-DD, inclusive; startDate ≤ endDate. */
    startDate: text().notNull(),
    endDate: text().notNull(),
    isFlexible: integer({ mode: 'boolean' }).notNull().default(false),
    /** Days either side the client can shift; 1–14. */
    flexibilityDays: integer().notNull().default(3),
    /** Days; one of preferredDurations. */
    preferredDuration: integer().notNull().default(7),
    /** 1 (low) – 5 (must travel). */
    priority: integer().notNull().default(3),
    status: text({ enum: ['active'] })
      .notNull()
      .default('active'),
    notes: text(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [index('availability_user_dates_idx').on(t.userId, t.startDate)],
);

// A date worth travelling for; a recurring one repeats on the same month and day every year.
export const occasions = sqliteTable(
  'occasions',
  {
    id: uuidKey(),
    userId: cascadeRef(() => user.id),
    title: text().notNull(),
    description: text(),
    /** YYYY-MM-DD; for a recurring occasion, the first year it happened. */
    date: text().notNull(),
    occasionType: text({ enum: occasionTypes }).notNull().default('birthday'),
    isRecurring: integer({ mode: 'boolean' }).notNull().default(false),
    /** Names, trimmed; at most 50. */
    participants: text({ mode: 'json' }).$type<string[]>().notNull().default([]),
    /** 1 (low) – 5 (very important). */
    importance: integer().notNull().default(3),
    celebrated: integer({ mode: 'boolean' }).notNull().default(false),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [index('occasions_user_date_idx').on(t.userId, t.date)],
);

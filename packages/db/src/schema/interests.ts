import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { dietaryPreferences } from '@naav/schemas/interests';
import { user } from './auth';
import { cascadeRef, timestampNow, uuidKey } from './columns';

export const interestIconNames = [
  'utensils',
  'hiking',
  'landmark',
  'bed',
  'shopping-bag',
  'tree',
  'volleyball-ball',
] as const;
export const wishlistItemTypes = ['experience'] as const;
export { dietaryPreferences } from '@naav/schemas/interests';

// The catalogue of interest categories: reference data every traveller reads. Numeric ids,
// as the documented payloads send `categoryId` as a number.
export const interestCategories = sqliteTable('interest_categories', {
  id: integer().primaryKey(),
  name: text().notNull().unique(),
  description: text().notNull(),
  /** #RRGGBB */
  color: text().notNull(),
  iconName: text({ enum: interestIconNames }).notNull(),
  /** Popular names offered when adding an interest of this category. */
  suggestions: text({ mode: 'json' }).$type<string[]>().notNull().default([]),
  sortOrder: integer().notNull().default(0),
});

// One rated interest of a traveller.
export const interests = sqliteTable(
  'interests',
  {
    id: uuidKey(),
    userId: cascadeRef(() => user.id),
    categoryId: integer()
      .notNull()
      .references(() => interestCategories.id),
    name: text().notNull(),
    description: text(),
    /** 1 (slight interest) – 5 (must-have). */
    priority: integer().notNull().default(3),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [index('interests_user_idx').on(t.userId, t.categoryId)],
);

// Something a traveller would love to do one day.
export const wishlistItems = sqliteTable(
  'wishlist_items',
  {
    id: uuidKey(),
    userId: cascadeRef(() => user.id),
    title: text().notNull(),
    description: text(),
    location: text(),
    itemType: text({ enum: wishlistItemTypes }).notNull().default('experience'),
    /** Trimmed, non-empty. */
    tags: text({ mode: 'json' }).$type<string[]>().notNull().default([]),
    /** Where it is, when known (a place imported from Google Maps). */
    latitude: real(),
    longitude: real(),
    createdAt: timestampNow(),
  },
  (t) => [index('wishlist_items_user_idx').on(t.userId, t.createdAt)],
);

// A traveller's dietary preferences and restrictions (at most one row each), which agents
// and the concierge see when they plan meals and restaurants.
export const foodPreferences = sqliteTable(
  'food_preferences',
  {
    id: uuidKey(),
    userId: cascadeRef(() => user.id),
    diets: text({ mode: 'json' }).$type<(typeof dietaryPreferences)[number][]>().notNull().default([]),
    /** Free text: "peanuts, shellfish". */
    allergies: text(),
    notes: text(),
    updatedAt: timestampNow(),
  },
  (t) => [uniqueIndex('food_preferences_user_idx').on(t.userId)],
);

import { integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { cascadeRef, timestampNow, uuidKey } from './columns';

export const inspirationCategories = ['beach', 'cultural', 'adventure', 'wellness'] as const;

// The shared catalogue of trip ideas; prices are whole US dollars for two travellers.
export const inspirations = sqliteTable('inspirations', {
  id: uuidKey(),
  title: text().notNull(),
  destination: text().notNull(),
  description: text().notNull(),
  imageUrl: text(),
  category: text({ enum: inspirationCategories }).notNull(),
  /** The occasion the idea suits (honeymoon, anniversary, family, …). */
  type: text().notNull(),
  duration: integer().notNull(),
  price: integer().notNull(),
  rating: real(),
  sortOrder: integer().notNull().default(0),
});

/** Ideas a user marked with the heart; one row per user and idea. */
export const inspirationFavourites = sqliteTable(
  'inspiration_favourites',
  {
    userId: cascadeRef(() => user.id),
    inspirationId: cascadeRef(() => inspirations.id),
    createdAt: timestampNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.inspirationId] })],
);

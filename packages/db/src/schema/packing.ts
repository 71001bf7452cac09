import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { uuidKey, timestampNow } from './columns';
import { trips } from './trips';

/**
 * A trip's packing list. `assigneeId` is who brings the item: a companion's id, or the user id
 * of the trip's owner or of a member; null for "shared". It names rows of two tables, so it has
 * no foreign key: the service checks it on every write and the list reads its name by a join.
 */
export const packingItems = sqliteTable(
  'packing_items',
  {
    id: uuidKey(),
    tripId: text()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    category: text().notNull(),
    quantity: integer().notNull().default(1),
    assigneeId: text(),
    packed: integer({ mode: 'boolean' }).notNull().default(false),
    createdAt: timestampNow(),
  },
  (t) => [index('packing_items_trip_idx').on(t.tripId)],
);

/** A user's own packing template: a list saved from one of their trips, `days` long (its quantities scale from it). */
export const packingTemplates = sqliteTable(
  'packing_templates',
  {
    id: uuidKey(),
    ownerId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    days: integer().notNull(),
    createdAt: timestampNow(),
  },
  (t) => [index('packing_templates_owner_idx').on(t.ownerId)],
);

export const packingTemplateItems = sqliteTable(
  'packing_template_items',
  {
    id: uuidKey(),
    templateId: text()
      .notNull()
      .references(() => packingTemplates.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    category: text().notNull(),
    quantity: integer().notNull().default(1),
  },
  (t) => [index('packing_template_items_template_idx').on(t.templateId)],
);

/** A trip's to-dos; `assigneeId` as for packing items. */
export const todos = sqliteTable(
  'todos',
  {
    id: uuidKey(),
    tripId: text()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    /** A calendar date, YYYY-MM-DD, or null. */
    dueDate: text(),
    assigneeId: text(),
    done: integer({ mode: 'boolean' }).notNull().default(false),
    createdAt: timestampNow(),
  },
  (t) => [index('todos_trip_idx').on(t.tripId)],
);

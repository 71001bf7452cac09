import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { cascadeRef, uuidKey, timestampNow } from './columns';
import { trips } from './trips';

/** What a packing item is, on a trip's list or in a template. */
const itemColumns = () => ({
  name: text().notNull(),
  category: text().notNull(),
  quantity: integer().notNull().default(1),
});

/**
 * A trip's packing list. `assigneeId` is who brings the item: a companion's id, or the user id
 * of the trip's owner or of a member; null for "shared". It names rows of two tables, so it has
 * no foreign key: the service checks it on every write and the list reads its name by a join.
 */
export const packingItems = sqliteTable(
  'packing_items',
  {
    id: uuidKey(),
    tripId: cascadeRef(() => trips.id),
    ...itemColumns(),
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
    ownerId: cascadeRef(() => user.id),
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
    templateId: cascadeRef(() => packingTemplates.id),
    ...itemColumns(),
  },
  (t) => [index('packing_template_items_template_idx').on(t.templateId)],
);

/** A trip's to-dos; `assigneeId` as for packing items. */
export const todos = sqliteTable(
  'todos',
  {
    id: uuidKey(),
    tripId: cascadeRef(() => trips.id),
    title: text().notNull(),
    /** A calendar date, YYYY-MM-DD, or null. */
    dueDate: text(),
    assigneeId: text(),
    done: integer({ mode: 'boolean' }).notNull().default(false),
    createdAt: timestampNow(),
  },
  (t) => [index('todos_trip_idx').on(t.tripId)],
);

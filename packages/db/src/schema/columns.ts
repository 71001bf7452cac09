import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, integer, text } from 'drizzle-orm/sqlite-core';

/** An instant in milliseconds, set by the database when the row is written. */
export const timestampNow = () => integer({ mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`);

/** A random UUID primary key (demo rows use readable fixed ids instead). */
export const uuidKey = () =>
  text()
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** A required reference to another table's row (`to`, e.g. `() => trips.id`): deleted with it. */
export const cascadeRef = (to: () => AnySQLiteColumn) => text().notNull().references(to, { onDelete: 'cascade' });

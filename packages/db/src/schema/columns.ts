import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  integer,
  primaryKey,
  type SQLiteColumn,
  type SQLiteColumnBuilderBase,
  sqliteTable,
  text,
} from 'drizzle-orm/sqlite-core';

/** An instant in milliseconds, set by the database when the row is written. */
export const timestampNow = () => integer({ mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`);

/** A random UUID primary key (demo rows use readable fixed ids instead). */
export const uuidKey = () =>
  text()
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** A required reference to another table's row (`to`, e.g. `() => trips.id`): deleted with it. */
export const cascadeRef = (to: () => AnySQLiteColumn) => text().notNull().references(to, { onDelete: 'cascade' });

/**
 * A table of running tallies kept beside another (by triggers, or in the batch that changes it):
 * one row per `key` (its columns, in order, the primary key) holding the `tally` columns, so a
 * summary reads a few rows however many the other table holds.
 */
export const tallyTable = <
  TName extends string,
  TKey extends Record<string, SQLiteColumnBuilderBase>,
  TTally extends Record<string, SQLiteColumnBuilderBase>,
>(
  name: TName,
  key: TKey,
  tally: TTally,
) =>
  sqliteTable(name, { ...key, ...tally }, (t) => {
    const [first, ...rest] = Object.keys(key).map((column) => (t as unknown as Record<string, SQLiteColumn>)[column]!);
    return [primaryKey({ columns: [first!, ...rest] })];
  });

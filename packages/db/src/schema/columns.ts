import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';

/** An instant in milliseconds, set by the database when the row is written. */
export const timestampNow = () => integer({ mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`);

/** A random UUID primary key (demo rows use readable fixed ids instead). */
export const uuidKey = () =>
  text()
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * A named job only one app server may run at a time (the daily rates import, moving old
 * photo files into the database). A server holds the lease until it releases it or
 * `expiresAt` passes, so a server that dies mid-job blocks the others only that long.
 */
export const leases = sqliteTable('leases', {
  name: text().primaryKey(),
  /** Which server holds it (a random id per process). */
  holder: text().notNull(),
  expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

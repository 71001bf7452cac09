import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client, type InArgs, type InStatement } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import * as schema from './schema/index';

export type Database = LibSQLDatabase<typeof schema> & { $client: Client };

export interface DatabaseOptions {
  /** `file:…` (embedded), `:memory:`, or the `libsql://` / `http(s)://` URL of a libSQL server. */
  url: string;
  authToken?: string;
}

/**
 * Opens the database. For an embedded file, the folder is created on first use (0700) and
 * the file too (0600): it holds passport numbers and sessions, so only the server's own user
 * may read it. SQLite gives the -wal and -shm files it adds the file's own mode.
 */
export function createDatabase({ url, authToken }: DatabaseOptions): Database {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length).split('?')[0] ?? '';
    if (path && path !== ':memory:') {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      closeSync(openSync(path, 'a', 0o600));
    }
  }
  // Every connection of the client's pool waits its turn for the file's lock (a PRAGMA would reach only one of them).
  const client = createClient({
    url,
    ...(authToken ? { authToken } : {}),
    timeout: busyTimeoutMs,
    concurrency: embeddedConnections,
  });
  // drizzle's db.batch names no mode, which is BEGIN DEFERRED: when another server writes between the
  // batch's first read and its first write, SQLite refuses the turn to writing at once (SQLITE_BUSY,
  // no waiting), and the failed statement left the transaction unable to commit or roll back. A batch
  // that writes takes the write lock first (BEGIN IMMEDIATE), waiting for it like any write; a batch
  // of SELECTs stays deferred, so reads never queue behind another server's writes.
  const batch = client.batch.bind(client);
  client.batch = (statements, mode) => batch(statements, mode ?? (statements.every(isSelect) ? 'deferred' : 'write'));
  return drizzle(client, { schema }) as Database;
}

const isSelect = (statement: InStatement | [string, InArgs?]) =>
  /^\s*select\b/i.test(
    typeof statement === 'string' ? statement : Array.isArray(statement) ? statement[0] : statement.sql,
  );

/** How long a statement waits for another connection or server to release the file's write lock. */
const busyTimeoutMs = 5000;

/**
 * The most connections the client opens to an embedded file (@libsql/client's default): it
 * opens another whenever statements overlap, as concurrent requests' do, and keeps them.
 */
const embeddedConnections = 20;

/**
 * Embedded files get WAL and a busy timeout so readers do not block the writer, and commit
 * without waiting for the disk (synchronous NORMAL: a crash of the server loses nothing, a
 * power cut at most the last commits). Journal mode is the file's; synchronous is each
 * connection's own, so it is set on all of them at once (each call borrows a connection of its
 * own): a connection left at SQLite's FULL waits for an fsync of the WAL on every commit,
 * 5 ms against 0.1 ms here, which held a server metering API tokens (a write per request) to
 * about 60 requests a second.
 */
export async function tuneEmbedded(db: Database, url: string): Promise<void> {
  if (!url.startsWith('file:')) return;
  await db.$client.execute('PRAGMA journal_mode = WAL');
  await db.$client.execute(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
  await Promise.all(
    Array.from({ length: embeddedConnections }, () => db.$client.execute('PRAGMA synchronous = NORMAL')),
  );
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Applies the committed migrations (from `folder`: a bundled server carries a copy beside itself). */
export async function migrateDatabase(db: Database, folder = migrationsFolder): Promise<void> {
  await db.$client.execute('PRAGMA foreign_keys = ON');
  await migrate(db, { migrationsFolder: folder });
}

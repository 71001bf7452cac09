import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { Database } from './client';
import { migrationsFolder } from './client';

/**
 * Copies the whole database into `target` while the server keeps running (SQLite's
 * `VACUUM INTO`: one read transaction, so the copy is consistent even while writes go on, and
 * compact). Only for the embedded file; a libSQL server is backed up by its own means.
 */
export async function vacuumInto(db: Database, target: string): Promise<void> {
  await db.$client.execute({ sql: 'VACUUM INTO ?', args: [target] });
}

export interface BackupCheck {
  /** `PRAGMA integrity_check`'s answer: "ok" for a sound file. */
  integrity: string;
  /** How many of the migrations it has applied (all of them known to this version). */
  migrations: number;
}

/** The newest migration this version of the code carries (its journal's `when`). */
function latestKnownMigration(folder: string): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * Checks a database file before it is restored: that SQLite finds it sound, and that it is a
 * Naav database no newer than this version (which could not migrate it: it would run on a
 * schema it does not know). Throws with a sentence saying what is wrong.
 */
export async function checkBackupFile(file: string, folder = migrationsFolder): Promise<BackupCheck> {
  const client = createClient({ url: `file:${file}` });
  try {
    let integrity: string;
    try {
      const { rows } = await client.execute('PRAGMA integrity_check');
      integrity = rows.map((r) => String(r[0])).join('; ');
    } catch (error) {
      throw new Error(`${file} is not a database SQLite can read (${(error as Error).message}).`);
    }
    if (integrity !== 'ok') throw new Error(`${file} is damaged: PRAGMA integrity_check answered "${integrity}".`);
    const table = await client.execute(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'",
    );
    if (table.rows.length === 0) throw new Error(`${file} is not a Naav database (it has no migrations table).`);
    const { rows } = await client.execute('SELECT count(*) AS n, max(created_at) AS latest FROM __drizzle_migrations');
    const latest = Number(rows[0]?.latest ?? 0);
    if (latest > latestKnownMigration(folder))
      throw new Error(`${file} comes from a newer version of Naav than this one: upgrade Naav, then restore it.`);
    return { integrity, migrations: Number(rows[0]?.n ?? 0) };
  } finally {
    client.close();
  }
}

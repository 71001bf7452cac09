import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, migrateDatabase, tuneEmbedded } from './client';

const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('an embedded database file', () => {
  it('is created 0600 in a folder created 0700, and so are the WAL files SQLite adds', async () => {
    const root = mkdtempSync(join(tmpdir(), 'naav-db-modes-'));
    folders.push(root);
    const file = join(root, 'data', 'naav.db');
    const url = `file:${file}`;
    const db = createDatabase({ url });
    await tuneEmbedded(db, url);
    await migrateDatabase(db);
    await db.$client.execute(
      "insert into user (id, name, email, emailVerified, role, createdAt, updatedAt) values ('u1', 'A', 'a@example.test', 0, 'client', 0, 0)",
    );
    expect(modeOf(join(root, 'data'))).toBe(0o700);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path), path).toBe(0o600);
    db.$client.close();
  });
});

describe('the connections of an embedded database', () => {
  it('all commit with synchronous NORMAL, not only the first: concurrent statements use several', async () => {
    const root = mkdtempSync(join(tmpdir(), 'naav-db-sync-'));
    folders.push(root);
    const url = `file:${join(root, 'naav.db')}`;
    const db = createDatabase({ url });
    await tuneEmbedded(db, url);
    // Each open transaction holds a connection of its own, so these are every connection the client has.
    const held = await Promise.all(Array.from({ length: 20 }, () => db.$client.transaction('read')));
    const levels = await Promise.all(held.map(async (tx) => (await tx.execute('PRAGMA synchronous')).rows[0]?.[0]));
    await Promise.all(held.map((tx) => tx.rollback()));
    // 1 is NORMAL (2, FULL, is SQLite's default for a connection nobody tuned).
    expect(levels).toEqual(Array.from({ length: 20 }, () => 1));
    db.$client.close();
  });
});

/** Another server: a process of its own that holds the file's write lock for `ms`, then commits its row. */
function otherServerHoldingTheLock(file: string, ms: number): Promise<{ done: Promise<void> }> {
  const script = `
    const Database = require('libsql');
    const db = new Database(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    db.exec("insert into \\"user\\" (\\"id\\", \\"name\\", \\"email\\", \\"createdAt\\", \\"updatedAt\\") values ('a', 'a', 'a@example.org', 0, 0)");
    process.stdout.write('locked\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${ms});
  `;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const done = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the other server exited with ${code}`)))),
  );
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve({ done }));
    done.catch(reject);
  });
}

/** A migrated database in a file of its own, as a server opens it. */
async function migratedFile() {
  const root = mkdtempSync(join(tmpdir(), 'naav-db-busy-'));
  folders.push(root);
  const file = join(root, 'naav.db');
  const url = `file:${file}`;
  const db = createDatabase({ url });
  await tuneEmbedded(db, url);
  await migrateDatabase(db);
  return { file, db };
}

describe('two servers writing to one embedded file', () => {
  it('a batch that reads before it writes waits for the other server’s write to commit, instead of failing with SQLITE_BUSY', async () => {
    const { file, db } = await migratedFile();

    const other = await otherServerHoldingTheLock(file, 300);
    // Reads, then writes, while the other server holds the lock: it waits its turn.
    await db.batch([
      db.run(sql`select count(*) from "user"`),
      db.run(
        sql`insert into "user" ("id", "name", "email", "createdAt", "updatedAt") values ('b', 'b', 'b@example.org', 0, 0)`,
      ),
    ]);
    await other.done;

    // Both rows are stored, and the connection goes on writing.
    await db.run(
      sql`insert into "user" ("id", "name", "email", "createdAt", "updatedAt") values ('c', 'c', 'c@example.org', 0, 0)`,
    );
    const rows = await db.$client.execute('select "id" from "user" order by "id"');
    expect(rows.rows.map((r) => r['id'])).toEqual(['a', 'b', 'c']);
    db.$client.close();
  });

  it('a batch of reads does not queue behind the other server’s write: it reads what was committed before it', async () => {
    const { file, db } = await migratedFile();

    const other = await otherServerHoldingTheLock(file, 300);
    const [users] = await db.batch([
      db.all<{ n: number }>(sql`select count(*) as n from "user"`),
      db.all(sql`select 1`),
    ]);
    expect(users).toEqual([{ n: 0 }]);
    await other.done;
    expect(await db.all<{ n: number }>(sql`select count(*) as n from "user"`)).toEqual([{ n: 1 }]);
    db.$client.close();
  });
});

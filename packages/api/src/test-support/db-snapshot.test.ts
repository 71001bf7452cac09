import { createTestDatabase } from '@naav/db/testing';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@naav/db';
import { snapshotChanges, snapshotDatabase, snapshotWatcher } from './db-snapshot';

let db: Database;
beforeEach(async () => {
  db = await createTestDatabase();
  await db.run(sql`CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT)`);
  await db.run(sql`INSERT INTO notes VALUES ('a', 'first')`);
});

describe('snapshotWatcher', () => {
  it('answers the same snapshot while nothing is written, without reading the tables again', async () => {
    const watcher = snapshotWatcher(db);
    const first = await watcher.snapshot();
    await db.all(sql`SELECT * FROM notes`);
    expect(await watcher.snapshot()).toBe(first);
  });

  it('reads again after a write, and the change shows', async () => {
    const watcher = snapshotWatcher(db);
    const before = await watcher.snapshot();
    await db.run(sql`UPDATE notes SET body = 'changed' WHERE id = 'a'`);
    const after = await watcher.snapshot();
    expect(after).not.toBe(before);
    expect(snapshotChanges(before, after)).toEqual(['notes: contents changed (1 rows)']);
    expect(after).toEqual(await snapshotDatabase(db));
  });

  it('reads again after a write that was rolled back, and finds nothing changed', async () => {
    const watcher = snapshotWatcher(db);
    const before = await watcher.snapshot();
    await expect(
      db.transaction(async (tx) => {
        await tx.run(sql`INSERT INTO notes VALUES ('b', 'second')`);
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    const after = await watcher.snapshot();
    expect(after).not.toBe(before);
    expect(snapshotChanges(before, after)).toEqual([]);
  });

  it('sees writes made through a transaction and a batch', async () => {
    const watcher = snapshotWatcher(db);
    const before = await watcher.snapshot();
    await db.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO notes VALUES ('b', 'second')`);
    });
    const afterTransaction = await watcher.snapshot();
    expect(snapshotChanges(before, afterTransaction)).toEqual(['notes: 1 rows → 2 rows']);
    await db.batch([db.run(sql`DELETE FROM notes WHERE id = 'a'`), db.run(sql`DELETE FROM notes WHERE id = 'b'`)]);
    expect(snapshotChanges(afterTransaction, await watcher.snapshot())).toEqual(['notes: 2 rows → 0 rows']);
  });
});

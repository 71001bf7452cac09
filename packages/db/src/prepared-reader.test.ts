import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateDatabase, tuneEmbedded } from './client';
import { createPreparedReader } from './prepared-reader';

const folder = mkdtempSync(join(tmpdir(), 'naav-reader-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const sql = 'select "id", "name", "createdAt" from "user" where "email" = ?';

describe.each([
  ['an embedded file', `file:${join(folder, 'naav.db')}`],
  ['an in-memory database', ':memory:'],
])('createPreparedReader on %s', (_, url) => {
  it('answers the first row in column order, and sees each write as soon as it is committed', async () => {
    const db = createDatabase({ url });
    await tuneEmbedded(db, url);
    await migrateDatabase(db);
    const reader = createPreparedReader(db, url);
    expect(await reader.first(sql, ['ana@example.org'])).toBeUndefined();
    await db.$client.execute({
      sql: 'insert into "user" ("id", "name", "email", "createdAt", "updatedAt") values (?, ?, ?, ?, ?)',
      args: ['u1', 'Ana', 'ana@example.org', 1_700_000_000_000, 1_700_000_000_000],
    });
    expect(await reader.first(sql, ['ana@example.org'])).toEqual(['u1', 'Ana', 1_700_000_000_000]);
    await db.$client.execute({ sql: 'update "user" set "name" = ? where "id" = ?', args: ['Ana B', 'u1'] });
    expect(await reader.first(sql, ['ana@example.org'])).toEqual(['u1', 'Ana B', 1_700_000_000_000]);
    await db.$client.execute({ sql: 'delete from "user" where "id" = ?', args: ['u1'] });
    expect(await reader.first(sql, ['ana@example.org'])).toBeUndefined();
    reader.close();
    db.$client.close();
  });
});

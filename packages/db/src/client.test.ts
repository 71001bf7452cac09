import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    await db.$client.execute("insert into user (id, name, email, emailVerified, role, createdAt, updatedAt) values ('u1', 'A', 'a@example.test', 0, 'client', 0, 0)");
    expect(modeOf(join(root, 'data'))).toBe(0o700);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path), path).toBe(0o600);
    db.$client.close();
  });
});

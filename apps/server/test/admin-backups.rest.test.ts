import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { ensureAdmin } from '@naav/api/server';
import { demoUsers } from '@naav/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { json, restError, sendAs } from './http';

// GET / POST /api/admin/backups and the download, and the audit lines of backups, exports and deletions.
const backupDir = mkdtempSync(join(tmpdir(), 'naav-admin-backups-'));
let server: TestServer;
let admin: string;
let agent: string;
let client: string;

beforeAll(async () => {
  server = await createTestServer({ backupDir });
  const noMail = { sendInvitation: () => Promise.reject(new Error('no mail expected')) };
  await ensureAdmin(server.db, noMail, demoUsers.traveller2.email);
  [admin, agent, client] = await Promise.all([
    server.signIn(demoUsers.traveller2.email),
    server.signIn(demoUsers.agent.email),
    server.signIn(demoUsers.traveller.email),
  ]);
}, 60_000);
afterAll(() => rmSync(backupDir, { recursive: true, force: true }));

const send = (method: string, path: string, cookie?: string, body?: unknown) =>
  sendAs(server, method, path, cookie, body);

interface Backup {
  name: string;
  sizeBytes: number;
  createdAt: string;
}
interface AuditEntry {
  actorId: string | null;
  actorEmail: string | null;
  targetId: string | null;
  action: string;
  summary: string;
  clientAddress: string | null;
}
const auditOf = async (action: string) =>
  (await json<{ items: AuditEntry[] }>(await send('GET', `/api/admin/audit?action=${action}`, admin))).items;

describe('backups from the admin screen', { timeout: 60_000 }, () => {
  it.each([
    ['GET', '/api/admin/backups'],
    ['POST', '/api/admin/backups'],
    ['GET', '/api/admin/backups/naav-2026-01-01T00-00-00-000Z.db/download'],
  ])('%s %s is 403 to a traveller and an agent, 401 signed out', async (method, path) => {
    await restError(await send(method, path, client), 403, 'FORBIDDEN');
    await restError(await send(method, path, agent), 403, 'FORBIDDEN');
    await restError(await send(method, path), 401, 'UNAUTHORIZED');
  });

  it('lists none, makes one now, lists it with its time and size, and an admin downloads it (audited)', async () => {
    expect(await json(await send('GET', '/api/admin/backups', admin))).toEqual({
      available: true,
      directory: backupDir,
      items: [],
    });
    const made = await json<Backup>(await send('POST', '/api/admin/backups', admin));
    expect(made).toEqual({
      name: expect.stringMatching(/^naav-\d{4}-\d{2}-\d{2}T[\d-]+Z\.db$/),
      sizeBytes: expect.any(Number),
      createdAt: expect.any(String),
    });
    expect(made.sizeBytes).toBeGreaterThan(10_000);
    expect(Math.abs(Date.parse(made.createdAt) - Date.now())).toBeLessThan(60_000);
    const listed = await json<{ items: Backup[] }>(await send('GET', '/api/admin/backups', admin));
    expect(listed.items).toEqual([made]);

    const download = await send('GET', `/api/admin/backups/${made.name}/download`, admin);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${made.name}"`);
    expect(download.headers.get('content-length')).toBe(String(made.sizeBytes));
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.byteLength).toBe(made.sizeBytes);
    expect(new TextDecoder().decode(bytes.slice(0, 15))).toBe('SQLite format 3');
    // It is the database: the demo travellers are in it.
    const copy = join(backupDir, 'downloaded-copy.sqlite');
    writeFileSync(copy, bytes);
    const opened = createClient({ url: `file:${copy}` });
    const users = await opened.execute({
      sql: 'SELECT count(*) AS n FROM user WHERE email = ?',
      args: [demoUsers.traveller.email],
    });
    opened.close();
    expect(Number(users.rows[0]!.n)).toBe(1);

    const [created] = await auditOf('backup.created');
    expect(created).toMatchObject({ actorId: demoUsers.traveller2.id, actorEmail: demoUsers.traveller2.email });
    expect(created?.summary).toContain(made.name);
    const [downloaded] = await auditOf('backup.downloaded');
    expect(downloaded).toMatchObject({ actorId: demoUsers.traveller2.id, action: 'backup.downloaded' });
    expect(downloaded?.summary).toContain(`${made.name} downloaded`);
  });

  it('a name that is no backup is 404, a path is 400 naming the name', async () => {
    await restError(
      await send('GET', '/api/admin/backups/naav-1999-01-01T00-00-00-000Z.db/download', admin),
      404,
      'NOT_FOUND',
    );
    const bad = await restError(
      await send('GET', '/api/admin/backups/..%2Fnaav.db/download', admin),
      400,
      'BAD_REQUEST',
    );
    expect(bad.issues?.[0]?.path).toEqual(['name']);
  });

  it('a server on a libSQL database makes none, and says so', async () => {
    const plain = await createTestServer({ inProcess: true });
    const noMail = { sendInvitation: () => Promise.reject(new Error('no mail expected')) };
    await ensureAdmin(plain.db, noMail, demoUsers.traveller2.email);
    const cookie = await plain.signIn(demoUsers.traveller2.email);
    expect(await json(await sendAs(plain, 'GET', '/api/admin/backups', cookie))).toEqual({
      available: false,
      directory: null,
      items: [],
    });
    await restError(await sendAs(plain, 'POST', '/api/admin/backups', cookie), 409, 'CONFLICT');
  });
});

describe('the audit log records exports and account deletions', { timeout: 60_000 }, () => {
  it('who asked for and downloaded their export; a deletion without their name', async () => {
    const email = 'audited-leaver@example.org';
    const cookie = await server.signUp({ name: 'Ada Leaver', email, password: 'a-long-password-1' });
    const me = await json<{ id: string }>(await send('GET', '/api/me', cookie));
    const asked = await json<{ id: string }>(await send('POST', '/api/me/export', cookie));
    let link: string | undefined;
    for (let attempt = 0; attempt < 300 && !link; attempt++) {
      const job = await json<{ downloadUrl?: string }>(await send('GET', `/api/me/export/${asked.id}`, cookie));
      link = job.downloadUrl;
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    expect((await send('GET', link!, cookie)).status).toBe(200);
    const [requested] = await auditOf('export.requested');
    expect(requested).toMatchObject({ actorId: me.id, actorEmail: email, targetId: me.id });
    expect(requested?.clientAddress).toEqual(expect.any(String));
    const [downloaded] = await auditOf('export.downloaded');
    expect(downloaded).toMatchObject({ actorId: me.id, actorEmail: email });

    const gone = await send('DELETE', '/api/me', cookie, { password: 'a-long-password-1', sharedTrips: 'transfer' });
    expect(gone.status).toBe(200);
    const [deleted] = await auditOf('account.deleted');
    expect(deleted).toMatchObject({ actorId: null, actorEmail: null, targetId: null });
    expect(deleted?.summary).toBe('a traveller deleted their own account (0 shared trips: 0 transferred, 0 deleted)');
    // Their earlier lines stay, without their name or address.
    const all = await json<{ items: AuditEntry[] }>(await send('GET', '/api/admin/audit?limit=200', admin));
    expect(all.items.filter((e) => e.action.startsWith('export.')).length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(all.items)).not.toContain(email);
    expect(JSON.stringify(all.items)).not.toContain(me.id);
  });
});

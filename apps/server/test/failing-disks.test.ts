import { chmodSync, chownSync, closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, migrateDatabase, tuneEmbedded } from '@naav/db';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, restCalls } from './harness';
import { json, restError } from './http';
import { signInOverHttp, spawnServer, waitUntilServing, type ServerProcess } from './server-process';

const folder = mkdtempSync(join(tmpdir(), 'naav-disks-'));
const started: ServerProcess[] = [];
afterAll(() => {
  for (const s of started) s.proc.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

describe('a full disk', () => {
  it('makes writes answer 503 with a clear message, over REST and tRPC, while reads go on', {
    timeout: 180_000,
  }, async () => {
    const server = await createTestServer();
    const cookie = await server.signIn('traveller@naav.example');
    // The server logs each refused write's cause; keep the test's output to the point.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { get, send } = restCalls(
      () => server,
      () => cookie,
    );
    // SQLite's own limit on the file's size: the next page it needs fails with SQLITE_FULL,
    // exactly as when the disk has no room left.
    const pages = Number((await server.db.$client.execute('PRAGMA page_count')).rows[0]?.[0]);
    await server.db.$client.execute(`PRAGMA max_page_count = ${pages}`);

    const trip = (i: number) => ({
      title: `Full disk ${i}`,
      destination: 'Portugal',
      location: 'Lisbon',
      startDate: '2031-05-01',
      endDate: '2031-05-03',
      description: 'd'.repeat(1900),
      notes: 'n'.repeat(1900),
    });
    let refused: Response | undefined;
    for (let i = 0; i < 50 && !refused; i++) {
      const res = await send('POST', '/api/trips', trip(i));
      expect([200, 503], await res.clone().text()).toContain(res.status);
      if (res.status === 503) refused = res;
    }
    expect(refused, 'the database never filled up').toBeDefined();
    const body = await restError(refused!, 503, 'SERVICE_UNAVAILABLE');
    expect(body.message).toBe(
      'The server has run out of disk space: this change was not saved. Please try again later.',
    );

    let viaTrpc: Response | undefined;
    for (let i = 0; i < 50 && viaTrpc?.status !== 503; i++) {
      viaTrpc = await server.request('/trpc/concierge.send', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ json: { message: 'm'.repeat(1999) } }),
      });
      expect([200, 503]).toContain(viaTrpc.status);
    }
    const trpcBody = await json<{ error: { json: { message: string; data: { code: string } } } }>(viaTrpc!, 503);
    expect(trpcBody.error.json.data.code).toBe('SERVICE_UNAVAILABLE');

    // Reads go on.
    expect((await json<unknown[]>(await get('/api/trips'))).length).toBeGreaterThan(0);
    expect((await get('/api/trips/trip-lisbon/budget-summary')).status).toBe(200);
    expect((await server.request('/trpc/trips.list', { headers: { cookie } })).status).toBe(200);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('for the log does not stop the server', { timeout: 180_000 }, async () => {
    // /dev/full: every write to it fails with ENOSPC, like a log file on a full disk.
    const full = openSync('/dev/full', 'w');
    const server = spawnServer({
      databaseFile: join(folder, 'log.db'),
      env: { LOG_REQUESTS: 'true' },
      stdio: ['ignore', full, full],
    });
    started.push(server);
    closeSync(full);
    await waitUntilServing(server);
    const cookie = await signInOverHttp(server.origin);
    for (let i = 0; i < 30; i++) {
      expect((await fetch(`${server.origin}/api/trips`, { headers: { cookie } })).status).toBe(200);
      expect((await fetch(`${server.origin}/api/nothing-here`)).status).toBe(404);
    }
    expect(server.proc.exitCode).toBeNull();
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
  });
});

describe('a read-only database at start', () => {
  it('exits with one clear line, no stack trace', { timeout: 180_000 }, async () => {
    const dir = join(folder, 'read-only');
    const file = join(dir, 'naav.db');
    const db = createDatabase({ url: `file:${file}` });
    await tuneEmbedded(db, `file:${file}`);
    await migrateDatabase(db);
    db.$client.close();
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    // Root may write whatever the modes say: as root, the server runs as the unprivileged
    // `nobody` user, for whom the file and its folder are read-only; otherwise as ourselves.
    const asNobody = process.getuid?.() === 0;
    if (asNobody) {
      chownSync(dir, 0, 0);
      chownSync(file, 0, 0);
      chmodSync(dir, 0o755);
      chmodSync(file, 0o644);
      chmodSync(folder, 0o755);
    } else {
      chmodSync(file, 0o444);
      chmodSync(dir, 0o555);
    }
    const server = spawnServer({ databaseFile: file, ...(asNobody ? { uid: 65534, gid: 65534 } : {}) });
    started.push(server);
    expect(await server.exited).toBe(1);
    chmodSync(dir, 0o755);
    const lines = server.stderr().trim().split('\n');
    expect(lines, server.stderr()).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Cannot start: the database file:${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} (is read-only|cannot be opened for writing)`,
      ),
    );
    expect(server.stderr()).not.toMatch(/\n\s+at /);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '@naav/db';
import { afterAll, describe, expect, it } from 'vitest';

// The real server (node + tsx, no wrapper process, so SIGKILL hits the server itself) on a
// file database: 200 concurrent POST /api/expenses, killed with SIGKILL halfway, restarted.

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const port = 4300 + Math.floor(Math.random() * 500);
const origin = `http://127.0.0.1:${port}`;
const file = join(tmpdir(), `naav-crash-${randomUUID()}.db`);
let child: ChildProcess | null = null;

async function startServer(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: 'crash-test-secret-0123456789abcdef0123456789',
      DATABASE_URL: `file:${file}`,
      PHOTOS_DIR: `${file}.photos`,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_REQUESTS: 'false',
      AUTH_RATE_LIMIT: 'false',
      WEB_DIST: join(tmpdir(), 'naav-no-web'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function signIn(): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'traveller@naav.example', password: 'naav-demo' }),
  });
  expect(res.ok).toBe(true);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const post = (cookie: string, i: number, runId: string) =>
  fetch(`${origin}/api/expenses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie, 'idempotency-key': `${runId}-${i}` },
    // Today (UTC) is one of the demo Lisbon trip's days, wherever the clock stands.
    body: JSON.stringify({ tripId: 'trip-lisbon', title: `${runId} #${i}`, amount: 100 + i, currency: 'USD', categoryId: 2, date: new Date().toISOString().slice(0, 10), isReimbursable: false }),
  });

afterAll(() => {
  child?.kill('SIGKILL');
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  rmSync(`${file}.photos`, { recursive: true, force: true });
});

describe('expenses survive a crash', () => {
  it('after kill -9 halfway through 200 concurrent POSTs, every answered expense is stored exactly once and retries complete the rest', { timeout: 60_000 }, async () => {
    child = await startServer();
    const cookie = await signIn();
    const runId = `crash-${randomUUID().slice(0, 8)}`;
    const answered = new Map<number, string>();
    let killed = false;
    const calls = Array.from({ length: 200 }, (_, i) =>
      post(cookie, i, runId)
        .then(async (res) => {
          if (res.status >= 200 && res.status < 300) answered.set(i, ((await res.json()) as { id: string }).id);
          else if (!killed) throw new Error(`POST ${i} answered ${res.status}: ${await res.text()}`);
          if (answered.size >= 100 && !killed) {
            killed = true;
            child?.kill('SIGKILL');
          }
        })
        .catch((error: unknown) => {
          // Connections cut by the kill fail; anything before the kill is a real failure.
          if (!killed) throw error;
        }),
    );
    await Promise.all(calls);
    expect(killed).toBe(true);
    const before = new Map(answered);
    expect(before.size).toBeGreaterThanOrEqual(100);
    await new Promise<void>((resolve) => (child!.exitCode !== null || child!.signalCode !== null ? resolve() : child!.once('exit', () => resolve())));

    // What the file holds after the crash: every answered expense once, each with its key; nothing half-written.
    const db = createDatabase({ url: `file:${file}` });
    const rows = (await db.$client.execute({ sql: 'SELECT id, title FROM expenses WHERE title LIKE ?', args: [`${runId} #%`] })).rows as unknown as { id: string; title: string }[];
    const keyed = (await db.$client.execute({ sql: 'SELECT expenseId FROM expense_idempotency_keys WHERE key LIKE ?', args: [`${runId}-%`] })).rows as unknown as { expenseId: string }[];
    const integrity = (await db.$client.execute('PRAGMA integrity_check')).rows[0];
    // The running sums moved in the same transactions as the rows.
    const sums = (await db.$client.execute(`SELECT (SELECT count(*) FROM expenses WHERE tripId = 'trip-lisbon') AS n, (SELECT sum(count) FROM expense_totals WHERE tripId = 'trip-lisbon') AS summed`)).rows[0] as unknown as { n: number; summed: number };
    expect(Number(sums.summed)).toBe(Number(sums.n));
    db.$client.close();
    expect(Object.values(integrity ?? {})).toContain('ok');
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, id] of before) expect(rows.filter((r) => r.title === `${runId} #${i}`).map((r) => r.id)).toEqual([id]);
    expect(keyed.map((k) => k.expenseId).sort()).toEqual([...ids].sort());

    // Restarted, the client retries everything with the same keys: 200 expenses, each once.
    child = await startServer();
    const cookie2 = await signIn();
    for (let start = 0; start < 200; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, async (_, k) => {
          const i = start + k;
          const res = await post(cookie2, i, runId);
          expect(res.status).toBe(200);
          const id = ((await res.json()) as { id: string }).id;
          if (before.has(i)) expect(id).toBe(before.get(i));
        }),
      );
    }
    const list = (await (await fetch(`${origin}/api/trips/trip-lisbon/expenses?q=${encodeURIComponent(runId)}`, { headers: { cookie: cookie2 } })).json()) as { title: string }[];
    expect(list).toHaveLength(200);
    expect(new Set(list.map((e) => e.title)).size).toBe(200);
  });
});

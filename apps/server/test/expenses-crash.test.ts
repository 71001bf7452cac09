import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '@naav/db';
import { afterAll, describe, expect, it } from 'vitest';
import { signInOverHttp, spawnServer, waitUntilServing, type ServerProcess } from './server-process';

// The real server (the bundle `pnpm start` runs, no wrapper process, so SIGKILL hits the server itself) on a
// file database: 200 concurrent POST /api/expenses, killed with SIGKILL halfway, restarted.

const file = join(tmpdir(), `naav-crash-${randomUUID()}.db`);
let server: ServerProcess | null = null;

async function startServer(): Promise<ServerProcess> {
  const started = spawnServer({ databaseFile: file });
  await waitUntilServing(started);
  return started;
}

const post = (cookie: string, i: number, runId: string) =>
  fetch(`${server!.origin}/api/expenses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server!.origin, cookie, 'idempotency-key': `${runId}-${i}` },
    // Today (UTC) is one of the demo Lisbon trip's days, wherever the clock stands.
    body: JSON.stringify({
      tripId: 'trip-lisbon',
      title: `${runId} #${i}`,
      amount: 100 + i,
      currency: 'USD',
      categoryId: 2,
      date: new Date().toISOString().slice(0, 10),
      isReimbursable: false,
    }),
  });

afterAll(() => {
  server?.proc.kill('SIGKILL');
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  rmSync(`${file}.photos`, { recursive: true, force: true });
});

describe('expenses survive a crash', () => {
  it('after kill -9 halfway through 200 concurrent POSTs, every answered expense is stored exactly once and retries complete the rest', {
    timeout: 300_000,
  }, async () => {
    server = await startServer();
    const cookie = await signInOverHttp(server.origin);
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
            server?.proc.kill('SIGKILL');
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
    await server!.exited;

    // What the file holds after the crash: every answered expense once, each with its key; nothing half-written.
    const db = createDatabase({ url: `file:${file}` });
    const rows = (
      await db.$client.execute({ sql: 'SELECT id, title FROM expenses WHERE title LIKE ?', args: [`${runId} #%`] })
    ).rows as unknown as { id: string; title: string }[];
    const keyed = (
      await db.$client.execute({
        sql: 'SELECT expenseId FROM expense_idempotency_keys WHERE key LIKE ?',
        args: [`${runId}-%`],
      })
    ).rows as unknown as { expenseId: string }[];
    const integrity = (await db.$client.execute('PRAGMA integrity_check')).rows[0];
    // The running sums moved in the same transactions as the rows.
    const sums = (
      await db.$client.execute(
        `SELECT (SELECT count(*) FROM expenses WHERE tripId = 'trip-lisbon') AS n, (SELECT sum(count) FROM expense_totals WHERE tripId = 'trip-lisbon') AS summed`,
      )
    ).rows[0] as unknown as { n: number; summed: number };
    expect(Number(sums.summed)).toBe(Number(sums.n));
    db.$client.close();
    expect(Object.values(integrity ?? {})).toContain('ok');
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, id] of before)
      expect(rows.filter((r) => r.title === `${runId} #${i}`).map((r) => r.id)).toEqual([id]);
    expect(keyed.map((k) => k.expenseId).sort()).toEqual([...ids].sort());

    // Restarted, the client retries everything with the same keys: 200 expenses, each once.
    server = await startServer();
    const cookie2 = await signInOverHttp(server.origin);
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
    const list = (await (
      await fetch(`${server.origin}/api/trips/trip-lisbon/expenses?q=${encodeURIComponent(runId)}`, {
        headers: { cookie: cookie2 },
      })
    ).json()) as { title: string }[];
    expect(list).toHaveLength(200);
    expect(new Set(list.map((e) => e.title)).size).toBe(200);
  });
});

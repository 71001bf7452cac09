import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type Database } from '@naav/db';
import { leases, notifications, user } from '@naav/db/schema';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from './mail';
import { spawnServer, waitUntilServing, type ServerProcess } from './server-process';

// Two production servers on one database file send the outbox through a real SMTP server. The
// one holding the delivery lease is killed (SIGKILL) while the SMTP server holds back its answer
// to a message it has received: that notice is claimed but not marked sent. The other server
// takes over once the lease runs out and sends it again with the same Message-ID, so counted
// by Message-ID every notice arrives exactly once.

const file = join(tmpdir(), `naav-notices-${randomUUID()}.db`);
const servers: ServerProcess[] = [];
let sink: SmtpSink | undefined;

afterAll(async () => {
  for (const s of servers) s.proc.kill('SIGKILL');
  await sink?.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  rmSync(`${file}.photos`, { recursive: true, force: true });
});

const messageIdIn = (raw: Buffer) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw.toString('latin1'))?.[1] ?? '';

describe('notification mail on two servers', () => {
  it('a server killed mid-delivery: the other takes over, and every notice arrives once by Message-ID', {
    timeout: 300_000,
  }, async () => {
    const ours = new Set<string>();
    const arrivals: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    sink = await startSmtpSink({
      onRaw: async (raw) => {
        const id = messageIdIn(raw);
        if (!ours.has(id)) return;
        arrivals.push(id);
        // The fourth: received whole, but the sender waits for the answer until it has been killed.
        if (arrivals.length === 4) {
          holding();
          await gate;
        }
      },
    });
    const env = {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Naav <no-reply@naav.example>',
      NOTIFICATION_RUN_MS: '100',
      NOTIFICATION_LEASE_MS: '1500',
    };
    for (let i = 0; i < 2; i++) {
      const server = spawnServer({ databaseFile: file, env });
      servers.push(server);
      // One after the other: the first migrates and loads the demo.
      await waitUntilServing(server);
    }

    const db: Database = createDatabase({ url: `file:${file}` });
    await db.run(sql`PRAGMA busy_timeout = 5000`);
    const [traveller] = await db.select({ id: user.id }).from(user).where(eq(user.email, 'traveller@naav.example'));
    const ids = Array.from({ length: 12 }, () => randomUUID());
    for (const id of ids) ours.add(`<${id}@naav.example>`);
    await db.insert(notifications).values(
      ids.map((id, i) => ({
        id,
        userId: traveller!.id,
        kind: 'concierge_reply',
        title: `Concierge reply ${i + 1}`,
        link: '/concierge',
      })),
    );

    await held;
    const [lease] = await db.select().from(leases).where(eq(leases.name, 'notifications'));
    const pid = Number(lease!.holder.split(':')[1]);
    const sending = servers.find((s) => s.proc.pid === pid);
    expect(sending, `the lease holder ${lease!.holder} is one of the two servers`).toBeDefined();
    sending!.proc.kill('SIGKILL');
    await sending!.exited;
    const survivor = servers.find((s) => s !== sending)!;
    release();

    // The survivor sends the rest, and the one left half-sent again.
    const deadline = Date.now() + 60_000;
    while (new Set(arrivals).size < ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(survivor.proc.exitCode).toBeNull();
    expect(new Set(arrivals)).toEqual(ours);
    const copies = new Map<string, number>();
    for (const id of arrivals) copies.set(id, (copies.get(id) ?? 0) + 1);
    // At least once at the SMTP boundary (the interrupted one came twice, with one Message-ID), exactly once by Message-ID.
    expect([...copies.values()].filter((n) => n > 1)).toEqual([2]);
    expect(arrivals).toHaveLength(ids.length + 1);

    // The sink has the last message a moment before the survivor hears its 250 and marks it sent.
    const states = async () =>
      (
        await db.select({ state: notifications.emailState }).from(notifications).where(inArray(notifications.id, ids))
      ).map((r) => r.state);
    await expect.poll(states, { timeout: 10_000 }).toEqual(ids.map(() => 'sent'));
    db.$client.close();
  });
});

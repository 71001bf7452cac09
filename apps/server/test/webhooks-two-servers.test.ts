import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoPassword } from '@naav/db/seed';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcesses, type AppProcess, type AppProcesses } from './app-processes';
import { cookieHeader } from './harness';

// Two production servers on one database, both running the webhook delivery loop; the one
// delivering is killed while the receiver holds its request. The other sends that event again
// (same webhook-id) once the dead server's lease has run out, and every event is delivered once,
// in order.

interface Hit {
  id: string;
  type: string;
  answered: boolean;
}
let pair: AppProcesses;
let receiver: ReturnType<typeof createServer>;
let receiverUrl: string;
const hits: Hit[] = [];
/** The first request is held open (not answered) until the test lets go. */
let held: { req: IncomingMessage; res: ServerResponse } | undefined;
let holdNext = true;
let secret = '';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const event = new Webhook(secret).verify(body, req.headers as Record<string, string>) as { type: string };
      const hit = { id: String(req.headers['webhook-id']), type: event.type, answered: false };
      hits.push(hit);
      if (holdNext) {
        holdNext = false;
        held = { req, res };
        return;
      }
      hit.answered = true;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  pair = await startAppProcesses({ count: 2, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
}, 180_000);
afterAll(async () => {
  held?.res.destroy();
  await pair?.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

async function until<T>(what: string, check: () => T | undefined, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The server whose socket is the other end of `req` (Linux: /proc's socket inodes). */
function senderOf(req: IncomingMessage, servers: AppProcess[]): AppProcess {
  const port = req.socket.remotePort!.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(`:${port}`)) inodes.add(cols[9]!);
    }
  }
  const owner = servers.find((s) =>
    readdirSync(`/proc/${s.pid}/fd`).some((fd) => {
      try {
        const match = readlinkSync(`/proc/${s.pid}/fd/${fd}`).match(/^socket:\[(\d+)\]$/);
        return match !== null && inodes.has(match[1]!);
      } catch {
        return false;
      }
    }),
  );
  if (!owner) throw new Error(`no server holds the connection from port ${req.socket.remotePort}`);
  return owner;
}

describe('webhook delivery on two servers', { timeout: 240_000 }, () => {
  it('a server killed mid-delivery: the other sends the event again, and every event is answered once, in order', async () => {
    const [a] = pair.servers as [AppProcess, AppProcess];
    const signIn = await fetch(`${a.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'traveller@naav.example', password: demoPassword }),
    });
    const cookie = cookieHeader(signIn);
    const post = (server: AppProcess, path: string, body: unknown) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
        body: JSON.stringify(body),
      });
    const created = (await (await post(a, '/api/webhooks', { url: receiverUrl, events: ['trip.*'] })).json()) as {
      secret: string;
    };
    secret = created.secret;
    const trip = (n: number) => ({
      title: `Trip ${n}`,
      location: 'Porto, Portugal',
      destination: 'Portugal',
      startDate: '2031-05-01',
      endDate: '2031-05-04',
    });
    expect((await post(a, '/api/trips', trip(1))).status).toBe(200);

    // The first delivery reaches the receiver, which holds it; its sender dies.
    await until('the first delivery', () => held);
    const sender = senderOf(held!.req, pair.servers);
    const survivor = pair.servers.find((s) => s !== sender)!;
    await sender.kill();
    held!.res.destroy();

    // More changes through the survivor queue behind the unanswered one.
    for (const n of [2, 3]) expect((await post(survivor, '/api/trips', trip(n))).status).toBe(200);
    await until('every event answered', () => hits.filter((h) => h.answered).length === 3 || undefined);

    const answered = hits.filter((h) => h.answered);
    // Each event answered once, in the order the changes were made.
    expect(new Set(answered.map((h) => h.id)).size).toBe(3);
    expect(answered.map((h) => h.type)).toEqual(['trip.created', 'trip.created', 'trip.created']);
    // The killed delivery was sent again under its own webhook-id, first.
    expect(answered[0]!.id).toBe(hits[0]!.id);
    expect(hits).toHaveLength(4);
  });
});

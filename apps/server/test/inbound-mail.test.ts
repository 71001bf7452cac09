import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDatabase, type Database } from '@naav/db';
import { events, inboundMails, notifications, trips } from '@naav/db/schema';
import { and, eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startAppProcesses, type AppProcess, type AppProcesses } from './app-processes';
import { cookieHeader } from './harness';

/**
 * Forwarded confirmations on two production app processes sharing one database: server B runs
 * the SMTP listener, a real SMTP client (nodemailer) hands it a confirmation for the address
 * server A gave out, and the booking lands once in the trip covering it, with an inbox notice.
 */
const corpus = fileURLToPath(new URL('../../../packages/api/src/routers/bookings/corpus/email/', import.meta.url));
const united = readFileSync(`${corpus}united-flight-confirmation.eml`);
const hotel = readFileSync(`${corpus}hotel-and-dinner-sloppy-json.eml`);
const secret = 'inbound-test-secret-0123456789';

let servers: AppProcesses;
let a: AppProcess;
let b: AppProcess;
let smtpPort: number;
let db: Database;
let cookie: string;
let address: string;

async function until<T>(check: () => Promise<T | undefined | null | false>): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('never happened');
}

const send = (to: string, raw: Buffer | string) =>
  createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true }).sendMail({
    envelope: { from: 'eva.green@example.com', to: [to] },
    raw,
  });

const mailRow = (messageId: string) => db.select().from(inboundMails).where(eq(inboundMails.messageId, messageId));

beforeAll(async () => {
  smtpPort = await freePort();
  servers = await startAppProcesses({
    env: { INBOUND_MAIL_SECRET: secret, MAIL_DOMAIN: 'in.naav.example', INBOUND_RUN_MS: '60000' },
    envOf: (i): Record<string, string> => (i === 1 ? { INBOUND_SMTP_PORT: String(smtpPort) } : {}),
  });
  [a, b] = servers.servers as [AppProcess, AppProcess];
  db = createDatabase({ url: `file:${servers.databaseFile}` });
  const signIn = await fetch(`${a.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: a.baseUrl },
    body: JSON.stringify({ email: 'traveller@naav.example', password: 'naav-demo' }),
  });
  expect(signIn.status).toBe(200);
  cookie = cookieHeader(signIn);
  const res = await fetch(`${a.baseUrl}/api/inbound/address`, { headers: { cookie } });
  expect(res.status).toBe(200);
  address = ((await res.json()) as { address: string }).address;
}, 180_000);

afterAll(async () => {
  db?.$client.close();
  await servers?.stop();
});

describe('forwarding address', () => {
  it('is private to each person and stays the same until regenerated', async () => {
    expect(address).toMatch(/^trips\+[a-z2-7]{20}@in\.naav\.example$/);
    const again = await fetch(`${b.baseUrl}/api/inbound/address`, { headers: { cookie } });
    expect(((await again.json()) as { address: string }).address).toBe(address);
  });

  it('a confirmation sent by SMTP lands once in the trip covering it, and in the inbox', {
    timeout: 120_000,
  }, async () => {
    const created = await fetch(`${a.baseUrl}/api/trips`, {
      method: 'POST',
      headers: { cookie, origin: a.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'New York',
        destination: 'New York',
        location: 'New York, USA',
        startDate: '2027-03-03',
        endDate: '2027-03-09',
      }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const trip = (await created.json()) as { id: string };

    const info = await send(address, united);
    expect(info.accepted).toEqual([address]);
    const [row] = await until(async () => {
      const rows = await mailRow('<confirmation-rxj34p@united.example>');
      return rows[0]?.status === 'done' && rows;
    });
    expect(row!.tripId).toBe(trip.id);
    const flights = await db.select().from(events).where(eq(events.tripId, trip.id));
    expect(flights.map((e) => [e.date, e.startTime, e.timeZone])).toEqual([
      ['2027-03-04', '20:15:00', 'America/Los_Angeles'],
    ]);
    const inbox = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, 'user-traveller'), eq(notifications.kind, 'booking_imported')));
    expect(inbox.map((n) => [n.title, n.link])).toEqual([
      [expect.stringMatching(/^1 booking from United.* added to New York$/), `/trips/${trip.id}`],
    ]);

    // The same mail again (a retry, or a second forward): accepted, and nothing more is added.
    await send(address, united);
    expect(await mailRow('<confirmation-rxj34p@united.example>')).toHaveLength(1);
    const rows = await db.select({ id: inboundMails.id }).from(inboundMails);
    expect(rows).toHaveLength(1);
    expect(await db.select().from(events).where(eq(events.tripId, trip.id))).toHaveLength(1);
  });

  it('mail for an unknown or old address is refused at RCPT TO, and nothing is stored', async () => {
    await expect(send('trips+aaaaaaaaaaaaaaaaaaaa@in.naav.example', united)).rejects.toMatchObject({
      responseCode: 550,
    });
    await expect(send('someone@in.naav.example', united)).rejects.toMatchObject({ responseCode: 550 });
    const renewed = await fetch(`${a.baseUrl}/api/inbound/address`, {
      method: 'POST',
      headers: { cookie, origin: a.baseUrl },
    });
    const next = ((await renewed.json()) as { address: string }).address;
    expect(next).not.toBe(address);
    await expect(send(address, hotel)).rejects.toMatchObject({ responseCode: 550 });
    address = next;
    expect(await db.select({ id: inboundMails.id }).from(inboundMails)).toHaveLength(1);
  });

  it('a 50 MB mail is refused, and nothing is stored', { timeout: 60_000 }, async () => {
    const huge = `${united.toString('latin1')}\r\n${'x'.repeat(76)}\r\n`.repeat(1).padEnd(50 * 1024 * 1024, 'y');
    await expect(send(address, huge)).rejects.toMatchObject({ responseCode: 552 });
    expect(await db.select({ id: inboundMails.id }).from(inboundMails)).toHaveLength(1);
  });

  it('POST /api/inbound/mail takes a raw message with the shared secret; a booking no trip covers makes a new trip', {
    timeout: 120_000,
  }, async () => {
    const raw = hotel.toString('latin1').replace(/^To:.*$/m, `To: ${address}`);
    const before = await db.select({ id: trips.id }).from(trips).where(eq(trips.ownerId, 'user-traveller'));
    const refused = await fetch(`${a.baseUrl}/api/inbound/mail`, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong-secret-0123456789', 'content-type': 'message/rfc822' },
      body: raw,
    });
    expect(refused.status).toBe(401);
    const res = await fetch(`${a.baseUrl}/api/inbound/mail`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'message/rfc822' },
      body: raw,
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const done = await until(async () => {
      const rows = await db.select().from(inboundMails);
      const mail = rows.find((r) => r.messageId !== '<confirmation-rxj34p@united.example>');
      return mail?.status === 'done' && mail;
    });
    const [trip] = await db.select().from(trips).where(eq(trips.id, done.tripId!));
    expect(before.map((t) => t.id)).not.toContain(trip!.id);
    expect([trip!.startDate, trip!.endDate]).toEqual(['2027-04-10', '2027-04-13']);
    expect(await db.select().from(events).where(eq(events.tripId, trip!.id))).not.toHaveLength(0);
    const inbox = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, 'user-traveller'), eq(notifications.kind, 'booking_imported')));
    expect(inbox).toHaveLength(2);
    expect(inbox.find((n) => n.link === `/trips/${trip!.id}`)?.title).toMatch(
      new RegExp(`^2 bookings .*added to ${trip!.title}$`),
    );
  });
});

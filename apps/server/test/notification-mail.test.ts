import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { writeDueReminders } from '@naav/api/server';
import { events, leases, notifications, trips, user } from '@naav/db/schema';
import type { NotificationKind } from '@naav/schemas/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/mail/mailer';
import { createDelivery } from '../src/notifications/delivery';
import { deliveryTo } from './notification-delivery';
import { startNotificationLoop } from '../src/notifications/loop';
import { createTestServer, restCalls, type TestServer } from './harness';
import { json } from './http';
import { startSmtpSink, type SmtpSink } from './mail';

// The outbox's sender against a real SMTP server: what a mail carries, the daily digest, quiet
// hours, one-click unsubscribe, and a notice a dead server left half-sent.

const publicUrl = 'https://naav.example';
const START = new Date('2026-03-10T10:00:00Z');

let server: TestServer;
let sink: SmtpSink;
let cookies: Record<string, string>;
const ids: Record<string, string> = {};

const { send } = restCalls(
  () => server,
  () => null,
);

const deliveryAs = (holder: string) => deliveryTo(server.db, sink.url, publicUrl, holder);

async function notice(email: string, kind: NotificationKind, title: string, createdAt = START) {
  const id = randomUUID();
  await server.db.insert(notifications).values({
    id,
    userId: ids[email]!,
    kind,
    title,
    body: `About ${title}`,
    link: `/travel-planner?tab=proposals&proposal=${id}`,
    createdAt,
  });
  return id;
}

const stateOf = async (id: string) =>
  (await server.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;

const mailsTo = (email: string) => sink.received.filter((m) => m.to.includes(email));

beforeAll(async () => {
  server = await createTestServer({ now: () => START });
  sink = await startSmtpSink();
  cookies = {};
  for (const email of ['traveller@naav.example', 'traveller2@naav.example', 'agent@naav.example']) {
    cookies[email] = await server.signIn(email);
    ids[email] = (await server.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
  }
});
afterAll(() => sink.close());

describe('notification mail', () => {
  it('carries the recipient, the title as subject, the text with an absolute link, a Message-ID from the notice, and RFC 8058 unsubscribe', async () => {
    const delivery = deliveryAs('server-a');
    const id = await notice('traveller@naav.example', 'proposal_new', 'New proposal: Kyoto in autumn');
    expect(await delivery.deliver(() => START)).toBe(1);

    const mail = await sink.waitFor('traveller@naav.example', /Kyoto in autumn/);
    expect(mail.subject).toBe('New proposal: Kyoto in autumn');
    expect(mail.contentType).toBe('multipart/alternative');
    expect(mail.messageId).toBe(`<${id}@naav.example>`);
    expect(mail.text).toContain('About New proposal: Kyoto in autumn');
    expect(mail.text).toContain(`${publicUrl}/travel-planner?tab=proposals&proposal=${id}`);
    const unsubscribe = /^<(https:\/\/naav\.example\/api\/notifications\/unsubscribe\?token=[^>]+)>$/.exec(
      mail.headers['list-unsubscribe'] ?? '',
    )?.[1];
    expect(unsubscribe).toBeDefined();
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The footer's link is the same one-click address, for people.
    expect(mail.text).toContain(`Unsubscribe from "New proposals" e-mails: ${unsubscribe}`);
    expect(await stateOf(id)).toMatchObject({ emailState: 'sent' });

    // Sent once: the next run finds nothing.
    expect(await delivery.deliver(() => START)).toBe(0);
    expect(sink.received.filter((m) => m.messageId === mail.messageId)).toHaveLength(1);

    // The mail provider's one-click POST turns that kind off; the next notice of it writes no mail, others still do.
    const res = await server.request(new URL(unsubscribe!).pathname + new URL(unsubscribe!).search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await json(res)).toMatchObject({ kind: 'proposal_new', email: 'off' });
    const quiet = await notice('traveller@naav.example', 'proposal_new', 'New proposal: Oslo');
    const other = await notice('traveller@naav.example', 'concierge_reply', 'The concierge answered');
    expect(await delivery.deliver(() => START)).toBe(1);
    expect(await stateOf(quiet)).toMatchObject({ emailState: 'none' });
    expect(await stateOf(other)).toMatchObject({ emailState: 'sent' });
    expect(mailsTo('traveller@naav.example').map((m) => m.subject)).toEqual([
      'New proposal: Kyoto in autumn',
      'The concierge answered',
    ]);
  });

  it('gathers digest kinds into one mail at 08:00 in the person’s zone', async () => {
    const email = 'traveller2@naav.example';
    await json(
      await send(
        'PUT',
        '/api/notification-settings',
        {
          channels: {
            concierge_reply: { inbox: true, email: 'digest' },
            family_invite: { inbox: true, email: 'digest' },
          },
          quietHours: null,
          timeZone: 'America/New_York',
        },
        cookies[email]!,
      ),
    );
    const delivery = deliveryAs('server-a');
    const first = await notice(email, 'concierge_reply', 'The concierge answered about Lisbon');
    const second = await notice(email, 'family_invite', 'Kenji invited you to Family');
    expect(await delivery.deliver(() => START)).toBe(0);
    // 10:00 UTC is 06:00 in New York (before summer time): the digest goes at 08:00 there, 12:00 UTC.
    const due = new Date('2026-03-10T12:00:00Z');
    expect((await stateOf(first)).emailAt).toEqual(due);
    expect(await delivery.deliver(() => new Date('2026-03-10T11:59:00Z'))).toBe(0);
    expect(mailsTo(email)).toHaveLength(0);

    expect(await delivery.deliver(() => due)).toBe(1);
    const [mail] = mailsTo(email);
    expect(mail!.subject).toBe('Your Naav digest: 2 updates');
    expect(mail!.text).toContain('The concierge answered about Lisbon');
    expect(mail!.text).toContain('Kenji invited you to Family');
    expect(mail!.text).toContain(`${publicUrl}/travel-planner?tab=proposals&proposal=${second}`);
    expect(mail!.messageId).toBe(`<digest-${[first, second].sort()[0]}@naav.example>`);
    expect(mail!.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/naav\.example\/api\/notifications\/unsubscribe\?token=/,
    );
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(await delivery.deliver(() => due)).toBe(0);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('holds mail during quiet hours in the person’s zone and sends it when they end', async () => {
    const email = 'agent@naav.example';
    await json(
      await send(
        'PUT',
        '/api/notification-settings',
        { channels: {}, quietHours: { start: '22:00', end: '07:00' }, timeZone: 'Asia/Tokyo' },
        cookies[email]!,
      ),
    );
    const delivery = deliveryAs('server-a');
    // 14:00 UTC is 23:00 in Tokyo.
    const night = new Date('2026-03-10T14:00:00Z');
    const id = await notice(email, 'proposal_response', 'Ana accepted Kyoto', night);
    expect(await delivery.deliver(() => night)).toBe(0);
    const morning = new Date('2026-03-10T22:00:00Z'); // 07:00 in Tokyo
    expect(await stateOf(id)).toMatchObject({ emailState: 'held', emailAt: morning });
    expect(await delivery.deliver(() => new Date('2026-03-10T21:59:00Z'))).toBe(0);
    expect(mailsTo(email)).toHaveLength(0);
    expect(await delivery.deliver(() => morning)).toBe(1);
    expect(mailsTo(email).map((m) => m.subject)).toEqual(['Ana accepted Kyoto']);
  });

  it('a notice a dead server claimed but never marked sent goes again, with the same Message-ID', async () => {
    const id = await notice('traveller@naav.example', 'concierge_reply', 'Left half-sent');
    await server.db.update(notifications).set({ emailState: 'sending:dead-server:7' }).where(eq(notifications.id, id));
    // While server A's lease runs, server B sends nothing; once it has run out, B takes over.
    const serverB = deliveryAs('server-b');
    expect(await serverB.deliver(() => new Date('2026-03-10T22:00:30Z'))).toBeNull();
    expect(await serverB.deliver(() => new Date('2026-03-11T00:00:00Z'))).toBe(1);
    const mail = await sink.waitFor('traveller@naav.example', /Left half-sent/);
    expect(mail.messageId).toBe(`<${id}@naav.example>`);
    expect(await stateOf(id)).toMatchObject({ emailState: 'sent' });
  });

  it('a reminder computed from the data arrives by mail: check-in 24 h before the flight, in its own zone', async () => {
    await server.db.insert(trips).values({
      id: 'trip-mail',
      ownerId: ids['traveller@naav.example']!,
      title: 'Madeira',
      destination: 'Madeira',
      location: 'Funchal',
      startDate: '2026-03-12',
      endDate: '2026-03-15',
      timeZone: 'Atlantic/Madeira',
    });
    await server.db.insert(events).values({
      id: 'flight-mail',
      tripId: 'trip-mail',
      title: 'Flight TP 1689 to Lisbon',
      date: '2026-03-12',
      startTime: '18:30:00',
      // New York is on summer time (UTC-4) from 8 March: 18:30 there is 22:30 UTC.
      timeZone: 'America/New_York',
      type: 'transportation',
    });
    const delivery = deliveryAs('server-b');
    const run = async (at: string) => {
      await writeDueReminders(server.db, new Date(at));
      await delivery.deliver(() => new Date(at));
    };
    await run('2026-03-11T22:29:00Z');
    expect(sink.received.filter((m) => m.subject.startsWith('Check-in is open'))).toHaveLength(0);
    await run('2026-03-11T22:30:00Z');
    await run('2026-03-12T01:00:00Z');
    const checkIn = sink.received.filter((m) => m.subject === 'Check-in is open: Flight TP 1689 to Lisbon');
    expect(checkIn).toHaveLength(1);
    expect(checkIn[0]!.to).toEqual(['traveller@naav.example']);
    expect(checkIn[0]!.text).toContain('Departs 2026-03-12 at 18:30 (America/New_York).');
    expect(checkIn[0]!.text).toContain(`${publicUrl}/trips/trip-mail`);
    expect(checkIn[0]!.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/naav\.example\/api\/notifications\/unsubscribe\?token=.+\.flight_checkin\./,
    );
    expect(checkIn[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('a message the mail server refuses for good is marked failed and holds up nothing after it', async () => {
    const real = createMailer({ smtpUrl: sink.url, from: 'Naav <no-reply@naav.example>', outboxDir: tmpdir() });
    const refusing = createDelivery({
      db: server.db,
      mailer: {
        async send(message) {
          if (message.subject === 'Bounces')
            throw Object.assign(new Error('550 no such mailbox'), { responseCode: 550 });
          await real.send(message);
        },
      },
      publicUrl,
      messageIdDomain: 'naav.example',
      holder: 'server-b',
      leaseMs: 60_000,
    });
    const later = new Date('2026-03-12T12:00:00Z');
    const bounced = await notice('traveller@naav.example', 'concierge_reply', 'Bounces', later);
    const after = await notice(
      'traveller@naav.example',
      'concierge_reply',
      'Arrives after it',
      new Date(later.getTime() + 1),
    );
    await refusing.deliver(() => later);
    expect(await stateOf(bounced)).toMatchObject({ emailState: 'failed' });
    expect(await stateOf(after)).toMatchObject({ emailState: 'sent' });
    await sink.waitFor('traveller@naav.example', /Arrives after it/);
    expect(sink.received.filter((m) => m.subject === 'Bounces')).toHaveLength(0);
    expect(await refusing.deliver(() => later)).toBe(0);
  });

  it('two servers’ loops on one database, on the test clock: the check-in mail goes once, whichever runs and however often', async () => {
    await server.db.insert(trips).values({
      id: 'trip-loops',
      ownerId: ids['traveller@naav.example']!,
      title: 'Boston',
      destination: 'United States',
      location: 'Boston',
      startDate: '2026-11-02',
      endDate: '2026-11-06',
      timeZone: 'America/New_York',
    });
    // New York leaves summer time at 06:00 UTC on 1 November: 00:30 on the 2nd is 05:30 UTC,
    // 24 h before is 05:30 UTC on the 1st (01:30 the first time round, still on summer time).
    await server.db.insert(events).values({
      id: 'flight-loops',
      tripId: 'trip-loops',
      title: 'Flight B6 1 to Boston',
      date: '2026-11-02',
      startTime: '00:30:00',
      timeZone: 'America/New_York',
      type: 'transportation',
    });
    let clock = new Date('2026-11-01T05:29:00Z');
    const loopOf = () =>
      startNotificationLoop({
        db: server.db,
        mailer: createMailer({ smtpUrl: sink.url, from: 'Naav <no-reply@naav.example>', outboxDir: tmpdir() }),
        publicUrl,
        mailFrom: 'Naav <no-reply@naav.example>',
        // Runs only when the test ticks it.
        everyMs: 3_600_000,
        leaseMs: 60_000,
        now: () => clock,
      });
    const first = loopOf();
    const second = loopOf();
    const subject = 'Check-in is open: Flight B6 1 to Boston';
    await Promise.all([first.tick(), second.tick()]);
    expect(sink.received.filter((m) => m.subject === subject)).toHaveLength(0);

    clock = new Date('2026-11-01T05:30:00Z');
    await Promise.all([first.tick(), second.tick()]);
    await sink.waitFor('traveller@naav.example', /^Check-in is open: Flight B6 1 to Boston$/);
    clock = new Date('2026-11-01T05:30:30Z');
    await Promise.all([first.tick(), second.tick()]);
    // The sending server stops (handing the lease over); the other computes the reminder again.
    const sender = (await server.db.select().from(leases).where(eq(leases.name, 'notifications')))[0]!.holder;
    const [stopping, staying] = sender === first.holder ? [first, second] : [second, first];
    await stopping.stop();
    clock = new Date('2026-11-01T12:00:00Z');
    await staying.tick();
    expect((await server.db.select().from(leases).where(eq(leases.name, 'notifications')))[0]!.holder).toBe(
      staying.holder,
    );
    await staying.stop();
    const sent = sink.received.filter((m) => m.subject === subject);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual(['traveller@naav.example']);
    expect(sent[0]!.text).toContain('Departs 2026-11-02 at 00:30 (America/New_York).');
  });
});

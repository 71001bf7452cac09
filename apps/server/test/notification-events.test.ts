import { writeDueReminders } from '@naav/api/server';
import { actors, callerFor } from '@naav/api/testing';
import { events, travelDocuments, trips } from '@naav/db/schema';
import { notificationKinds, type NotificationKind } from '@naav/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryTo } from './notification-delivery';
import { createTestServer, type TestServer } from './harness';
import { json, sendAs } from './http';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './mail';

// Every row of "what people are told", from the change (or the clock) that causes it to the mail a
// real SMTP server receives: its recipient, subject, absolute link and RFC 8058 unsubscribe
// headers, and the same notice in the recipient's inbox (GET /api/notifications). Mail is set to
// "instant" for every kind here; the digest and quiet hours have their own tests (notification-mail).

const publicUrl = 'https://naav.example';
const NOW = new Date('2026-03-10T09:00:00Z');
let clock = NOW;

let server: TestServer;
let sink: SmtpSink;
const cookies: Record<string, string> = {};
const emailOf = {
  traveller: 'traveller@naav.example',
  traveller2: 'traveller2@naav.example',
  agent: 'agent@naav.example',
};
type Who = keyof typeof emailOf;

const as = (who: (typeof actors)[keyof typeof actors]) => callerFor(server.db, who, () => clock);

const deliveryAs = (holder: string) => deliveryTo(server.db, sink.url, publicUrl, holder);

interface InboxItem {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  readAt: string | null;
}

/** Every notice in a person's inbox, through the REST contract, following the cursor. */
async function inboxOf(who: Who): Promise<InboxItem[]> {
  const items: InboxItem[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: InboxItem[]; nextCursor: string | null } = await json(
      await sendAs(server, 'GET', `/api/notifications${cursor ? `?cursor=${cursor}` : ''}`, cookies[who]!),
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/**
 * Sends the outbox, then checks the one mail titled `subject`: to `who` alone, with the notice's
 * absolute link and the one-click unsubscribe of its kind, and the unread notice in their inbox.
 */
async function expectTold(who: Who, kind: NotificationKind, subject: string, link: string): Promise<ReceivedMail> {
  await deliveryAs('server-a').deliver(() => clock);
  const mail = await sink.waitFor(emailOf[who], new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  expect(sink.received.filter((m) => m.subject === subject && m.to.includes(emailOf[who]))).toHaveLength(1);
  expect(mail.to).toEqual([emailOf[who]]);
  expect(mail.text).toContain(`${publicUrl}${link}`);
  expect(mail.headers['list-unsubscribe']).toMatch(
    new RegExp(`^<https://naav\\.example/api/notifications/unsubscribe\\?token=[^>]*\\.${kind}\\.[^>]*>$`),
  );
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(mail.text).toContain(`Unsubscribe from "`);
  const entry = (await inboxOf(who)).find((n) => n.title === subject);
  expect(entry).toMatchObject({ kind, link, readAt: null });
  expect(mail.messageId).toBe(`<${entry!.id}@naav.example>`);
  return mail;
}

/** Another server's run at `at` (the first one's lease has run out): it computes the reminders and sends the outbox. */
async function otherServerRun(at: Date) {
  await writeDueReminders(server.db, at);
  const other = deliveryAs('server-b');
  expect(await other.deliver(() => at)).not.toBeNull();
  await other.release();
}

const mailsTitled = (subject: string) => sink.received.filter((m) => m.subject === subject);

beforeAll(async () => {
  server = await createTestServer({ now: () => clock, inProcess: true });
  sink = await startSmtpSink();
  const instant = Object.fromEntries(notificationKinds.map((k) => [k, { inbox: true, email: 'instant' }]));
  for (const who of Object.keys(emailOf) as Who[]) {
    cookies[who] = await server.signIn(emailOf[who]);
    await json(
      await sendAs(server, 'PUT', '/api/notification-settings', cookies[who]!, {
        channels: instant,
        quietHours: null,
        timeZone: 'UTC',
      }),
    );
  }
  // Whatever the demo data makes due today goes out first, so each test sees only its own mail.
  await writeDueReminders(server.db, NOW);
  await deliveryAs('server-a').deliver(() => NOW);
});
afterAll(() => sink.close());

const draft = {
  clientId: 'user-traveller',
  destination: 'Porto, Portugal',
  startDate: '2026-04-10',
  endDate: '2026-04-12',
  expiryDate: '2026-03-24',
  budget: 2500,
};

describe('proposals', () => {
  it('submitted and a new version: the client, with title, destination, dates, expiry and a link to open it', async () => {
    clock = NOW;
    const agent = as(actors.agent);
    const { id } = await agent.proposals.create({ ...draft, title: 'Porto weekend' });
    await agent.proposals.submit({ id });
    const link = `/travel-planner?tab=proposals&proposal=${id}`;
    const mail = await expectTold('traveller', 'proposal_new', 'New proposal: Porto weekend', link);
    expect(mail.text).toContain('Porto, Portugal, Apr 10, 2026 – Apr 12, 2026. Decide by Mar 24, 2026.');

    await as(actors.traveller).proposals.requestRevisions({ id, comment: 'A day longer?' });
    await agent.proposals.submit({ id });
    await expectTold('traveller', 'proposal_new', 'New version of your proposal: Porto weekend', link);
  });

  it('opened the first time, revisions requested, accepted, declined: the agent, who and what', async () => {
    clock = NOW;
    const agent = as(actors.agent);
    const client = as(actors.traveller);
    const kept = await agent.proposals.create({ ...draft, title: 'Douro valley' });
    const dropped = await agent.proposals.create({ ...draft, title: 'Algarve coast' });
    await agent.proposals.submit({ id: kept.id });
    await agent.proposals.submit({ id: dropped.id });
    const link = `/travel-planner?view=agent&tab=proposals&proposal=${kept.id}`;

    await client.proposals.open({ id: kept.id });
    await client.proposals.open({ id: kept.id });
    await expectTold('agent', 'proposal_response', 'Alex Morgan opened Douro valley', link);
    await client.proposals.requestRevisions({ id: kept.id, comment: 'By the river, please.\nAnd later flights.' });
    const asked = await expectTold('agent', 'proposal_response', 'Alex Morgan asked for changes to Douro valley', link);
    expect(asked.text).toContain('By the river, please.');
    await agent.proposals.submit({ id: kept.id });
    await client.proposals.accept({ id: kept.id });
    await expectTold('agent', 'proposal_response', 'Alex Morgan accepted Douro valley', link);
    await client.proposals.decline({ id: dropped.id });
    await expectTold(
      'agent',
      'proposal_response',
      'Alex Morgan declined Algarve coast',
      `/travel-planner?view=agent&tab=proposals&proposal=${dropped.id}`,
    );
    expect(mailsTitled('Alex Morgan opened Douro valley')).toHaveLength(1);
  });

  it('expires in 3 days, undecided: the client, once', async () => {
    clock = NOW;
    const agent = as(actors.agent);
    const { id } = await agent.proposals.create({ ...draft, title: 'Madeira hikes', expiryDate: '2026-03-13' });
    await agent.proposals.submit({ id });
    await writeDueReminders(server.db, clock);
    await writeDueReminders(server.db, new Date('2026-03-11T09:00:00Z'));
    const link = `/travel-planner?tab=proposals&proposal=${id}`;
    await expectTold('traveller', 'proposal_expiring', 'Madeira hikes expires on 2026-03-13', link);
    await otherServerRun(new Date('2026-03-11T09:00:00Z'));
    expect(mailsTitled('Madeira hikes expires on 2026-03-13')).toHaveLength(1);
  });
});

describe('concierge', () => {
  it('a new message or request: the agent; a reply (its first line) and a status change: the traveller', async () => {
    clock = NOW;
    const traveller = as(actors.traveller);
    const agent = as(actors.agent);
    await traveller.concierge.send({ message: 'Can you book a table?\nFor four.' });
    await expectTold('agent', 'concierge_incoming', 'New message from Alex Morgan', '/concierge');
    const request = await traveller.concierge.createRequest({ title: 'Dinner for four', type: 'general' });
    await expectTold(
      'agent',
      'concierge_incoming',
      'New request from Alex Morgan: Dinner for four',
      '/concierge?tab=requests',
    );

    await agent.concierge.reply({ userId: 'user-traveller', message: 'Of course!\nWhich night?' });
    const reply = await expectTold('traveller', 'concierge_reply', 'The concierge replied', '/concierge?tab=chat');
    expect(reply.text).toContain('Of course!');
    expect(reply.text).not.toContain('Which night?');
    await agent.concierge.setRequestStatus({ id: request.id, status: 'in_progress' });
    await expectTold(
      'traveller',
      'request_status',
      'Your request Dinner for four is now in progress',
      '/concierge?tab=requests',
    );
  });
});

describe('family and shared trips', () => {
  it('a trip shared with you, an invitation to a group, and a member’s edits batched per hour', async () => {
    clock = NOW;
    const owner = as(actors.traveller);
    await owner.family.shareTripWithPerson({
      id: 'trip-lisbon',
      name: 'Sam Rivera',
      email: emailOf.traveller2,
      permissions: ['edit'],
    });
    await expectTold(
      'traveller2',
      'family_invite',
      'Alex Morgan shared Lisbon & the Algarve with you',
      '/trips/trip-lisbon',
    );
    const group = await owner.family.createGroup({ name: 'Book club', type: 'friends' });
    await owner.family.addMember({ id: group.id, name: 'Sam', email: emailOf.traveller2 });
    await expectTold('traveller2', 'family_invite', 'Alex Morgan added you to Book club', '/family');

    // Sam changes three things within the hour: one mail to the owner, however often the outbox runs.
    const sam = as(actors.traveller2);
    const trip = await owner.trips.byId({ id: 'trip-lisbon' });
    const base = { id: 'trip-lisbon', type: 'activity' as const, date: trip.startDate, startTime: '10:00' };
    await sam.events.create({ ...base, title: 'Tile museum' });
    const cafe = await sam.events.create({ ...base, title: 'Pastéis de Belém' });
    clock = new Date(NOW.getTime() + 10 * 60_000);
    await sam.events.update({ id: cafe.id, startTime: '11:00' });
    const subject = 'Sam Rivera changed 3 things in Lisbon & the Algarve';
    const mail = await expectTold('traveller', 'trip_changes', subject, '/trips/trip-lisbon');
    expect(mail.text).toContain('Sam Rivera moved Pastéis de Belém from 10:00 to 11:00');
    clock = new Date(NOW.getTime() + 20 * 60_000);
    await sam.events.update({ id: cafe.id, startTime: '12:00' });
    await deliveryAs('server-a').deliver(() => clock);
    expect(sink.received.filter((m) => m.subject.startsWith('Sam Rivera changed'))).toHaveLength(1);
    // Sam, who made the changes, is not told of them.
    expect(sink.received.filter((m) => m.subject.includes('changed') && m.to.includes(emailOf.traveller2))).toEqual([]);
  });

  it('trip starts tomorrow: the traveller and the members, with the first events, the weather normal and their own documents', async () => {
    clock = NOW;
    await server.db.insert(trips).values({
      id: 'trip-porto-mail',
      ownerId: actors.traveller.id,
      title: 'Porto in spring',
      destination: 'Portugal',
      location: 'Porto, Portugal',
      startDate: '2026-03-20',
      endDate: '2026-03-24',
      timeZone: 'Europe/Lisbon',
    });
    await server.db.insert(events).values({
      id: 'porto-first',
      tripId: 'trip-porto-mail',
      title: 'Port cellar tour',
      date: '2026-03-20',
      startTime: '15:00:00',
      timeZone: 'Europe/Lisbon',
      type: 'activity',
    });
    await as(actors.traveller).family.shareTripWithPerson({
      id: 'trip-porto-mail',
      name: 'Sam Rivera',
      email: emailOf.traveller2,
      permissions: ['view'],
    });
    clock = new Date('2026-03-19T08:00:00Z');
    await writeDueReminders(server.db, clock);
    const subject = 'Porto in spring starts tomorrow';
    const own = await expectTold('traveller', 'trip_tomorrow', subject, '/trips/trip-porto-mail');
    const member = await expectTold('traveller2', 'trip_tomorrow', subject, '/trips/trip-porto-mail');
    for (const mail of [own, member]) {
      expect(mail.text).toContain('First: 15:00 Port cellar tour.');
      expect(mail.text).toMatch(/Typical for March: \d+°C \/ \d+°C, /);
    }
    expect(own.text).toContain('Documents to carry: UK Passport.');
    expect(member.text).toContain('Documents to carry: Spanish Passport.');
    await otherServerRun(new Date('2026-03-19T20:00:00Z'));
    expect(mailsTitled(subject)).toHaveLength(2);
  });
});

describe('reminders from the clock', () => {
  it('check-in: the traveller, 24 h before departure in the flight’s own zone, once on either server', async () => {
    clock = NOW;
    await server.db.insert(trips).values({
      id: 'trip-madeira-mail',
      ownerId: actors.traveller.id,
      title: 'Madeira',
      destination: 'Portugal',
      location: 'Funchal',
      startDate: '2026-03-29',
      endDate: '2026-04-02',
      timeZone: 'Europe/Lisbon',
    });
    // Lisbon moves to summer time at 01:00 UTC on 29 March: 10:00 there that day is 09:00 UTC.
    await server.db.insert(events).values({
      id: 'flight-madeira-mail',
      tripId: 'trip-madeira-mail',
      title: 'Flight TP 1699 to Funchal',
      date: '2026-03-29',
      startTime: '10:00:00',
      timeZone: 'Europe/Lisbon',
      type: 'transportation',
    });
    const subject = 'Check-in is open: Flight TP 1699 to Funchal';
    clock = new Date('2026-03-28T08:59:00Z');
    await writeDueReminders(server.db, clock);
    await deliveryAs('server-a').deliver(() => clock);
    expect(mailsTitled(subject)).toEqual([]);
    clock = new Date('2026-03-28T09:00:00Z');
    await writeDueReminders(server.db, clock);
    const mail = await expectTold('traveller', 'flight_checkin', subject, '/trips/trip-madeira-mail');
    expect(mail.text).toContain('Departs 2026-03-29 at 10:00 (Europe/Lisbon).');
    // The other server, a little later, computes the same reminder: nothing new.
    await otherServerRun(new Date('2026-03-28T09:05:00Z'));
    expect(mailsTitled(subject)).toHaveLength(1);
  });

  it('a document problem before a trip: the holder, 60 and 14 days before departure; a document expiring soon: once', async () => {
    clock = NOW;
    await server.db.insert(trips).values({
      id: 'trip-kenya-mail',
      ownerId: actors.traveller.id,
      title: 'Kenya safari',
      destination: 'Kenya',
      location: 'Nairobi, Kenya',
      startDate: '2026-05-20',
      endDate: '2026-05-30',
      timeZone: 'Africa/Nairobi',
    });
    await server.db.insert(travelDocuments).values([
      {
        id: 'passport-3-months',
        userId: actors.traveller.id,
        documentType: 'passport',
        documentName: 'Second passport',
        documentNumber: 'S1234567',
        expiryDate: '2026-08-30',
      },
      {
        id: 'visa-soon-mail',
        userId: actors.traveller2.id,
        documentType: 'visa',
        documentName: 'Schengen visa',
        documentNumber: 'V0001',
        expiryDate: '2026-05-01',
      },
    ]);
    const subject = 'Second passport expires soon after Kenya safari';
    for (const at of ['2026-03-21T12:00:00Z', '2026-03-22T12:00:00Z']) {
      clock = new Date(at);
      await writeDueReminders(server.db, clock);
    }
    await expectTold('traveller', 'document_trip', subject, '/travel-documents');
    clock = new Date('2026-05-06T12:00:00Z');
    await writeDueReminders(server.db, clock);
    await deliveryAs('server-a').deliver(() => clock);
    const both = mailsTitled(subject);
    expect(both).toHaveLength(2);
    expect(both[1]!.to).toEqual([emailOf.traveller]);
    expect(both[1]!.text).toContain('Many countries ask for 6 months of validity after your stay.');

    // The visa has been inside the 90-day window since before these runs: told once, whatever ran since.
    await expectTold('traveller2', 'document_expiring', 'Schengen visa expires on 2026-05-01', '/travel-documents');
    expect(mailsTitled('Schengen visa expires on 2026-05-01')).toHaveLength(1);
  });
});

describe('budget', () => {
  it('over budget: the trip’s owner, once', async () => {
    clock = NOW;
    const owner = as(actors.traveller);
    const trip = await owner.trips.byId({ id: 'trip-patagonia' });
    await owner.budget.update({ id: trip.id, budgetTotal: 1_000, currency: 'USD' });
    const expense = {
      tripId: trip.id,
      title: 'Boots',
      amount: 800,
      currency: 'USD' as const,
      categoryId: 2,
      date: trip.startDate,
    };
    await owner.expenses.create(expense);
    await owner.expenses.create({ ...expense, title: 'Tent', amount: 300 });
    await expectTold('traveller', 'budget_over', 'Over budget: Patagonia Trek', `/budget-tracker?trip=${trip.id}`);
    await owner.expenses.create({ ...expense, title: 'Map', amount: 20 });
    await deliveryAs('server-a').deliver(() => clock);
    expect(mailsTitled('Over budget: Patagonia Trek')).toHaveLength(1);
  });
});

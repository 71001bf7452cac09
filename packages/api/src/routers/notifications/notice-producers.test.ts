// Who is told what by each change: one row per producer, the person told, the title and link,
// nobody else, and nothing when the change fails.
import type { Database } from '@naav/db';
import { changeFeed, notifications } from '@naav/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../context';
import { noticeInsert } from '../../lib/notify';
import { errorOf } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2026-03-10T09:00:00Z');
let clock = NOW;
const as = (db: Database, who: Actor) => callerFor(db, who, () => clock);

/** Every notice, as [who, kind, title, link], in the order written. */
async function told(db: Database) {
  const rows = await db
    .select({
      userId: notifications.userId,
      kind: notifications.kind,
      title: notifications.title,
      link: notifications.link,
    })
    .from(notifications)
    .orderBy(asc(sql`${notifications}.rowid`));
  return rows.map((r) => [r.userId, r.kind, r.title, r.link]);
}

const draft = {
  clientId: 'user-traveller',
  title: 'Porto weekend',
  destination: 'Porto, Portugal',
  startDate: '2026-04-10',
  endDate: '2026-04-12',
  expiryDate: '2026-03-24',
  budget: 2500,
};

async function submitted(db: Database) {
  const agent = as(db, actors.agent);
  const proposal = await agent.proposals.create(draft);
  await agent.proposals.submit({ id: proposal.id });
  return proposal.id;
}

describe('proposal notices', () => {
  it('a submitted proposal tells its client alone: title, destination, dates, expiry, and a link to open it', async () => {
    clock = NOW;
    const db = await createSeededDatabase(NOW);
    const id = await submitted(db);
    const link = `/travel-planner?tab=proposals&proposal=${id}`;
    expect(await told(db)).toEqual([['user-traveller', 'proposal_new', 'New proposal: Porto weekend', link]]);
    const [notice] = (await as(db, actors.traveller).notifications.list({})).items;
    expect(notice?.body).toBe('Porto, Portugal, Apr 10, 2026 – Apr 12, 2026. Decide by Mar 24, 2026.');
    expect((await as(db, actors.traveller2).notifications.list({})).items).toEqual([]);
    expect((await as(db, actors.agent).notifications.list({})).items).toEqual([]);
  });

  it("the client's answers tell the agent who and what; the first look only once; a new version tells the client again", async () => {
    clock = NOW;
    const db = await createSeededDatabase(NOW);
    const id = await submitted(db);
    const client = as(db, actors.traveller);
    await client.proposals.open({ id });
    await client.proposals.open({ id });
    await client.proposals.requestRevisions({ id, comment: 'Could we stay by the river?\nAnd fly later.' });
    await as(db, actors.agent).proposals.submit({ id });
    await client.proposals.accept({ id });
    const agentLink = `/travel-planner?view=agent&tab=proposals&proposal=${id}`;
    const clientLink = `/travel-planner?tab=proposals&proposal=${id}`;
    expect(await told(db)).toEqual([
      ['user-traveller', 'proposal_new', 'New proposal: Porto weekend', clientLink],
      ['user-agent', 'proposal_response', 'Alex Morgan opened Porto weekend', agentLink],
      ['user-agent', 'proposal_response', 'Alex Morgan asked for changes to Porto weekend', agentLink],
      ['user-traveller', 'proposal_new', 'New version of your proposal: Porto weekend', clientLink],
      ['user-agent', 'proposal_response', 'Alex Morgan accepted Porto weekend', agentLink],
    ]);
    const agentInbox = (await as(db, actors.agent).notifications.list({})).items;
    expect(agentInbox.find((n) => n.title.includes('asked for changes'))?.body).toBe('Could we stay by the river?');
  });

  it('a decline tells the agent; a refused step (declining a decided proposal) tells nobody', async () => {
    clock = NOW;
    const db = await createSeededDatabase(NOW);
    const id = await submitted(db);
    const client = as(db, actors.traveller);
    await client.proposals.decline({ id });
    const before = await told(db);
    expect(before.at(-1)).toEqual([
      'user-agent',
      'proposal_response',
      'Alex Morgan declined Porto weekend',
      expect.any(String),
    ]);
    expect((await errorOf(client.proposals.decline({ id }))).code).toBe('CONFLICT');
    expect(await told(db)).toEqual(before);
  });
});

describe('concierge notices', () => {
  it("a traveller's message and request tell every agent; an answer and a status change tell the traveller alone", async () => {
    clock = NOW;
    const db = await createSeededDatabase(NOW);
    await db.delete(notifications);
    const traveller = as(db, actors.traveller);
    const agent = as(db, actors.agent);
    await traveller.concierge.send({ message: 'Can you book a table?\nFor four.' });
    const request = await traveller.concierge.createRequest({ title: 'Dinner for four', type: 'general' });
    await agent.concierge.reply({ userId: 'user-traveller', message: 'Of course!\nWhich night?' });
    await agent.concierge.setRequestStatus({ id: request.id, status: 'in_progress' });
    // A refused move (back to pending) tells nobody.
    await errorOf(agent.concierge.setRequestStatus({ id: request.id, status: 'pending' }));
    expect(await told(db)).toEqual([
      ['user-agent', 'concierge_incoming', 'New message from Alex Morgan', '/concierge'],
      ['user-agent', 'concierge_incoming', 'New request from Alex Morgan: Dinner for four', '/concierge?tab=requests'],
      ['user-traveller', 'concierge_reply', 'The concierge replied', '/concierge?tab=chat'],
      [
        'user-traveller',
        'request_status',
        'Your request Dinner for four is now in progress',
        '/concierge?tab=requests',
      ],
    ]);
    const reply = (await traveller.notifications.list({})).items.find((n) => n.kind === 'concierge_reply');
    expect(reply?.body).toBe('Of course!');
  });
});

describe('family and trip notices', () => {
  /** Lisbon shared with Sam (traveller2) with edit permission, and Sam's inbox emptied. */
  async function sharedLisbon(db: Database) {
    await as(db, actors.traveller).family.shareTripWithPerson({
      id: 'trip-lisbon',
      name: 'Sam Rivera',
      email: 'traveller2@naav.example',
      permissions: ['edit'],
    });
  }

  it('a trip shared with a person, or a group invitation, tells the invitee', async () => {
    clock = NOW;
    const db = await createSeededDatabase(NOW);
    await db.delete(notifications);
    await sharedLisbon(db);
    const owner = as(db, actors.traveller);
    const group = await owner.family.createGroup({ name: 'Book club', type: 'friends' });
    await owner.family.addMember({ id: group.id, name: 'Sam', email: 'traveller2@naav.example' });
    // Someone without an account is told nothing (there is nobody to tell yet).
    await owner.family.addMember({ id: group.id, name: 'Pat', email: 'pat@example.com' });
    expect(await told(db)).toEqual([
      ['user-traveller2', 'family_invite', 'Alex Morgan shared Lisbon & the Algarve with you', '/trips/trip-lisbon'],
      ['user-traveller2', 'family_invite', 'Alex Morgan added you to Book club', '/family'],
    ]);
  });

  it("a member's edits tell the trip's other people once an hour, counting up: one notice per trip per person", async () => {
    clock = NOW;
    const db = await createSeededDatabase(NOW);
    await sharedLisbon(db);
    await db.delete(notifications);
    const trip = await as(db, actors.traveller).trips.byId({ id: 'trip-lisbon' });
    const sam = as(db, actors.traveller2);
    const base = { id: 'trip-lisbon', type: 'activity' as const, date: trip.startDate, startTime: '10:00' };
    await sam.events.create({ ...base, title: 'Tile museum' });
    const owner = as(db, actors.traveller);
    const [first] = (await owner.notifications.list({})).items;
    await owner.notifications.read({ id: first!.id });
    clock = new Date(NOW.getTime() + 20 * 60_000);
    const cafe = await sam.events.create({ ...base, title: 'Pastéis de Belém' });
    await sam.events.update({ id: cafe.id, startTime: '11:00' });
    expect(await told(db)).toEqual([
      ['user-traveller', 'trip_changes', 'Sam Rivera changed 3 things in Lisbon & the Algarve', '/trips/trip-lisbon'],
    ]);
    const inbox = await owner.notifications.list({});
    // Made unread again by the later changes, each a line of its body.
    expect(inbox.unread).toBe(1);
    expect(inbox.items[0]?.body.split('\n')).toEqual([
      expect.stringMatching(/^Sam Rivera added Tile museum/),
      expect.stringMatching(/^Sam Rivera added Pastéis de Belém/),
      'Sam Rivera moved Pastéis de Belém from 10:00 to 11:00',
    ]);
    // Many changes in the hour: the title counts them all, the body keeps the latest ten.
    for (const startTime of ['12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00']) {
      await sam.events.update({ id: cafe.id, startTime });
    }
    const busy = (await owner.notifications.list({})).items[0]!;
    expect(busy.title).toBe('Sam Rivera changed 12 things in Lisbon & the Algarve');
    const kept = busy.body.split('\n');
    expect(kept).toHaveLength(10);
    expect(kept.at(-1)).toBe('Sam Rivera moved Pastéis de Belém from 19:00 to 20:00');
    // The next hour starts a new notice; the owner's own edits tell Sam, not the owner.
    clock = new Date(NOW.getTime() + 70 * 60_000);
    await sam.events.delete({ id: cafe.id });
    await owner.events.create({ ...base, title: 'Fado night' });
    expect((await told(db)).slice(1)).toEqual([
      ['user-traveller', 'trip_changes', 'Sam Rivera changed 1 thing in Lisbon & the Algarve', '/trips/trip-lisbon'],
      ['user-traveller2', 'trip_changes', 'Alex Morgan changed 1 thing in Lisbon & the Algarve', '/trips/trip-lisbon'],
    ]);
  });

  it('an edit to a trip nobody else sees tells nobody', async () => {
    clock = NOW;
    const db = await createSeededDatabase(NOW);
    await db.delete(notifications);
    await as(db, actors.traveller).companions.create({ id: 'trip-kyoto', name: 'Robin', relationship: 'friend' });
    expect(await told(db)).toEqual([]);
  });
});

describe('budget notices', () => {
  it('spending passing the budget tells the owner once per budget amount', async () => {
    clock = NOW;
    const db = await createSeededDatabase(NOW);
    await db.delete(notifications);
    const owner = as(db, actors.traveller);
    // Patagonia: no budget and no expenses yet, in USD.
    const trip = await owner.trips.byId({ id: 'trip-patagonia' });
    await owner.budget.update({ id: trip.id, budgetTotal: 10_000, currency: 'USD' });
    const expense = {
      tripId: trip.id,
      title: 'Boots',
      amount: 8_000,
      currency: 'USD' as const,
      categoryId: 2,
      date: trip.startDate,
    };
    await owner.expenses.create(expense);
    expect(await told(db)).toEqual([]);
    await owner.expenses.create({ ...expense, title: 'Tent', amount: 3_000 });
    await owner.expenses.create({ ...expense, title: 'Map', amount: 500 });
    const over = ['user-traveller', 'budget_over', 'Over budget: Patagonia Trek', `/budget-tracker?trip=${trip.id}`];
    expect(await told(db)).toEqual([over]);
    // A higher budget passed again is news again.
    await owner.budget.update({ id: trip.id, budgetTotal: 20_000, currency: 'USD' });
    expect(await told(db)).toEqual([over]);
    await owner.expenses.create({ ...expense, title: 'Guide', amount: 9_000 });
    expect(await told(db)).toEqual([over, over]);
  });
});

describe('the notice and its change share one transaction', () => {
  it('a batch that fails writes neither the notice nor its live row', async () => {
    const db = await createSeededDatabase(NOW);
    await db.delete(notifications);
    const feedBefore = await db.$count(changeFeed);
    const notice = { userId: 'user-traveller', kind: 'budget_over' as const, title: 'Over', link: '/' };
    await expect(db.batch([noticeInsert(db, [notice]), db.run(sql`SELECT * FROM no_such_table`)])).rejects.toThrow();
    expect(await told(db)).toEqual([]);
    expect(await db.$count(changeFeed)).toBe(feedBefore);
    await db.batch([noticeInsert(db, [notice])]);
    const [live] = await db.select().from(changeFeed).where(eq(changeFeed.topic, 'notices:user-traveller'));
    expect(live).toMatchObject({ kind: 'notice' });
  });
});

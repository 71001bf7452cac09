import type { Database } from '@naav/db';
import { changeFeed, conciergeMessages, session } from '@naav/db/schema';
import { asc, desc, eq, lte } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createContext, type Actor } from '../../context';
import { feedInsert, topic } from '../../lib/live/feed';
import { FeedFollower } from '../../lib/live/follower';
import { appRouter } from '../../root';
import { errorOf } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';
import { createCallerFactory } from '../../trpc';
import type { LiveEvent } from './live.schemas';

const NOW = new Date('2025-06-15T12:00:00Z');
const createCaller = createCallerFactory(appRouter);
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

const feedRows = (db: Database) =>
  db
    .select({ topic: changeFeed.topic, rowId: changeFeed.rowId, kind: changeFeed.kind })
    .from(changeFeed)
    .orderBy(asc(changeFeed.position));

/** Subscribes as `actor`; `next()` waits (at most 2 s) for the next event. */
async function subscribe(db: Database, follower: FeedFollower, actor: Actor, topics: string[], lastEventId?: string) {
  const abort = new AbortController();
  stops.push(() => abort.abort());
  const caller = createCaller(createContext({ db, resolveActor: async () => actor, now: () => NOW, live: follower }), {
    signal: abort.signal,
  });
  const iterable = await caller.live.changes({ topics, lastEventId });
  const iterator = (iterable as AsyncIterable<[string, LiveEvent, unknown]>)[Symbol.asyncIterator]();
  const received: LiveEvent[] = [];
  const ids: string[] = [];
  return {
    received,
    /** The SSE id of each event received. */
    ids,
    async next(): Promise<LiveEvent | 'nothing'> {
      const timeout = new Promise<'nothing'>((resolve) => setTimeout(() => resolve('nothing'), 2000));
      const step = iterator.next().then((r) => (r.done ? 'nothing' : r.value));
      const value = await Promise.race([step, timeout]);
      if (value === 'nothing') return value;
      received.push(value[1]);
      ids.push(value[0]);
      return value[1];
    },
  };
}

describe('the change feed', () => {
  it('is written in the same batch as the change it reports, on the topics that say who may read it', async () => {
    const db = await createSeededDatabase(NOW);
    await db.delete(changeFeed);
    const sent = await callerFor(db, actors.traveller2, () => NOW).concierge.send({
      message: 'A table for two, please',
    });
    expect(await feedRows(db)).toEqual([
      { topic: `concierge:${actors.traveller2.id}`, rowId: sent.id, kind: 'message' },
      { topic: 'concierge', rowId: sent.id, kind: 'message' },
      // The agent's notice of it, on their own inbox's topic.
      { topic: topic.notices(actors.agent.id), rowId: expect.any(String), kind: 'notice' },
    ]);
  });

  it('a write that fails leaves no feed row, and a guarded change refused for a race reports nothing', async () => {
    const db = await createSeededDatabase(NOW);
    await db.delete(changeFeed);
    // The message's traveller does not exist: the foreign key fails the batch, feed row and all.
    await expect(
      db.batch([
        db.insert(conciergeMessages).values({ userId: 'no-such-user', sender: 'user', message: 'x', createdAt: NOW }),
        feedInsert(db, topic.concierge('no-such-user'), null, 'message'),
      ]),
    ).rejects.toThrow();
    expect(await feedRows(db)).toEqual([]);

    const sam = callerFor(db, actors.traveller2, () => NOW);
    const agent = callerFor(db, actors.agent, () => NOW);
    const request = await sam.concierge.createRequest({ type: 'reservation', notes: null, date: null } as never);
    await agent.concierge.setRequestStatus({ id: request.id, status: 'in_progress' } as never);
    const rows = await feedRows(db);
    expect(rows.filter((r) => r.rowId === request.id).map((r) => r.topic)).toEqual([
      `concierge:${actors.traveller2.id}`,
      'concierge',
      `concierge:${actors.traveller2.id}`,
      'concierge',
    ]);
    // Moving it again from the same (now stale) status is a conflict and adds no row.
    expect(
      (await errorOf(agent.concierge.setRequestStatus({ id: request.id, status: 'in_progress' } as never))).code,
    ).toBe('CONFLICT');
    expect(await feedRows(db)).toHaveLength(rows.length);
  });
});

describe('live.changes', () => {
  it('delivers the changes of the topics the subscriber may read, and no others', async () => {
    const db = await createSeededDatabase(NOW);
    const follower = new FeedFollower(db, { intervalMs: 20 });
    stops.push(() => follower.stop());
    const samStream = await subscribe(db, follower, actors.traveller2, [topic.concierge(actors.traveller2.id)]);
    const desk = await subscribe(db, follower, actors.agent, ['concierge']);

    await callerFor(db, actors.traveller, () => NOW).concierge.send({ message: 'From Alex' });
    const fromSam = await callerFor(db, actors.traveller2, () => NOW).concierge.send({ message: 'From Sam' });

    expect(await samStream.next()).toMatchObject({
      topic: `concierge:${actors.traveller2.id}`,
      rowId: fromSam.id,
      kind: 'message',
    });
    expect(await desk.next()).toMatchObject({ topic: 'concierge', kind: 'message' });
    expect(await desk.next()).toMatchObject({ topic: 'concierge', rowId: fromSam.id, kind: 'message' });
    // Alex's message never reached Sam's stream; events carry no message text.
    expect(await samStream.next()).toBe('nothing');
    expect(Object.keys(samStream.received[0]!).sort()).toEqual(['kind', 'position', 'rowId', 'topic']);
    // One follower serves every subscriber of the process.
    expect(follower.subscriberCount).toBe(2);
  });

  it('a topic the subscriber may not read is NOT_FOUND, exactly like a missing row', async () => {
    const db = await createSeededDatabase(NOW);
    const follower = new FeedFollower(db, { intervalMs: 20 });
    stops.push(() => follower.stop());
    const sam = createCaller(createContext({ db, resolveActor: async () => actors.traveller2, live: follower }));
    for (const forbidden of [
      topic.concierge(actors.traveller.id),
      'concierge',
      'proposals',
      topic.trip('trip-kyoto'),
      topic.trip('no-such-trip'),
      topic.group('group-morgan-family'),
      topic.trips(actors.traveller.id),
      // Someone's inbox is theirs alone, agents included.
      topic.notices(actors.traveller.id),
      topic.notices(actors.agent.id),
    ]) {
      const error = await errorOf(sam.live.changes({ topics: [topic.concierge(actors.traveller2.id), forbidden] }));
      expect({ forbidden, code: error.code }).toEqual({ forbidden, code: 'NOT_FOUND' });
    }
    expect((await errorOf(sam.live.changes({ topics: ['everything'] }))).code).toBe('BAD_REQUEST');
    expect((await errorOf(sam.live.changes({ topics: [] }))).code).toBe('BAD_REQUEST');
    expect(follower.subscriberCount).toBe(0);
  });

  it('resumes after the last event seen, replaying what was missed; too old a position gets one reset', async () => {
    const db = await createSeededDatabase(NOW);
    const follower = new FeedFollower(db, { intervalMs: 20 });
    stops.push(() => follower.stop());
    const alex = callerFor(db, actors.traveller, () => NOW);
    const first = await subscribe(db, follower, actors.traveller, [topic.trip('trip-kyoto')]);
    await alex.trips.update({ id: 'trip-kyoto', title: 'Kyoto in autumn' } as never);
    const seen = await first.next();
    expect(seen).toMatchObject({ topic: 'trip:trip-kyoto', kind: 'details' });

    // Away: two changes happen, then the client reconnects with the last id it saw.
    await alex.trips.update({ id: 'trip-kyoto', title: 'Kyoto, again' } as never);
    await alex.trips.update({ id: 'trip-kyoto', title: 'Kyoto at last' } as never);
    const resumed = await subscribe(db, follower, actors.traveller, [topic.trip('trip-kyoto')], first.ids[0]);
    const missed = [await resumed.next(), await resumed.next()];
    expect(missed.map((e) => (e as LiveEvent).kind)).toEqual(['details', 'details']);
    // Positions count the stream's own events, going on after the resume: gaps say nothing of other users' changes.
    expect(missed.map((e) => (e as LiveEvent).position)).toEqual([2, 3]);
    // An id that is not one a stream sent resumes with a reset.
    const madeUp = await subscribe(db, follower, actors.traveller, [topic.trip('trip-kyoto')], '12');
    expect(await madeUp.next()).toMatchObject({ topic: '*', kind: 'reset' });

    // The feed no longer holds what came after this position: one reset, then live again.
    const [newest] = await db
      .select({ position: changeFeed.position })
      .from(changeFeed)
      .orderBy(desc(changeFeed.position))
      .limit(1);
    await db.delete(changeFeed).where(lte(changeFeed.position, newest!.position));
    const late = await subscribe(db, follower, actors.traveller, [topic.trip('trip-kyoto')], first.ids[0]);
    expect(await late.next()).toMatchObject({ topic: '*', kind: 'reset' });
    await alex.trips.update({ id: 'trip-kyoto', title: 'Kyoto for real' } as never);
    expect(await late.next()).toMatchObject({ topic: 'trip:trip-kyoto', kind: 'details' });
  });

  it('a member removed from the group stops receiving the trips it shared', async () => {
    const db = await createSeededDatabase(NOW);
    const follower = new FeedFollower(db, { intervalMs: 20 });
    stops.push(() => follower.stop());
    const alex = callerFor(db, actors.traveller, () => NOW);
    // Sam joins the family group with edit rights, and follows the shared trip.
    const group = await alex.family.addMember({
      id: 'group-morgan-family',
      name: 'Sam Rivera',
      email: actors.traveller2.email,
      relationship: 'friend',
      permissions: ['view', 'edit'],
    } as never);
    const samEntry = group.members.find((m) => m.name === 'Sam Rivera')!;
    const sam = await subscribe(db, follower, actors.traveller2, [topic.trip('trip-kyoto')]);
    await alex.trips.update({ id: 'trip-kyoto', title: 'Kyoto with Sam' } as never);
    expect(await sam.next()).toMatchObject({ topic: 'trip:trip-kyoto', kind: 'details' });

    await alex.family.removeMember({ id: 'group-morgan-family', memberId: samEntry.id } as never);
    expect(await sam.next()).toMatchObject({ topic: 'trip:trip-kyoto', kind: 'revoked' });
    await alex.trips.update({ id: 'trip-kyoto', title: 'Kyoto without Sam' } as never);
    expect(await sam.next()).toBe('nothing');
  });

  it('names what changed on a trip, so a screen refetches only what shows it', async () => {
    const db = await createSeededDatabase(NOW);
    const alex = callerFor(db, actors.traveller, () => NOW);
    await db.delete(changeFeed);
    const event = await alex.events.create({
      id: 'trip-lisbon',
      title: 'Sunset cruise',
      type: 'activity',
      date: '2025-06-16',
      startTime: '18:30',
      endTime: '20:00',
      location: 'Doca',
    } as never);
    const companion = await alex.companions.create({
      id: 'trip-lisbon',
      name: 'Grandma Rose',
      relationship: 'Grandmother',
    } as never);
    const expense = await alex.expenses.create({
      tripId: 'trip-lisbon',
      title: 'Taxi',
      amount: 3_550,
      currency: 'EUR',
      categoryId: 2,
      date: '2025-06-16',
      notes: '',
      paymentMethod: '',
      location: '',
      isReimbursable: false,
    } as never);
    await alex.trips.update({ id: 'trip-lisbon', title: 'Lisbon with Grandma' } as never);
    expect((await feedRows(db)).filter((r) => r.topic === 'trip:trip-lisbon')).toEqual([
      { topic: 'trip:trip-lisbon', rowId: event.id, kind: 'event' },
      { topic: 'trip:trip-lisbon', rowId: companion.id, kind: 'companion' },
      { topic: 'trip:trip-lisbon', rowId: expense.id, kind: 'expense' },
      { topic: 'trip:trip-lisbon', rowId: 'trip-lisbon', kind: 'details' },
    ]);
  });
});

describe("a user's list of trips (trips:<userId>)", () => {
  const samList = topic.trips(actors.traveller2.id);
  const joinSam = (alex: ReturnType<typeof callerFor>, permissions: string[]) =>
    alex.family.addMember({
      id: 'group-morgan-family',
      name: 'Sam Rivera',
      email: actors.traveller2.email,
      relationship: 'friend',
      permissions,
    } as never);

  it("a member added, given other rights or removed hears it on their own list; the owner's list hears nothing of it", async () => {
    const db = await createSeededDatabase(NOW);
    const follower = new FeedFollower(db, { intervalMs: 20 });
    stops.push(() => follower.stop());
    const alex = callerFor(db, actors.traveller, () => NOW);
    const sam = await subscribe(db, follower, actors.traveller2, [samList]);
    const alexList = await subscribe(db, follower, actors.traveller, [topic.trips(actors.traveller.id)]);
    await db.delete(changeFeed);

    const group = await joinSam(alex, ['view']);
    const rows = await feedRows(db);
    expect(rows).toContainEqual({
      topic: 'group:group-morgan-family',
      rowId: 'group-morgan-family',
      kind: 'membership',
    });
    expect(rows).toContainEqual({ topic: 'trip:trip-kyoto', rowId: 'trip-kyoto', kind: 'membership' });
    expect(rows).toContainEqual({ topic: samList, rowId: 'group-morgan-family', kind: 'membership' });
    expect(await sam.next()).toMatchObject({ topic: samList, rowId: 'group-morgan-family', kind: 'membership' });

    const samEntry = group.members.find((m) => m.name === 'Sam Rivera')!;
    await alex.family.updateMember({
      id: 'group-morgan-family',
      memberId: samEntry.id,
      permissions: ['view', 'edit'],
    } as never);
    expect(await sam.next()).toMatchObject({ topic: samList, kind: 'membership' });

    // The shared trip's details change: Sam's list of shared trips shows them.
    await alex.trips.update({ id: 'trip-kyoto', title: 'Kyoto with Sam' } as never);
    expect(await sam.next()).toMatchObject({ topic: samList, rowId: 'trip-kyoto', kind: 'updated' });

    // Removed: the entry's e-mail is read before it goes, so Sam still hears of it.
    await alex.family.removeMember({ id: 'group-morgan-family', memberId: samEntry.id } as never);
    expect(await sam.next()).toMatchObject({ topic: samList, rowId: 'group-morgan-family', kind: 'membership' });

    // Alex's own list heard only the edit of Alex's trip, nothing of Sam's membership.
    expect(await alexList.next()).toMatchObject({
      topic: topic.trips(actors.traveller.id),
      rowId: 'trip-kyoto',
      kind: 'updated',
    });
    expect(await alexList.next()).toBe('nothing');
    // Once removed, a later edit no longer reaches Sam's list.
    await alex.trips.update({ id: 'trip-kyoto', title: 'Kyoto without Sam' } as never);
    expect(await sam.next()).toBe('nothing');
  });

  it("a member's edit of a shared trip reaches the owner's list, and a trip shared with a group reaches its members' lists", async () => {
    const db = await createSeededDatabase(NOW);
    const alex = callerFor(db, actors.traveller, () => NOW);
    const group = await joinSam(alex, ['view', 'edit']);
    await db.delete(changeFeed);
    await callerFor(db, actors.traveller2, () => NOW).trips.update({
      id: 'trip-kyoto',
      notes: 'Bring the JR pass',
    } as never);
    expect(await feedRows(db)).toEqual([
      { topic: 'trip:trip-kyoto', rowId: 'trip-kyoto', kind: 'details' },
      // The owner's notice of Sam's edit.
      { topic: topic.notices(actors.traveller.id), rowId: expect.any(String), kind: 'notice' },
      { topic: topic.trips(actors.traveller.id), rowId: 'trip-kyoto', kind: 'updated' },
      { topic: samList, rowId: 'trip-kyoto', kind: 'updated' },
    ]);

    await db.delete(changeFeed);
    await alex.family.shareTrip({ id: group.id, tripId: 'trip-lisbon' } as never);
    const rows = await feedRows(db);
    expect(rows).toContainEqual({ topic: 'trip:trip-lisbon', rowId: 'trip-lisbon', kind: 'share' });
    expect(rows).toContainEqual({ topic: samList, rowId: 'trip-lisbon', kind: 'membership' });
  });

  it('a proposal submitted for a trip request reaches the client\'s list (the request shows "Proposal sent") and no one else\'s', async () => {
    const db = await createSeededDatabase(NOW);
    const follower = new FeedFollower(db, { intervalMs: 20 });
    stops.push(() => follower.stop());
    const alex = callerFor(db, actors.traveller, () => NOW);
    const agent = callerFor(db, actors.agent, () => NOW);
    const request = await alex.tripRequests.create({
      destination: 'Bali',
      startDate: '2025-09-01',
      endDate: '2025-09-08',
      budget: 6000,
    } as never);
    const created = await agent.proposals.create({
      clientId: actors.traveller.id,
      title: 'Bali escape',
      destination: 'Bali',
      startDate: '2025-09-01',
      endDate: '2025-09-08',
      expiryDate: '2025-08-01',
      tripRequestId: request.id,
    } as never);
    const alexList = await subscribe(db, follower, actors.traveller, [
      topic.trips(actors.traveller.id),
      topic.proposals(actors.traveller.id),
    ]);
    const samList2 = await subscribe(db, follower, actors.traveller2, [samList]);
    await db.delete(changeFeed);

    await agent.proposals.submit({ id: created.id });
    const seen = [await alexList.next(), await alexList.next()];
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ topic: topic.proposals(actors.traveller.id), rowId: created.id, kind: 'proposal' }),
        expect.objectContaining({ topic: topic.trips(actors.traveller.id), rowId: request.id, kind: 'request' }),
      ]),
    );
    expect((await alex.tripRequests.list()).find((r) => r.id === request.id)?.status).toBe('proposal_sent');
    expect(await samList2.next()).toBe('nothing');

    // The client's decision reaches the agents' desk.
    const desk = await subscribe(db, follower, actors.agent, ['proposals']);
    await alex.proposals.decline({ id: created.id });
    expect(await desk.next()).toMatchObject({ topic: 'proposals', rowId: created.id, kind: 'proposal' });
  });
});

describe('streams with limits', () => {
  const inSession = (actor: Actor, sessionId: string): Actor => ({ ...actor, sessionId });
  const addSession = (db: Database, id: string, userId: string) =>
    db.insert(session).values({
      id,
      token: `token-${id}`,
      userId,
      expiresAt: new Date(Date.now() + 3_600_000),
      createdAt: new Date(),
      updatedAt: new Date(),
    });

  it('one session may hold so many open streams and one user so many; beyond is TOO_MANY_REQUESTS until one closes', async () => {
    const db = await createSeededDatabase(NOW);
    const follower = new FeedFollower(db, { intervalMs: 20, maxStreamsPerSession: 2, maxStreamsPerUser: 3 });
    stops.push(() => follower.stop());
    const sam = (sessionId: string) => inSession(actors.traveller2, sessionId);
    const list = [topic.trips(actors.traveller2.id)];
    await subscribe(db, follower, sam('phone'), list);
    const aborts: AbortController[] = [];
    const open = async (sessionId: string) => {
      const abort = new AbortController();
      aborts.push(abort);
      const caller = createCaller(
        createContext({ db, resolveActor: async () => sam(sessionId), now: () => NOW, live: follower }),
        { signal: abort.signal },
      );
      return caller.live.changes({ topics: list });
    };
    stops.push(() => {
      for (const a of aborts) a.abort();
    });
    await open('phone');
    // A third stream in the same session is refused.
    expect((await errorOf(open('phone'))).code).toBe('TOO_MANY_REQUESTS');
    // Another session of the same user gets one more: the user's limit (3) is then reached.
    await open('laptop');
    expect((await errorOf(open('laptop'))).code).toBe('TOO_MANY_REQUESTS');
    // Someone else is not affected.
    await subscribe(db, follower, inSession(actors.traveller, 'alex'), [topic.trips(actors.traveller.id)]);
    expect(follower.subscriberCount).toBe(4);
    // Closing one gives its place back.
    aborts[0]!.abort();
    await open('laptop');
  });

  it("a group change re-checks access once for all of a user's open streams, not once per stream per topic", async () => {
    const db = await createSeededDatabase(NOW);
    const follower = new FeedFollower(db, { intervalMs: 20 });
    stops.push(() => follower.stop());
    const alex = callerFor(db, actors.traveller, () => NOW);
    const group = await alex.family.addMember({
      id: 'group-morgan-family',
      name: 'Sam Rivera',
      email: actors.traveller2.email,
      relationship: 'friend',
      permissions: ['view'],
    } as never);
    const samEntry = group.members.find((m) => m.name === 'Sam Rivera')!;
    const topics = [topic.trip('trip-kyoto'), topic.group('group-morgan-family'), topic.trips(actors.traveller2.id)];
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await subscribe(db, follower, actors.traveller2, topics));
    await alex.family.removeMember({ id: 'group-morgan-family', memberId: samEntry.id } as never);
    const groupChanges = (await feedRows(db)).filter(
      (r) => r.topic === 'group:group-morgan-family' && r.kind === 'membership',
    ).length;
    for (const stream of streams) {
      const revoked: string[] = [];
      for (let event = await stream.next(); event !== 'nothing'; event = await stream.next())
        if (event.kind === 'revoked') revoked.push(event.topic);
      expect(revoked.sort()).toEqual(['group:group-morgan-family', 'trip:trip-kyoto']);
    }
    // One re-check per group change in the feed since the streams opened (the removal writes one), shared by the five streams.
    expect(follower.recheckQueries).toBe(1);
    expect(groupChanges).toBeGreaterThanOrEqual(1);
  });

  it('a stream ends when its session ends, whatever ended it', async () => {
    const db = await createSeededDatabase(NOW);
    const follower = new FeedFollower(db, { intervalMs: 20 });
    stops.push(() => follower.stop());
    await addSession(db, 'sam-phone', actors.traveller2.id);
    await addSession(db, 'sam-laptop', actors.traveller2.id);
    const abort = new AbortController();
    stops.push(() => abort.abort());
    const open = async (sessionId: string) => {
      const caller = createCaller(
        createContext({
          db,
          resolveActor: async () => inSession(actors.traveller2, sessionId),
          now: () => NOW,
          live: follower,
        }),
        { signal: abort.signal },
      );
      return ((await caller.live.changes({ topics: [topic.trips(actors.traveller2.id)] })) as AsyncIterable<unknown>)[
        Symbol.asyncIterator
      ]();
    };
    const phone = await open('sam-phone');
    const laptop = await open('sam-laptop');
    const phoneEnds = phone.next();
    // Signed out (the session row goes, on whichever server): the phone's stream ends by itself.
    await db.delete(session).where(eq(session.id, 'sam-phone'));
    expect(await phoneEnds).toEqual({ done: true, value: undefined });
    // The laptop's session still holds; its stream still delivers.
    const laptopNext = laptop.next();
    await callerFor(db, actors.traveller2, () => NOW).trips.update({
      id: 'trip-barcelona',
      title: 'Barcelona again',
    } as never);
    expect(((await laptopNext) as IteratorResult<[string, LiveEvent]>).value[1]).toMatchObject({
      topic: topic.trips(actors.traveller2.id),
    });
    expect(follower.subscriberCount).toBe(1);
  });
});

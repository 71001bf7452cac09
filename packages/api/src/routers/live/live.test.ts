import type { Database } from '@naav/db';
import { changeFeed, conciergeMessages } from '@naav/db/schema';
import { asc, lte } from 'drizzle-orm';
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
  db.select({ topic: changeFeed.topic, rowId: changeFeed.rowId, kind: changeFeed.kind }).from(changeFeed).orderBy(asc(changeFeed.position));

/** Subscribes as `actor`; `next()` waits (at most 2 s) for the next event. */
async function subscribe(db: Database, follower: FeedFollower, actor: Actor, topics: string[], lastEventId?: string) {
  const abort = new AbortController();
  stops.push(() => abort.abort());
  const caller = createCaller(createContext({ db, resolveActor: async () => actor, now: () => NOW, live: follower }), { signal: abort.signal });
  const iterable = await caller.live.changes({ topics, lastEventId });
  const iterator = (iterable as AsyncIterable<[string, LiveEvent, unknown]>)[Symbol.asyncIterator]();
  const received: LiveEvent[] = [];
  return {
    received,
    async next(): Promise<LiveEvent | 'nothing'> {
      const timeout = new Promise<'nothing'>((resolve) => setTimeout(() => resolve('nothing'), 2000));
      const step = iterator.next().then((r) => (r.done ? 'nothing' : r.value[1]));
      const event = await Promise.race([step, timeout]);
      if (event !== 'nothing') received.push(event);
      return event;
    },
  };
}

describe('the change feed', () => {
  it('is written in the same batch as the change it reports, on the topics that say who may read it', async () => {
    const db = await createSeededDatabase(NOW);
    await db.delete(changeFeed);
    const sent = await callerFor(db, actors.traveller2, () => NOW).concierge.send({ message: 'A table for two, please' });
    expect(await feedRows(db)).toEqual([
      { topic: `concierge:${actors.traveller2.id}`, rowId: sent.id, kind: 'message' },
      { topic: 'concierge', rowId: sent.id, kind: 'message' },
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
    expect((await errorOf(agent.concierge.setRequestStatus({ id: request.id, status: 'in_progress' } as never))).code).toBe('CONFLICT');
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

    expect(await samStream.next()).toMatchObject({ topic: `concierge:${actors.traveller2.id}`, rowId: fromSam.id, kind: 'message' });
    expect(await desk.next()).toMatchObject({ topic: 'concierge', kind: 'message' });
    expect(await desk.next()).toMatchObject({ topic: 'concierge', rowId: fromSam.id, kind: 'message' });
    // Alex's message never reached Sam's stream; events carry no message text.
    expect(await samStream.next()).toBe('nothing');
    expect(Object.keys(samStream.received[0]!).sort()).toEqual(['kind', 'position', 'rowId', 'topic']);
    // One follower serves every subscriber of the process.
    expect(follower.subscriberCount).toBe(2);
  });

  it("a topic the subscriber may not read is NOT_FOUND, exactly like a missing row", async () => {
    const db = await createSeededDatabase(NOW);
    const follower = new FeedFollower(db, { intervalMs: 20 });
    stops.push(() => follower.stop());
    const sam = createCaller(createContext({ db, resolveActor: async () => actors.traveller2, live: follower }));
    for (const forbidden of [topic.concierge(actors.traveller.id), 'concierge', 'proposals', topic.trip('trip-kyoto'), topic.trip('no-such-trip'), topic.group('group-morgan-family'), topic.trips(actors.traveller.id)]) {
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
    expect(seen).toMatchObject({ topic: 'trip:trip-kyoto', kind: 'updated' });

    // Away: two changes happen, then the client reconnects with the last id it saw.
    await alex.trips.update({ id: 'trip-kyoto', title: 'Kyoto, again' } as never);
    await alex.trips.update({ id: 'trip-kyoto', title: 'Kyoto at last' } as never);
    const resumed = await subscribe(db, follower, actors.traveller, [topic.trip('trip-kyoto')], String((seen as LiveEvent).position));
    const missed = [await resumed.next(), await resumed.next()];
    expect(missed.map((e) => (e as LiveEvent).kind)).toEqual(['updated', 'updated']);
    expect((missed[0] as LiveEvent).position).toBeGreaterThan((seen as LiveEvent).position);

    // The feed no longer holds what came after this position: one reset, then live again.
    await db.delete(changeFeed).where(lte(changeFeed.position, (missed[1] as LiveEvent).position));
    const late = await subscribe(db, follower, actors.traveller, [topic.trip('trip-kyoto')], String((seen as LiveEvent).position));
    expect(await late.next()).toMatchObject({ topic: '*', kind: 'reset' });
    await alex.trips.update({ id: 'trip-kyoto', title: 'Kyoto for real' } as never);
    expect(await late.next()).toMatchObject({ topic: 'trip:trip-kyoto', kind: 'updated' });
  });

  it('a member removed from the group stops receiving the trips it shared', async () => {
    const db = await createSeededDatabase(NOW);
    const follower = new FeedFollower(db, { intervalMs: 20 });
    stops.push(() => follower.stop());
    const alex = callerFor(db, actors.traveller, () => NOW);
    // Sam joins the family group with edit rights, and follows the shared trip.
    const group = await alex.family.addMember({ id: 'group-morgan-family', name: 'Sam Rivera', email: actors.traveller2.email, relationship: 'friend', permissions: ['view', 'edit'] } as never);
    const samEntry = group.members.find((m) => m.name === 'Sam Rivera')!;
    const sam = await subscribe(db, follower, actors.traveller2, [topic.trip('trip-kyoto')]);
    await alex.trips.update({ id: 'trip-kyoto', title: 'Kyoto with Sam' } as never);
    expect(await sam.next()).toMatchObject({ topic: 'trip:trip-kyoto', kind: 'updated' });

    await alex.family.removeMember({ id: 'group-morgan-family', memberId: samEntry.id } as never);
    expect(await sam.next()).toMatchObject({ topic: 'trip:trip-kyoto', kind: 'revoked' });
    await alex.trips.update({ id: 'trip-kyoto', title: 'Kyoto without Sam' } as never);
    expect(await sam.next()).toBe('nothing');
  });
});

import type { Database } from '@naav/db';
import { changeFeed, trips } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedFollower } from '../../lib/live/follower';
import { errorOf } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;
// trip-kyoto runs from 2025-07-15 to 2025-07-25, is Alex's, in JPY, and shared with the Morgan Family group.
const KYOTO = 'trip-kyoto';
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** Alex's demo data with Sam in the Morgan Family group with `permission`. */
async function withSam(permission: 'view' | 'edit') {
  const db = await createSeededDatabase(NOW);
  const alex = callerFor(db, actors.traveller, now);
  const group = await alex.family.addMember({
    id: 'group-morgan-family',
    name: 'Sam Rivera',
    email: actors.traveller2.email,
    relationship: 'friend',
    permissions: [permission],
  } as never);
  const sam = callerFor(db, actors.traveller2, now);
  return { db, alex, sam, samEntry: group.members.find((m) => m.name === 'Sam Rivera')! };
}

const lines = async (caller: ReturnType<typeof callerFor>, input: { actorId?: string; limit?: number } = {}) =>
  (await caller.trips.activity({ id: KYOTO, limit: 200, ...input })).items.map(
    (i) => `${i.byYou ? 'You' : i.actorName} ${i.summary}`,
  );

describe('a trip’s activity', () => {
  it('records each kind of change with who made it, newest first', async () => {
    const { alex, sam, samEntry } = await withSam('edit');
    const dinner = await alex.events.create({
      id: KYOTO,
      title: 'Dinner at Gion',
      type: 'meal',
      date: '2025-07-16',
      startTime: '19:00',
    });
    await sam.events.update({ id: dinner.id, startTime: '19:30' } as never);
    await sam.events.update({ id: dinner.id, date: '2025-07-17' } as never);
    await sam.events.update({ id: dinner.id, description: 'Window table' } as never);
    await alex.trips.update({ id: KYOTO, title: 'Kyoto in Autumn Leaves', startDate: '2025-07-14' } as never);
    const kid = await sam.companions.create({ id: KYOTO, name: 'Riley', relationship: 'child' } as never);
    await sam.companions.update({ id: kid.id, name: 'Riley M.' } as never);
    await sam.companions.delete({ id: kid.id });
    const tea = await alex.expenses.create({
      tripId: KYOTO,
      title: 'Tea ceremony',
      amount: 450_000,
      currency: 'JPY',
      categoryId: 1,
      date: '2025-07-16',
    } as never);
    await alex.expenses.update({ ...tea, tripId: KYOTO, amount: 500_000, exchangeRate: null } as never);
    await alex.expenses.delete({ id: tea.id });
    await alex.budget.update({ id: KYOTO, budgetTotal: 90_000_000, currency: 'JPY' } as never);
    await sam.events.delete({ id: dinner.id });
    await alex.family.updateMember({
      id: 'group-morgan-family',
      memberId: samEntry.id,
      permissions: ['view'],
    } as never);
    await alex.family.shareTrip({ id: 'group-hiking-friends', tripId: KYOTO } as never);

    expect(await lines(alex)).toEqual([
      'You shared the trip with Hiking Friends',
      'You gave Sam Rivera view permission in Morgan Family',
      'Sam Rivera deleted Dinner at Gion',
      "You changed the trip's budget",
      'You deleted an expense: Tea ceremony (¥5,000)',
      'You changed an expense: Tea ceremony (¥5,000)',
      'You added an expense: Tea ceremony (¥4,500)',
      'Sam Rivera removed companion Riley M.',
      'Sam Rivera changed companion Riley M.',
      'Sam Rivera added Riley as a companion',
      "You changed the trip's title and dates",
      'Sam Rivera changed Dinner at Gion',
      'Sam Rivera moved Dinner at Gion from Jul 16 19:30 to Jul 17 19:30',
      'Sam Rivera moved Dinner at Gion from 19:00 to 19:30',
      'You added Dinner at Gion on Jul 16 at 19:00',
      'You added Sam Rivera to Morgan Family (edit)',
    ]);
  });

  it('shows a member the itinerary but not what only the owner may see (money, the groups)', async () => {
    const { alex, sam } = await withSam('view');
    await alex.events.create({
      id: KYOTO,
      title: 'Fushimi Inari at dawn',
      type: 'activity',
      date: '2025-07-18',
      startTime: '06:00',
    });
    await alex.expenses.create({
      tripId: KYOTO,
      title: 'Ryokan deposit',
      amount: 3_000_000,
      currency: 'JPY',
      categoryId: 1,
      date: '2025-07-16',
    } as never);
    const seen = await lines(sam);
    expect(seen).toEqual([
      'Alex Morgan added an expense',
      'Alex Morgan added Fushimi Inari at dawn on Jul 18 at 06:00',
      'Alex Morgan changed who the trip is shared with',
    ]);
    expect(seen.join(' ')).not.toMatch(/Ryokan|30,000|Sam Rivera/);
    // A view member reads the activity but still changes nothing: what they may not do leaves no line.
    const [event] = await alex.trips.events({ id: KYOTO });
    expect((await errorOf(sam.events.update({ id: event!.id, title: 'Mine now' } as never))).code).toBe('FORBIDDEN');
    expect(await lines(sam)).toHaveLength(3);
  });

  it('a change that fails writes no line: the line is in the change’s own transaction', async () => {
    const db = await createSeededDatabase(NOW);
    const alex = callerFor(db, actors.traveller, now);
    // The event's insert fails inside the batch, after the line was queued beside it.
    await db.$client.execute(
      "CREATE TRIGGER refuse_events BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    await expect(
      alex.events.create({ id: KYOTO, title: 'Never written', type: 'meal', date: '2025-07-16' }),
    ).rejects.toThrow();
    expect(await lines(alex)).toEqual([]);
    // Refused before writing (a day outside the trip): no line either.
    await db.$client.execute('DROP TRIGGER refuse_events');
    await errorOf(alex.events.create({ id: KYOTO, title: 'Too late', type: 'meal', date: '2025-09-01' }));
    expect(await lines(alex)).toEqual([]);
  });

  it('pages newest first by cursor, filters by person and lists who acted', async () => {
    const { alex, sam } = await withSam('edit');
    for (const n of [1, 2, 3, 4, 5]) {
      const caller = n % 2 ? alex : sam;
      await caller.events.create({ id: KYOTO, title: `Stop ${n}`, type: 'activity', date: '2025-07-16' });
    }
    const first = await alex.trips.activity({ id: KYOTO, limit: 2 });
    expect(first.items.map((i) => i.summary)).toEqual(['added Stop 5 on Jul 16', 'added Stop 4 on Jul 16']);
    const second = await alex.trips.activity({ id: KYOTO, limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((i) => i.summary)).toEqual(['added Stop 3 on Jul 16', 'added Stop 2 on Jul 16']);
    const third = await alex.trips.activity({ id: KYOTO, limit: 2, cursor: second.nextCursor! });
    expect(third.items.map((i) => i.summary)).toEqual([
      'added Stop 1 on Jul 16',
      'added Sam Rivera to Morgan Family (edit)',
    ]);
    expect(third.nextCursor).toBeNull();
    expect(first.actors).toEqual([
      { id: actors.traveller.id, name: 'Alex Morgan' },
      { id: actors.traveller2.id, name: 'Sam Rivera' },
    ]);

    const bySam = await alex.trips.activity({ id: KYOTO, actorId: actors.traveller2.id });
    expect(bySam.items.map((i) => [i.actorName, i.summary, i.byYou])).toEqual([
      ['Sam Rivera', 'added Stop 4 on Jul 16', false],
      ['Sam Rivera', 'added Stop 2 on Jul 16', false],
    ]);
    expect((await sam.trips.activity({ id: KYOTO, actorId: actors.traveller2.id })).items.every((i) => i.byYou)).toBe(
      true,
    );

    const bad = await errorOf(alex.trips.activity({ id: KYOTO, cursor: 'not-a-cursor' }));
    expect(bad.code).toBe('BAD_REQUEST');
  });

  it('is NOT_FOUND for someone who cannot see the trip, exactly like a missing one', async () => {
    const db = await createSeededDatabase(NOW);
    const sam = callerFor(db, actors.traveller2, now);
    const stranger = await errorOf(sam.trips.activity({ id: KYOTO }));
    const missing = await errorOf(sam.trips.activity({ id: 'trip-nowhere' }));
    expect(stranger.code).toBe('NOT_FOUND');
    expect({ code: missing.code, message: missing.message }).toEqual({
      code: stranger.code,
      message: stranger.message,
    });
  });

  it('outlives the live feed’s pruning while the trip exists, and goes with the trip', async () => {
    const db: Database = await createSeededDatabase(NOW);
    const alex = callerFor(db, actors.traveller, now);
    await alex.events.create({ id: KYOTO, title: 'Kept', type: 'activity', date: '2025-07-16' });
    // Pruning keeps nothing older than now, a minute from now.
    const follower = new FeedFollower(db, {
      intervalMs: 10,
      keepMs: 0,
      pruneEveryMs: 0,
      now: () => Date.now() + 60_000,
    });
    stops.push(() => follower.stop());
    stops.push(await follower.subscribe(['trip:none'], () => undefined));
    await alex.trips.update({ id: KYOTO, notes: 'Bring a coat' } as never);
    await follower.poll();
    const left = await db.select({ topic: changeFeed.topic, action: changeFeed.action }).from(changeFeed);
    expect(left).toEqual([
      { topic: `trip:${KYOTO}`, action: 'event.added' },
      { topic: `trip:${KYOTO}`, action: 'details.changed' },
    ]);
    expect(await lines(alex)).toEqual(["You changed the trip's notes", 'You added Kept on Jul 16']);

    await db.delete(trips).where(eq(trips.id, KYOTO));
    expect(await db.select().from(changeFeed).where(eq(changeFeed.tripId, KYOTO))).toEqual([]);
  });
});

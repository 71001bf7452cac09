import type { Database } from '@naav/db';
import { events, trips, user } from '@naav/db/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { Actor } from '../../context';
import { errorOf } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';
import { tripStatus } from './trip-columns';

// 13:00 in Lisbon (summer time, UTC+1): the same calendar day in UTC and in Lisbon.
const NOW = new Date('2025-06-15T12:00:00Z');
const at = (iso: string) => () => new Date(iso);
const pinned = () => NOW;

async function addUser(db: Database, id: string, role: Actor['role'] = 'client'): Promise<Actor> {
  const actor: Actor = { id, name: `User ${id}`, email: `${id}@example.test`, role };
  await db.insert(user).values({ ...actor, emailVerified: false, createdAt: NOW, updatedAt: NOW });
  return actor;
}

type TripInsert = typeof trips.$inferInsert;
async function addTrip(
  db: Database,
  row: Omit<TripInsert, 'title' | 'destination' | 'location'> & Partial<TripInsert>,
) {
  await db.insert(trips).values({ title: `Trip ${row.id}`, destination: 'Somewhere', location: 'Somewhere', ...row });
}

describe('trips.current', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createSeededDatabase(NOW);
  });

  it("returns the traveller's trip under way, with the documented fields", async () => {
    const trip = await callerFor(db, actors.traveller, pinned).trips.current();
    expect(trip).toEqual({
      id: 'trip-lisbon',
      title: 'Lisbon & the Algarve',
      destination: 'Portugal',
      location: 'Lisbon, Portugal',
      startDate: '2025-06-13',
      endDate: '2025-06-19',
      status: 'current',
      timeZone: 'Europe/Lisbon',
      imageUrl: '/images/lisbon.svg',
      description: expect.any(String),
      accommodation: expect.stringContaining('Memmo Alfama'),
      transportation: expect.any(String),
      notes: expect.any(String),
      hotelPhone: '+351 210 495 660',
      conciergePhone: '+1 800 555 0199',
      baseCurrency: 'EUR',
      budgetTotal: 450_000,
      access: 'owner',
      sharedBy: null,
    });
    // Internal columns never leave the server.
    expect(trip).not.toHaveProperty('ownerId');
    expect(trip).not.toHaveProperty('cancelledAt');
  });

  it('is NOT_FOUND for a user who has no trips at all', async () => {
    const fresh = await addUser(db, 'user-fresh-current');
    const error = await errorOf(callerFor(db, fresh, pinned).trips.current());
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Current trip not found');
  });

  it('is NOT_FOUND when no trip covers today (clock far in the future)', async () => {
    const error = await errorOf(callerFor(db, actors.traveller, at('2031-01-01T12:00:00Z')).trips.current());
    expect(error.code).toBe('NOT_FOUND');
  });

  it("does not return another user's trip under way", async () => {
    const trip = await callerFor(db, actors.traveller2, pinned).trips.current();
    expect(trip.id).toBe('trip-barcelona');
  });

  it('is UNAUTHORIZED without a session', async () => {
    const error = await errorOf(callerFor(db, null, pinned).trips.current());
    expect(error.code).toBe('UNAUTHORIZED');
  });
});

describe('trips.todaysEvents', () => {
  it("lists only today's events of the current trip, by start time", async () => {
    const db = await createSeededDatabase(NOW);
    const list = await callerFor(db, actors.traveller, pinned).trips.todaysEvents();
    expect(list.map((e) => [e.startTime, e.type])).toEqual([
      ['08:00:00', 'meal'],
      ['10:00:00', 'activity'],
      ['13:15:00', 'transportation'],
      ['20:00:00', 'meal'],
    ]);
    expect(new Set(list.map((e) => e.date))).toEqual(new Set(['2025-06-15']));
    expect(list.every((e) => e.tripId === 'trip-lisbon')).toBe(true);
  });

  it('puts events without a start time after the timed ones', async () => {
    const db = await createSeededDatabase(NOW);
    await db.insert(events).values([
      { id: 'event-untimed', tripId: 'trip-lisbon', title: 'Buy souvenirs', date: '2025-06-15', type: 'activity' },
      {
        id: 'event-early',
        tripId: 'trip-lisbon',
        title: 'Sunrise run',
        date: '2025-06-15',
        startTime: '06:30:00',
        type: 'activity',
      },
    ]);
    const list = await callerFor(db, actors.traveller, pinned).trips.todaysEvents();
    expect(list.map((e) => e.startTime)).toEqual(['06:30:00', '08:00:00', '10:00:00', '13:15:00', '20:00:00', null]);
    expect(list.at(-1)?.id).toBe('event-untimed');
  });

  it("follows the trip's time zone, not UTC, to decide which day is today", async () => {
    const db = await createSeededDatabase(NOW);
    const kiwi = await addUser(db, 'user-kiwi');
    // 20:00 UTC on 15 June is 08:00 on 16 June in Auckland (UTC+12).
    const now = at('2025-06-15T20:00:00Z');
    await addTrip(db, {
      id: 'trip-auckland',
      ownerId: kiwi.id,
      startDate: '2025-06-16',
      endDate: '2025-06-20',
      timeZone: 'Pacific/Auckland',
    });
    await db.insert(events).values([
      {
        id: 'ev-nz-utc-day',
        tripId: 'trip-auckland',
        title: 'On the UTC date',
        date: '2025-06-15',
        startTime: '09:00:00',
        type: 'activity',
        timeZone: 'Pacific/Auckland',
      },
      {
        id: 'ev-nz-today',
        tripId: 'trip-auckland',
        title: 'Harbour ferry',
        date: '2025-06-16',
        startTime: '09:00:00',
        type: 'transportation',
        timeZone: 'Pacific/Auckland',
      },
      {
        id: 'ev-nz-tomorrow',
        tripId: 'trip-auckland',
        title: 'Tomorrow',
        date: '2025-06-17',
        startTime: '09:00:00',
        type: 'activity',
        timeZone: 'Pacific/Auckland',
      },
    ]);
    const caller = callerFor(db, kiwi, now);
    // In UTC the trip has not started yet; in Auckland it is the first day.
    expect((await caller.trips.current()).status).toBe('current');
    expect((await caller.trips.todaysEvents()).map((e) => e.id)).toEqual(['ev-nz-today']);
  });

  it("reads each event's day in its own zone: a flight from Lisbon is today while it is today in Lisbon", async () => {
    const db = await createSeededDatabase(NOW);
    const kiwi = await addUser(db, 'user-zones');
    // 23:00 UTC on 10 December: the 11th in Tokyo, still the 10th in Lisbon.
    const now = at('2026-12-10T23:00:00Z');
    await addTrip(db, {
      id: 'trip-tokyo',
      ownerId: kiwi.id,
      startDate: '2026-12-10',
      endDate: '2026-12-14',
      timeZone: 'Asia/Tokyo',
    });
    await db.insert(events).values([
      {
        id: 'ev-flight',
        tripId: 'trip-tokyo',
        title: 'Flight to Tokyo',
        date: '2026-12-10',
        startTime: '22:35:00',
        type: 'transportation',
        timeZone: 'Europe/Lisbon',
        endDate: '2026-12-11',
        endTime: '18:25:00',
        endTimeZone: 'Asia/Tokyo',
      },
      {
        id: 'ev-tokyo-yesterday',
        tripId: 'trip-tokyo',
        title: 'Yesterday in Tokyo',
        date: '2026-12-10',
        startTime: '20:00:00',
        type: 'meal',
        timeZone: 'Asia/Tokyo',
      },
      {
        id: 'ev-tokyo-today',
        tripId: 'trip-tokyo',
        title: 'Ramen',
        date: '2026-12-11',
        startTime: '19:00:00',
        type: 'meal',
        timeZone: 'Asia/Tokyo',
      },
    ]);
    const list = await callerFor(db, kiwi, now).trips.todaysEvents();
    // In the order they happen: 22:35 in Lisbon is 07:35 the next morning in Tokyo.
    expect(list.map((e) => e.id)).toEqual(['ev-flight', 'ev-tokyo-today']);
  });

  it('is NOT_FOUND when there is no current trip', async () => {
    const db = await createSeededDatabase(NOW);
    const error = await errorOf(callerFor(db, actors.agent, pinned).trips.todaysEvents());
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('trip status', () => {
  const trip = { startDate: '2025-06-10', endDate: '2025-06-15', timeZone: 'Europe/Lisbon', cancelledAt: null };
  // Lisbon is UTC+1 in June: local midnight is 23:00 UTC the day before.
  it.each([
    ['2025-06-09T22:59:59Z', 'upcoming'], // 23:59:59 on 9 June, the eve of the start
    ['2025-06-09T23:00:00Z', 'current'], // 00:00 on 10 June, the start day
    ['2025-06-12T12:00:00Z', 'current'],
    ['2025-06-15T22:59:59Z', 'current'], // 23:59:59 on 15 June, the end day
    ['2025-06-15T23:00:00Z', 'past'], // 00:00 on 16 June
  ])('at %s the trip is %s', (iso, expected) => {
    expect(tripStatus(trip, new Date(iso))).toBe(expected);
  });

  it('is current for a one-day trip on that day', () => {
    const oneDay = { ...trip, startDate: '2025-06-12', endDate: '2025-06-12' };
    expect(tripStatus(oneDay, new Date('2025-06-12T08:00:00Z'))).toBe('current');
  });

  it('is cancelled whatever the dates say', () => {
    const cancelled = { ...trip, cancelledAt: new Date('2025-06-01T00:00:00Z') };
    expect(tripStatus(cancelled, new Date('2025-06-12T12:00:00Z'))).toBe('cancelled');
    expect(tripStatus(cancelled, new Date('2025-05-01T12:00:00Z'))).toBe('cancelled');
    expect(tripStatus(cancelled, new Date('2025-07-01T12:00:00Z'))).toBe('cancelled');
  });

  it('derives every status through trips.list, and a cancelled trip is never current', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = await addUser(db, 'user-statuses');
    // Today is 2025-06-15 in Lisbon.
    await addTrip(db, {
      id: 's-starts-today',
      ownerId: owner.id,
      startDate: '2025-06-15',
      endDate: '2025-06-18',
      timeZone: 'Europe/Lisbon',
    });
    await addTrip(db, {
      id: 's-ends-today',
      ownerId: owner.id,
      startDate: '2025-06-11',
      endDate: '2025-06-15',
      timeZone: 'Europe/Lisbon',
    });
    await addTrip(db, {
      id: 's-starts-tomorrow',
      ownerId: owner.id,
      startDate: '2025-06-16',
      endDate: '2025-06-18',
      timeZone: 'Europe/Lisbon',
    });
    await addTrip(db, {
      id: 's-ended-yesterday',
      ownerId: owner.id,
      startDate: '2025-06-10',
      endDate: '2025-06-14',
      timeZone: 'Europe/Lisbon',
    });
    await addTrip(db, {
      id: 's-cancelled',
      ownerId: owner.id,
      // Its dates cover today and it starts first, but it was called off.
      startDate: '2025-06-01',
      endDate: '2025-06-20',
      timeZone: 'Europe/Lisbon',
      cancelledAt: new Date('2025-05-01T00:00:00Z'),
    });
    const caller = callerFor(db, owner, pinned);
    const status = Object.fromEntries((await caller.trips.list()).map((t) => [t.id, t.status]));
    expect(status).toEqual({
      's-starts-today': 'current',
      's-ends-today': 'current',
      's-starts-tomorrow': 'upcoming',
      's-ended-yesterday': 'past',
      's-cancelled': 'cancelled',
    });
    // Two trips are under way: the earlier start wins, and the cancelled one is skipped.
    expect((await caller.trips.current()).id).toBe('s-ends-today');
  });

  it('finds a trip still under way west of UTC after its end date has passed in UTC', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = await addUser(db, 'user-hawaii');
    // 05:00 UTC on 15 June is 19:00 on 14 June in Honolulu (UTC-10).
    await addTrip(db, {
      id: 'trip-honolulu',
      ownerId: owner.id,
      startDate: '2025-06-10',
      endDate: '2025-06-14',
      timeZone: 'Pacific/Honolulu',
    });
    const caller = callerFor(db, owner, at('2025-06-15T05:00:00Z'));
    expect(await caller.trips.current()).toMatchObject({ id: 'trip-honolulu', status: 'current' });
    // Five hours later it is 15 June in Honolulu too: the trip is over.
    const later = callerFor(db, owner, at('2025-06-15T10:00:00Z'));
    expect((await errorOf(later.trips.current())).code).toBe('NOT_FOUND');
  });
});

describe('trips.list', () => {
  it("returns only the signed-in user's trips, by start date, with derived statuses", async () => {
    const db = await createSeededDatabase(NOW);
    const list = await callerFor(db, actors.traveller, pinned).trips.list();
    expect(list.map((t) => [t.id, t.status])).toEqual([
      ['trip-santorini', 'past'],
      ['trip-lisbon', 'current'],
      ['trip-kyoto', 'upcoming'],
      ['trip-patagonia', 'upcoming'],
    ]);
    const other = await callerFor(db, actors.traveller2, pinned).trips.list();
    expect(other.map((t) => t.id)).toEqual(['trip-barcelona']);
  });

  it('is empty for a user without trips, and UNAUTHORIZED without a session', async () => {
    const db = await createSeededDatabase(NOW);
    expect(await callerFor(db, actors.agent, pinned).trips.list()).toEqual([]);
    expect((await errorOf(callerFor(db, null, pinned).trips.list())).code).toBe('UNAUTHORIZED');
  });
});

describe('trips shared through a family group', () => {
  const GROUP = 'group-morgan-family';
  /** The seed, with a new verified user added to Alex Morgan's family group with `permissions`, and Lisbon (under way) shared with it. */
  async function withSharedMember(permissions: ('view' | 'edit' | 'admin')[]) {
    const db = await createSeededDatabase(NOW);
    const member: Actor = { id: 'user-member', name: 'Maya Tanaka', email: 'maya@example.test', role: 'client' };
    await db.insert(user).values({ ...member, emailVerified: true, createdAt: NOW, updatedAt: NOW });
    const own = callerFor(db, actors.traveller, pinned);
    await own.family.addMember({
      id: GROUP,
      name: 'Maya Tanaka',
      email: 'Maya@Example.test',
      relationship: 'friend',
      permissions,
    });
    await own.family.shareTrip({ id: GROUP, tripId: 'trip-lisbon' });
    return { db, own, as: callerFor(db, member, pinned) };
  }

  it('lists them among the member’s trips, marked with their access and who shared them', async () => {
    const { as } = await withSharedMember(['view', 'edit']);
    const list = await as.trips.list();
    // Kyoto is shared with the group in the seed; Alex's other trips stay hidden.
    expect(list.map((t) => [t.id, t.status, t.access, t.sharedBy])).toEqual([
      ['trip-lisbon', 'current', 'edit', { name: 'Alex Morgan' }],
      ['trip-kyoto', 'upcoming', 'edit', { name: 'Alex Morgan' }],
    ]);
    // Only the owner's name: nothing else of their account.
    expect(Object.keys(list[0]!.sharedBy!)).toEqual(['name']);
    // The owner's own list is unchanged but for the new fields.
    const mine = await callerFor((await withSharedMember(['view'])).db, actors.traveller, pinned).trips.list();
    expect(mine.every((t) => t.access === 'owner' && t.sharedBy === null)).toBe(true);
  });

  it('a view member sees them as view', async () => {
    const { as } = await withSharedMember(['view']);
    expect((await as.trips.list()).map((t) => t.access)).toEqual(['view', 'view']);
    expect((await as.trips.byId({ id: 'trip-lisbon' })).access).toBe('view');
  });

  it('trips.current and trips.todaysEvents answer the shared trip under way, with its access', async () => {
    const { as } = await withSharedMember(['view', 'edit']);
    const current = await as.trips.current();
    expect([current.id, current.access, current.sharedBy]).toEqual(['trip-lisbon', 'edit', { name: 'Alex Morgan' }]);
    const today = await as.trips.todaysEvents();
    expect(today.length).toBeGreaterThan(0);
    expect(today.every((e) => e.tripId === 'trip-lisbon' && e.date === '2025-06-15')).toBe(true);
  });

  it("prefers the actor's own trip under way to one shared with them", async () => {
    const db = await createSeededDatabase(NOW);
    const own = callerFor(db, actors.traveller, pinned);
    await own.family.addMember({
      id: GROUP,
      name: 'Sam Rivera',
      email: actors.traveller2.email,
      relationship: 'friend',
      permissions: ['view'],
    });
    await own.family.shareTrip({ id: GROUP, tripId: 'trip-lisbon' });
    const sam = callerFor(db, actors.traveller2, pinned);
    expect((await sam.trips.list()).map((t) => t.id)).toContain('trip-lisbon');
    expect((await sam.trips.current()).id).toBe('trip-barcelona');
  });

  it('leave the lists once the member is removed, and never reach a stranger', async () => {
    const { db, own, as } = await withSharedMember(['view', 'edit']);
    const group = await own.family.groups().then((g) => g.find((x) => x.id === GROUP)!);
    await own.family.removeMember({ id: GROUP, memberId: group.members.find((m) => m.name === 'Maya Tanaka')!.id });
    expect(await as.trips.list()).toEqual([]);
    expect((await errorOf(as.trips.current())).code).toBe('NOT_FOUND');
    expect((await errorOf(as.trips.todaysEvents())).code).toBe('NOT_FOUND');
    expect(await callerFor(db, actors.agent, pinned).trips.list()).toEqual([]);
  });
});

describe('trips.byId, trips.events, trips.companions', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createSeededDatabase(NOW);
  });

  it('returns an own trip with its status', async () => {
    const trip = await callerFor(db, actors.traveller, pinned).trips.byId({ id: 'trip-kyoto' });
    expect(trip).toMatchObject({
      id: 'trip-kyoto',
      status: 'upcoming',
      timeZone: 'Asia/Tokyo',
      budgetTotal: 80_000_000,
    });
  });

  it("lists a trip's events by date, then start time, untimed events last on their day", async () => {
    const list = await callerFor(db, actors.traveller, pinned).trips.events({ id: 'trip-lisbon' });
    expect(list).toHaveLength(9);
    expect(list.map((e) => e.id)).toEqual([
      'event-lisbon-flight',
      'event-lisbon-checkin',
      'event-lisbon-breakfast',
      'event-lisbon-tour',
      'event-lisbon-tram',
      'event-lisbon-fado',
      'event-lisbon-sintra',
      'event-lisbon-drive',
      'event-lisbon-kayak',
    ]);
    expect(list.at(-1)).toMatchObject({ date: '2025-06-18', startTime: null, endTime: null });
  });

  it("lists a trip's companions with name, relationship and picture only", async () => {
    const list = await callerFor(db, actors.traveller, pinned).trips.companions({ id: 'trip-lisbon' });
    expect(list.map((c) => c.name).sort()).toEqual(['Jamie Morgan', 'Lily Morgan', 'Noah Morgan']);
    for (const c of list) expect(Object.keys(c).sort()).toEqual(['id', 'imageUrl', 'name', 'relationship']);
  });

  it("answers another user's trip exactly like a trip that does not exist", async () => {
    const caller = callerFor(db, actors.traveller, pinned);
    const calls = [
      (id: string) => caller.trips.byId({ id }),
      (id: string) => caller.trips.events({ id }),
      (id: string) => caller.trips.companions({ id }),
    ];
    for (const call of calls) {
      const foreign = await errorOf(call('trip-barcelona'));
      const missing = await errorOf(call('trip-does-not-exist'));
      expect(foreign.code).toBe('NOT_FOUND');
      expect({ code: foreign.code, message: foreign.message }).toEqual({
        code: missing.code,
        message: missing.message,
      });
    }
    // The owner does see it, so the 404 above is about ownership, not the id.
    const owner = callerFor(db, actors.traveller2, pinned);
    expect((await owner.trips.byId({ id: 'trip-barcelona' })).title).toBe('Barcelona Long Weekend');
    expect((await owner.trips.companions({ id: 'trip-barcelona' })).map((c) => c.name)).toEqual(['Ana Rivera']);
  });

  it('is UNAUTHORIZED without a session, even for an existing id', async () => {
    const caller = callerFor(db, null, pinned);
    for (const call of [caller.trips.byId, caller.trips.events, caller.trips.companions]) {
      expect((await errorOf(call({ id: 'trip-lisbon' }))).code).toBe('UNAUTHORIZED');
    }
    expect((await errorOf(caller.trips.todaysEvents())).code).toBe('UNAUTHORIZED');
  });

  it('rejects an empty or over-long id with BAD_REQUEST pointing at the field', async () => {
    // (The "id: …" message is shaped by the error formatter, which only HTTP answers pass through.)
    const caller = callerFor(db, actors.traveller, pinned);
    for (const id of ['', 'x'.repeat(101)]) {
      const error = await errorOf(caller.trips.byId({ id }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.cause).toBeInstanceOf(ZodError);
      expect((error.cause as ZodError).issues.map((i) => i.path)).toEqual([['id']]);
    }
  });
});

import type { Database } from '@naav/db';
import { user } from '@naav/db/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../context';
import { errorOf } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const pinned = () => NOW;

describe('trips.dayPlan', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createSeededDatabase(NOW);
  });

  it('answers the trip and its events in plan order, exactly as trips.byId and trips.events do', async () => {
    const caller = callerFor(db, actors.traveller, pinned);
    const plan = await caller.trips.dayPlan({ id: 'trip-lisbon' });
    expect(Object.keys(plan)).toEqual(['trip', 'events']);
    expect(plan.trip).toEqual(await caller.trips.byId({ id: 'trip-lisbon' }));
    expect(plan.events).toEqual(await caller.trips.events({ id: 'trip-lisbon' }));
    expect(plan.trip).toMatchObject({ id: 'trip-lisbon', status: 'current', access: 'owner', sharedBy: null });
    expect(plan.events.map((e) => e.id)).toEqual([
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
    // Internal columns never leave the server.
    expect(plan.trip).not.toHaveProperty('ownerId');
    expect(plan.trip).not.toHaveProperty('cancelledAt');
  });

  it('answers a trip without events with an empty list', async () => {
    const caller = callerFor(db, actors.traveller, pinned);
    const created = await caller.trips.create({
      title: 'Porto weekend',
      destination: 'Portugal',
      location: 'Porto, Portugal',
      startDate: '2025-07-04',
      endDate: '2025-07-06',
      baseCurrency: 'EUR',
    });
    const plan = await caller.trips.dayPlan({ id: created.id });
    expect(plan).toEqual({ trip: created, events: [] });
  });

  it("answers another user's trip exactly like a trip that does not exist, and refuses a visitor", async () => {
    const caller = callerFor(db, actors.traveller, pinned);
    const foreign = await errorOf(caller.trips.dayPlan({ id: 'trip-barcelona' }));
    const missing = await errorOf(caller.trips.dayPlan({ id: 'trip-does-not-exist' }));
    expect(foreign.code).toBe('NOT_FOUND');
    expect({ code: foreign.code, message: foreign.message }).toEqual({ code: missing.code, message: missing.message });
    // Its owner does see it, so the 404 above is about who asks, not the id.
    const owner = await callerFor(db, actors.traveller2, pinned).trips.dayPlan({ id: 'trip-barcelona' });
    expect(owner.trip.title).toBe('Barcelona Long Weekend');
    expect(owner.events.every((e) => e.tripId === 'trip-barcelona')).toBe(true);
    expect((await errorOf(callerFor(db, null, pinned).trips.dayPlan({ id: 'trip-lisbon' }))).code).toBe('UNAUTHORIZED');
  });

  it('shows a trip shared through a family group to a view member, until they leave the group', async () => {
    const shared = await createSeededDatabase(NOW);
    const member: Actor = { id: 'user-member', name: 'Maya Tanaka', email: 'maya@example.test', role: 'client' };
    await shared.insert(user).values({ ...member, emailVerified: true, createdAt: NOW, updatedAt: NOW });
    const own = callerFor(shared, actors.traveller, pinned);
    const group = 'group-morgan-family';
    await own.family.addMember({
      id: group,
      name: 'Maya Tanaka',
      email: member.email,
      relationship: 'friend',
      permissions: ['view'],
    });
    await own.family.shareTrip({ id: group, tripId: 'trip-lisbon' });
    const as = callerFor(shared, member, pinned);
    const plan = await as.trips.dayPlan({ id: 'trip-lisbon' });
    expect([plan.trip.access, plan.trip.sharedBy]).toEqual(['view', { name: 'Alex Morgan' }]);
    expect(plan.events).toEqual((await own.trips.dayPlan({ id: 'trip-lisbon' })).events);
    const members = (await own.family.groups()).find((g) => g.id === group)!.members;
    await own.family.removeMember({ id: group, memberId: members.find((m) => m.name === 'Maya Tanaka')!.id });
    expect((await errorOf(as.trips.dayPlan({ id: 'trip-lisbon' }))).code).toBe('NOT_FOUND');
  });
});

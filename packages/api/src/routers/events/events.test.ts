import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;

describe('events', () => {
  it('adds an event on a day of the trip, storing times as HH:MM:SS', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const event = await caller.trips.addEvent({
      id: 'trip-lisbon',
      title: 'Sunset cruise',
      type: 'activity',
      date: '2025-06-16',
      startTime: '18:30',
      endTime: '20:00',
      location: 'Doca de Santo Amaro',
    });
    expect(event).toMatchObject({ tripId: 'trip-lisbon', startTime: '18:30:00', endTime: '20:00:00', status: 'confirmed', description: null });
    const day = (await caller.trips.events({ id: 'trip-lisbon' })).filter((e) => e.date === '2025-06-16');
    expect(day.map((e) => e.title)).toContain('Sunset cruise');
  });

  it('refuses a day outside the trip and an end before the start, naming the field', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const base = { id: 'trip-lisbon', title: 'Late', type: 'meal' as const };
    const outside = await errorOf(caller.trips.addEvent({ ...base, date: '2025-06-20' }));
    expect(outside.code).toBe('BAD_REQUEST');
    expect(outside.message).toBe('date: Choose a day between 2025-06-13 and 2025-06-19');
    const backwards = await errorOf(caller.trips.addEvent({ ...base, date: '2025-06-15', startTime: '21:00', endTime: '20:00' }));
    expect(invalidFields(backwards)).toEqual(['endTime']);
  });

  it('updates and deletes the owner’s events only', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const other = callerFor(db, actors.traveller2, now);
    expect((await errorOf(other.events.update({ id: 'event-lisbon-fado', status: 'cancelled' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(other.events.delete({ id: 'event-lisbon-fado' }))).code).toBe('NOT_FOUND');
    const updated = await owner.events.update({ id: 'event-lisbon-fado', status: 'confirmed', startTime: '19:30' });
    expect(updated).toMatchObject({ status: 'confirmed', startTime: '19:30:00', endTime: '22:30:00' });
    const late = await errorOf(owner.events.update({ id: 'event-lisbon-fado', startTime: '23:00' }));
    expect(late.message).toContain('startTime');
    expect(await owner.events.delete({ id: 'event-lisbon-fado' })).toEqual({ id: 'event-lisbon-fado', deleted: true });
    expect((await owner.trips.todaysEvents()).map((e) => e.id)).not.toContain('event-lisbon-fado');
    expect((await errorOf(owner.events.delete({ id: 'event-lisbon-fado' }))).code).toBe('NOT_FOUND');
  });
});

describe('companions', () => {
  it('adds and removes travel companions of the owner’s trip', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const added = await owner.trips.addCompanion({ id: 'trip-lisbon', name: 'Grandma Rose', relationship: 'Grandmother' });
    expect(added).toMatchObject({ name: 'Grandma Rose', relationship: 'Grandmother', imageUrl: null });
    expect(await owner.trips.companions({ id: 'trip-lisbon' })).toHaveLength(4);
    const other = callerFor(db, actors.traveller2, now);
    expect((await errorOf(other.trips.addCompanion({ id: 'trip-lisbon', name: 'X', relationship: 'Y' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(other.companions.delete({ id: added.id }))).code).toBe('NOT_FOUND');
    await owner.companions.delete({ id: added.id });
    expect(await owner.trips.companions({ id: 'trip-lisbon' })).toHaveLength(3);
  });
});

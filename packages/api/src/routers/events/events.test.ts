import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase, snapshotChanges, snapshotDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;

describe('events', () => {
  it('adds an event on a day of the trip, storing times as HH:MM:SS', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const event = await caller.events.create({
      id: 'trip-lisbon',
      title: 'Sunset cruise',
      type: 'activity',
      date: '2025-06-16',
      startTime: '18:30',
      endTime: '20:00',
      location: 'Doca de Santo Amaro',
    });
    expect(event).toMatchObject({
      tripId: 'trip-lisbon',
      startTime: '18:30:00',
      endTime: '20:00:00',
      status: 'confirmed',
      description: null,
    });
    const day = (await caller.trips.events({ id: 'trip-lisbon' })).filter((e) => e.date === '2025-06-16');
    expect(day.map((e) => e.title)).toContain('Sunset cruise');
  });

  it('refuses a day outside the trip and an end before the start, naming the field', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const base = { id: 'trip-lisbon', title: 'Late', type: 'meal' as const };
    const outside = await errorOf(caller.events.create({ ...base, date: '2025-06-20' }));
    expect(outside.code).toBe('BAD_REQUEST');
    expect(outside.message).toBe('date: Choose a day between 2025-06-13 and 2025-06-19');
    const backwards = await errorOf(
      caller.events.create({ ...base, date: '2025-06-15', startTime: '21:00', endTime: '20:00' }),
    );
    expect(invalidFields(backwards)).toEqual(['endTime']);
  });

  it('updates and deletes the owner’s events only', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const other = callerFor(db, actors.traveller2, now);
    expect((await errorOf(other.events.update({ id: 'event-lisbon-fado', status: 'cancelled' }))).code).toBe(
      'NOT_FOUND',
    );
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

describe('events in their own time zones', () => {
  const flight = {
    id: 'trip-lisbon',
    title: 'Flight to Tokyo',
    type: 'transportation' as const,
    date: '2025-06-16',
    startTime: '11:35',
    timeZone: 'Europe/Lisbon',
    endDate: '2025-06-17',
    endTime: '14:25',
    endTimeZone: 'Asia/Tokyo',
    location: 'Lisbon (LIS)',
    endLocation: 'Tokyo Narita (NRT)',
    confirmationNumber: 'XK7P2Q',
  };

  it('keeps a journey’s start and end each in its own zone, with its arrival place and booking reference', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const event = await caller.events.create(flight);
    expect(event).toMatchObject({
      date: '2025-06-16',
      startTime: '11:35:00',
      timeZone: 'Europe/Lisbon',
      endDate: '2025-06-17',
      endTime: '14:25:00',
      endTimeZone: 'Asia/Tokyo',
      endLocation: 'Tokyo Narita (NRT)',
      confirmationNumber: 'XK7P2Q',
    });
    expect((await caller.trips.events({ id: 'trip-lisbon' })).find((e) => e.id === event.id)).toEqual(event);
  });

  it('an older client that sends no zone gets the trip’s; an end zone equal to the start’s is stored as none', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const plain = await caller.events.create({
      id: 'trip-lisbon',
      title: 'Tram 28',
      type: 'activity',
      date: '2025-06-16',
      startTime: '09:00',
      endTime: '10:00',
    });
    expect(plain).toMatchObject({
      timeZone: 'Europe/Lisbon',
      endDate: null,
      endTimeZone: null,
      endLocation: null,
      confirmationNumber: null,
    });
    const same = await caller.events.create({
      id: 'trip-lisbon',
      title: 'Cascais train',
      type: 'transportation',
      date: '2025-06-16',
      startTime: '12:00',
      endTime: '12:40',
      endTimeZone: 'Europe/Lisbon',
      endDate: '2025-06-16',
    });
    expect(same).toMatchObject({ timeZone: 'Europe/Lisbon', endTimeZone: null, endDate: null });
  });

  it('moving an event to another day moves its overnight end with it', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const train = await caller.events.create({
      id: 'trip-lisbon',
      title: 'Night train to Madrid',
      type: 'transportation',
      date: '2025-06-14',
      startTime: '22:00',
      endDate: '2025-06-15',
      endTime: '07:00',
      endTimeZone: 'Europe/Madrid',
    });
    const moved = await caller.events.update({ id: train.id, date: '2025-06-16' });
    expect(moved).toMatchObject({
      date: '2025-06-16',
      startTime: '22:00:00',
      endDate: '2025-06-17',
      endTime: '07:00:00',
      endTimeZone: 'Europe/Madrid',
    });
  });

  it('changing the start’s zone carries an end without a zone of its own, and leaves a journey’s arrival zone alone', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const moved = await caller.events.update({ id: 'event-lisbon-fado', timeZone: 'Europe/Madrid' });
    expect(moved).toMatchObject({
      timeZone: 'Europe/Madrid',
      endTimeZone: null,
      startTime: '20:00:00',
      endTime: '22:30:00',
    });
    const journey = await caller.events.create(flight);
    const retimed = await caller.events.update({ id: journey.id, timeZone: 'Europe/Madrid' });
    expect(retimed).toMatchObject({ timeZone: 'Europe/Madrid', endTimeZone: 'Asia/Tokyo' });
    // Back to the trip's zone with null.
    expect(await caller.events.update({ id: 'event-lisbon-fado', timeZone: null })).toMatchObject({
      timeZone: 'Europe/Lisbon',
      endTimeZone: null,
    });
  });

  it('an end before the start once each is placed in its zone is a 400 naming the field, and nothing is stored', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const before = await snapshotDatabase(db);
    // 01:00 in Lisbon (00:00 UTC) comes before 10:00 in Tokyo (01:00 UTC) the same day.
    const backwards = await errorOf(
      caller.events.create({
        ...flight,
        date: '2025-06-15',
        timeZone: 'Asia/Tokyo',
        startTime: '10:00',
        endDate: null,
        endTime: '01:00',
        endTimeZone: 'Europe/Lisbon',
      }),
    );
    expect(backwards.code).toBe('BAD_REQUEST');
    expect(invalidFields(backwards)).toEqual(['endTime']);
    // Without a start zone only the server knows it is the trip's: 08:00 in Tokyo is 00:00 in Lisbon, before 09:00.
    const serverOnly = await errorOf(
      caller.events.create({
        ...flight,
        timeZone: undefined,
        startTime: '09:00',
        endDate: null,
        endTime: '08:00',
        endTimeZone: 'Asia/Tokyo',
      }),
    );
    expect(serverOnly.code).toBe('BAD_REQUEST');
    expect(serverOnly.message).toBe('endTime: The end time cannot be before the start time');
    // A change that makes the stored flight land before it leaves.
    const stored = await caller.events.create(flight);
    const afterAdd = await snapshotDatabase(db);
    const earlier = await errorOf(caller.events.update({ id: stored.id, endDate: '2025-06-16' }));
    expect(earlier.message).toBe('endTime: The end time cannot be before the start time');
    expect(snapshotChanges(afterAdd, await snapshotDatabase(db))).toEqual([]);
    expect(snapshotChanges(before, afterAdd)).toHaveLength(2);
  });

  it('a lands-before-it-leaves flight over the date line is accepted', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    // Tokyo 21:00 on the 17th → Honolulu 09:15 the same calendar day.
    const event = await caller.events.create({
      ...flight,
      title: 'To Honolulu',
      date: '2025-06-17',
      timeZone: 'Asia/Tokyo',
      startTime: '21:00',
      endDate: null,
      endTime: '09:15',
      endTimeZone: 'Pacific/Honolulu',
    });
    expect(event).toMatchObject({
      startTime: '21:00:00',
      endTime: '09:15:00',
      endDate: null,
      endTimeZone: 'Pacific/Honolulu',
    });
  });

  it('when the trip’s zone changes, events in the old trip zone move to the new one with their local times; others keep theirs', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const flightEvent = await caller.events.create({
      ...flight,
      timeZone: 'Europe/Madrid',
      endTimeZone: 'Europe/Lisbon',
      endDate: null,
      endTime: '13:00',
    });
    // Leaving from the trip's zone for another: its departure is a place, not the trip's clock.
    const tokyoFlight = await caller.events.create(flight);
    const before = await caller.trips.events({ id: 'trip-lisbon' });
    await caller.trips.update({ id: 'trip-lisbon', timeZone: 'Atlantic/Azores' });
    const after = await caller.trips.events({ id: 'trip-lisbon' });
    for (const event of after) {
      const was = before.find((e) => e.id === event.id)!;
      expect([event.date, event.startTime, event.endTime]).toEqual([was.date, was.startTime, was.endTime]);
      if (event.id === flightEvent.id)
        expect([event.timeZone, event.endTimeZone]).toEqual(['Europe/Madrid', 'Europe/Lisbon']);
      else if (event.id === tokyoFlight.id)
        expect([event.timeZone, event.endTimeZone]).toEqual(['Europe/Lisbon', 'Asia/Tokyo']);
      else expect(event.timeZone).toBe(was.timeZone === 'Europe/Lisbon' ? 'Atlantic/Azores' : was.timeZone);
    }
    expect(after.filter((e) => e.timeZone === 'Atlantic/Azores').length).toBe(
      before.filter((e) => e.timeZone === 'Europe/Lisbon').length - 1,
    );
    // The demo's flight from Madrid keeps Madrid's zone.
    expect(after.find((e) => e.id === 'event-lisbon-flight')?.timeZone).toBe('Europe/Madrid');
  });
});

describe('companions', () => {
  it('adds and removes travel companions of the owner’s trip', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const added = await owner.companions.create({
      id: 'trip-lisbon',
      name: 'Grandma Rose',
      relationship: 'Grandmother',
    });
    expect(added).toMatchObject({ name: 'Grandma Rose', relationship: 'Grandmother', imageUrl: null });
    expect(await owner.trips.companions({ id: 'trip-lisbon' })).toHaveLength(4);
    const other = callerFor(db, actors.traveller2, now);
    expect((await errorOf(other.companions.create({ id: 'trip-lisbon', name: 'X', relationship: 'Y' }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await errorOf(other.companions.delete({ id: added.id }))).code).toBe('NOT_FOUND');
    await owner.companions.delete({ id: added.id });
    expect(await owner.trips.companions({ id: 'trip-lisbon' })).toHaveLength(3);
  });
});

import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

// 13:00 in Lisbon: the demo's Lisbon trip runs 13–19 June, today being the 15th.
const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;

const newTrip = {
  title: 'Edinburgh Festival',
  destination: 'Scotland',
  location: 'Edinburgh, United Kingdom',
  startDate: '2025-08-10',
  endDate: '2025-08-14',
  timeZone: 'Europe/London',
};

describe('trips.create', () => {
  it('plans a trip for the signed-in traveller', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const trip = await caller.trips.create({ ...newTrip, description: '  ', notes: 'Book the Tattoo' });
    expect(trip).toMatchObject({
      ...newTrip,
      status: 'upcoming',
      description: null,
      notes: 'Book the Tattoo',
      baseCurrency: 'USD',
    });
    expect((await caller.trips.list()).map((t) => t.id)).toContain(trip.id);
    expect((await callerFor(db, actors.traveller2, now).trips.list()).map((t) => t.id)).not.toContain(trip.id);
  });

  it('refuses an end before the start, naming endDate, and stores nothing', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const before = (await caller.trips.list()).length;
    const error = await errorOf(caller.trips.create({ ...newTrip, endDate: '2025-08-01' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual(['endDate']);
    expect(await caller.trips.list()).toHaveLength(before);
  });

  it("takes the city's zone when none is sent, and UTC when the city is unknown", async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const { timeZone: _, ...withoutZone } = newTrip;
    expect((await caller.trips.create(withoutZone)).timeZone).toBe('Europe/London');
    expect(
      (await caller.trips.create({ ...withoutZone, destination: 'Georgia', location: 'Tbilisi, Georgia' })).timeZone,
    ).toBe('Asia/Tbilisi');
    expect(
      (await caller.trips.create({ ...withoutZone, destination: 'Somewhere', location: 'A village nobody knows' }))
        .timeZone,
    ).toBe('UTC');
  });

  it('refuses an unknown time zone and an empty title', async () => {
    const db = await createSeededDatabase(NOW);
    const error = await errorOf(
      callerFor(db, actors.traveller, now).trips.create({ ...newTrip, title: ' ', timeZone: 'Mars/Olympus' }),
    );
    expect(invalidFields(error).sort()).toEqual(['timeZone', 'title']);
  });
});

describe('trips.update', () => {
  it('changes only the fields given', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const trip = await caller.trips.update({
      id: 'trip-lisbon',
      title: 'Lisbon, Sintra & the Algarve',
      accommodation: '',
    });
    expect(trip.title).toBe('Lisbon, Sintra & the Algarve');
    expect(trip.accommodation).toBeNull();
    expect(trip.destination).toBe('Portugal');
    expect(trip.hotelPhone).toBe('+351 210 495 660');
  });

  it('checks the dates once merged with the stored ones', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    // The Lisbon trip ends on the 19th: a start on the 25th would put the end first.
    const error = await errorOf(caller.trips.update({ id: 'trip-lisbon', startDate: '2025-06-25' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('startDate');
    expect((await caller.trips.byId({ id: 'trip-lisbon' })).startDate).toBe('2025-06-13');
  });

  it("answers NOT_FOUND for someone else's trip and leaves it alone", async () => {
    const db = await createSeededDatabase(NOW);
    const error = await errorOf(
      callerFor(db, actors.traveller2, now).trips.update({ id: 'trip-lisbon', title: 'Mine now' }),
    );
    expect(error.code).toBe('NOT_FOUND');
    expect((await callerFor(db, actors.traveller, now).trips.byId({ id: 'trip-lisbon' })).title).toBe(
      'Lisbon & the Algarve',
    );
  });
});

describe('trips.cancel', () => {
  it('cancels the current trip, which then no longer counts as current', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    expect((await caller.trips.cancel({ id: 'trip-lisbon' })).status).toBe('cancelled');
    expect((await errorOf(caller.trips.current())).code).toBe('NOT_FOUND');
    const again = await errorOf(caller.trips.cancel({ id: 'trip-lisbon' }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe('This trip is already cancelled');
  });

  it('refuses to cancel a trip that has ended', async () => {
    const db = await createSeededDatabase(NOW);
    const error = await errorOf(callerFor(db, actors.traveller, now).trips.cancel({ id: 'trip-santorini' }));
    expect(error.code).toBe('CONFLICT');
  });
});

describe('saved trips', () => {
  it('saves and un-saves a trip, idempotently, for the traveller only', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    expect(await caller.trips.saved()).toEqual([]);
    await caller.trips.save({ id: 'trip-kyoto' });
    await caller.trips.save({ id: 'trip-kyoto' });
    expect(await caller.trips.saved()).toEqual([{ tripId: 'trip-kyoto' }]);
    expect(await callerFor(db, actors.traveller2, now).trips.saved()).toEqual([]);
    expect((await errorOf(callerFor(db, actors.traveller2, now).trips.save({ id: 'trip-kyoto' }))).code).toBe(
      'NOT_FOUND',
    );
    expect(await caller.trips.unsave({ id: 'trip-kyoto' })).toEqual({ tripId: 'trip-kyoto', saved: false });
    expect(await caller.trips.saved()).toEqual([]);
  });
});

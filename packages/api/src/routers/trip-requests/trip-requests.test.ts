import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('trip requests', () => {
  it('files a request with the planner form’s defaults and lists it newest first', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, () => NOW);
    const first = await caller.tripRequests.create({
      destination: 'Kenya',
      startDate: '2025-09-01',
      endDate: '2025-09-10',
    });
    expect(first).toMatchObject({
      budget: 5000,
      travelStyle: 'luxury',
      activities: [],
      customExperiences: [],
      adults: 2,
      children: 0,
      rooms: 1,
      status: 'requested',
      notes: null,
      // Kenya lies in one zone: the server fills it in when the form sends none.
      timeZone: 'Africa/Nairobi',
      createdAt: NOW.toISOString(),
    });
    const later = callerFor(db, actors.traveller, () => new Date(NOW.getTime() + 60_000));
    const second = await later.tripRequests.create({
      destination: 'Japan',
      startDate: '2025-10-01',
      endDate: '2025-10-12',
      budget: 20000,
      travelStyle: 'cultural',
      activities: ['cultural', 'foodie'],
      customExperiences: ['Private guided tour', 'Wine tasting'],
    });
    expect((await caller.tripRequests.list()).map((r) => r.id)).toEqual([second.id, first.id]);
    expect(await callerFor(db, actors.traveller2, () => NOW).tripRequests.list()).toEqual([]);
  });

  it('names the field for a budget off the slider, repeated experiences and reversed dates', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, () => NOW);
    const error = await errorOf(
      caller.tripRequests.create({
        destination: 'Peru',
        startDate: '2025-09-10',
        endDate: '2025-09-01',
        budget: 1234,
        customExperiences: ['Spa day', 'Spa day'],
      }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error).sort()).toEqual(['budget', 'customExperiences', 'endDate']);
    expect(await caller.tripRequests.list()).toEqual([]);
  });

  it("keeps the zone the form sent, else looks up the destination's, else none", async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, () => NOW);
    const dates = { startDate: '2025-09-01', endDate: '2025-09-10' };
    expect((await caller.tripRequests.create({ destination: 'Oia, Santorini, Greece', ...dates })).timeZone).toBe(
      'Europe/Athens',
    );
    expect(
      (await caller.tripRequests.create({ destination: 'Portugal', timeZone: 'Atlantic/Azores', ...dates })).timeZone,
    ).toBe('Atlantic/Azores');
    // Portugal has three zones: no guess.
    expect((await caller.tripRequests.create({ destination: 'Portugal', ...dates })).timeZone).toBeNull();
    const error = await errorOf(
      caller.tripRequests.create({ destination: 'Mars', timeZone: 'Mars/Olympus', ...dates }),
    );
    expect(invalidFields(error)).toEqual(['timeZone']);
  });
});

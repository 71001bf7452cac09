import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('places.lookup', () => {
  it('answers the pin, country and zone of a typed location', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, () => NOW);
    expect(await caller.places.lookup({ query: 'Riga, Latvia' })).toEqual({
      place: { name: 'Riga', country: 'Latvia', countryCode: 'LV', latitude: 56.95, longitude: 24.1, timeZone: 'Europe/Riga' },
      timeZone: 'Europe/Riga',
    });
    expect(await caller.places.lookup({ query: 'Oia, Santorini, Greece' })).toMatchObject({ place: { name: 'Oia', countryCode: 'GR' }, timeZone: 'Europe/Athens' });
  });

  it("gives a country's zone without a pin when only the country is known and lies in one zone", async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, () => NOW);
    expect(await caller.places.lookup({ query: 'A cabin, Estonia' })).toEqual({ place: null, timeZone: 'Europe/Tallinn' });
    expect(await caller.places.lookup({ query: 'A village nobody knows' })).toEqual({ place: null, timeZone: null });
  });

  it('refuses an empty query, naming the field, and needs a signed-in user', async () => {
    const db = await createSeededDatabase(NOW);
    const error = await errorOf(callerFor(db, actors.traveller, () => NOW).places.lookup({ query: '  ' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual(['query']);
    expect((await errorOf(callerFor(db, null, () => NOW).places.lookup({ query: 'Riga' }))).code).toBe('UNAUTHORIZED');
  });
});

import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('places.lookup', () => {
  it('answers the pin, country and zone of a typed location', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, () => NOW);
    expect(await caller.places.lookup({ query: 'Riga, Latvia' })).toEqual({
      place: {
        name: 'Riga',
        country: 'Latvia',
        countryCode: 'LV',
        latitude: 56.95,
        longitude: 24.1,
        timeZone: 'Europe/Riga',
      },
      timeZone: 'Europe/Riga',
      currency: 'EUR',
    });
    expect(await caller.places.lookup({ query: 'Oia, Santorini, Greece' })).toMatchObject({
      place: { name: 'Oia', countryCode: 'GR' },
      timeZone: 'Europe/Athens',
    });
    expect(await caller.places.lookup({ query: 'Tokyo' })).toMatchObject({
      place: { name: 'Tokyo', countryCode: 'JP' },
      timeZone: 'Asia/Tokyo',
      currency: 'JPY',
    });
  });

  it("gives a country's zone without a pin when only the country is known and lies in one zone", async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, () => NOW);
    expect(await caller.places.lookup({ query: 'A cabin, Estonia' })).toEqual({
      place: null,
      timeZone: 'Europe/Tallinn',
      currency: 'EUR',
    });
    expect(await caller.places.lookup({ query: 'A village nobody knows' })).toEqual({
      place: null,
      timeZone: null,
      currency: null,
    });
  });

  it("suggests the country's currency even where the country has several zones", async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, () => NOW);
    expect(await caller.places.lookup({ query: 'Somewhere in the Alentejo, Portugal' })).toEqual({
      place: null,
      timeZone: null,
      currency: 'EUR',
    });
    expect(await caller.places.lookup({ query: 'Kyoto, Japan' })).toMatchObject({
      timeZone: 'Asia/Tokyo',
      currency: 'JPY',
    });
  });

  it('refuses an empty query, naming the field, and needs a signed-in user', async () => {
    const db = await createSeededDatabase(NOW);
    const error = await errorOf(callerFor(db, actors.traveller, () => NOW).places.lookup({ query: '  ' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual(['query']);
    expect((await errorOf(callerFor(db, null, () => NOW).places.lookup({ query: 'Riga' }))).code).toBe('UNAUTHORIZED');
  });
});

import { describe, expect, it } from 'vitest';
import { currencyOfCountry } from '../../lib/destination-info';
import { places } from '../../lib/places';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

// 13:00 in Lisbon (summer time, UTC+1): the demo's Lisbon trip is under way.
const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;

const setup = async () => {
  const db = await createSeededDatabase(NOW);
  return { db, caller: callerFor(db, actors.traveller, now) };
};

describe('trips.localInfo', () => {
  it("gives Lisbon's emergency number, euro, time zone, pin and November's typical weather", async () => {
    const { caller } = await setup();
    const info = await caller.trips.localInfo({ id: 'trip-lisbon', date: '2025-11-20' });
    expect(info).toEqual({
      emergencyNumber: '112',
      currency: { code: 'EUR', name: 'Euro', symbol: '€' },
      timeZone: 'Europe/Lisbon',
      utcOffset: 'UTC+01:00',
      coordinates: { latitude: 38.7227, longitude: -9.1449 },
      typicalWeather: { month: 'November', highC: 18, lowC: 12, summary: 'Mild with frequent showers' },
    });
  });

  it("defaults to this month where the trip is, and the offset follows the zone's daylight saving", async () => {
    const { db, caller } = await setup();
    const june = await caller.trips.localInfo({ id: 'trip-lisbon' });
    expect(june.typicalWeather).toMatchObject({ month: 'June', highC: 26, lowC: 17 });
    // Six months on, Lisbon is back on UTC+00:00 and it is December there.
    const december = await callerFor(db, actors.traveller, () => new Date('2025-12-31T23:30:00Z')).trips.localInfo({
      id: 'trip-lisbon',
    });
    expect(december.utcOffset).toBe('UTC+00:00');
    expect(december.typicalWeather?.month).toBe('December');
    // Kyoto is already on 1 January at that instant.
    const kyoto = await callerFor(db, actors.traveller, () => new Date('2025-12-31T23:30:00Z')).trips.localInfo({
      id: 'trip-kyoto',
    });
    expect(kyoto).toMatchObject({
      utcOffset: 'UTC+09:00',
      currency: { code: 'JPY' },
      typicalWeather: { month: 'January' },
    });
  });

  it('has the southern seasons the other way round, and the local currency rather than the budget one', async () => {
    const { caller } = await setup();
    // The Patagonia trip budgets in US dollars, but pesos are what Chile uses.
    const january = await caller.trips.localInfo({ id: 'trip-patagonia', date: '2026-01-10' });
    const july = await caller.trips.localInfo({ id: 'trip-patagonia', date: '2026-07-10' });
    // The name and symbol come from Intl: the peso is written "$" on Chilean price tags.
    expect(january.currency).toEqual({ code: 'CLP', name: 'Chilean Peso', symbol: '$' });
    expect(january.utcOffset).toBe('UTC-03:00');
    expect(january.typicalWeather!.highC).toBeGreaterThan(july.typicalWeather!.highC + 8);
    expect(january.typicalWeather!.summary).toMatch(/windy/);
    expect(july.typicalWeather!.lowC).toBeLessThanOrEqual(0);
  });

  it('estimates from the latitude, saying so, for a known place without climate normals', async () => {
    const { caller } = await setup();
    const trip = await caller.trips.create({
      title: 'Highlands',
      destination: 'Scotland',
      location: 'Edinburgh, United Kingdom',
      startDate: '2025-08-10',
      endDate: '2025-08-14',
      timeZone: 'Europe/London',
    });
    const august = await caller.trips.localInfo({ id: trip.id, date: '2025-08-12' });
    const january = await caller.trips.localInfo({ id: trip.id, date: '2026-01-12' });
    expect(august.currency?.code).toBe('GBP');
    expect(august.coordinates).toEqual({ latitude: 55.9483, longitude: -3.2191 });
    expect(august.typicalWeather?.month).toBe('August');
    expect(august.typicalWeather?.summary).toMatch(/estimated from the latitude/);
    expect(august.typicalWeather!.highC).toBeGreaterThan(january.typicalWeather!.highC);
    // Edinburgh's real August high is about 19 °C, January's about 7 °C: the estimate is near.
    expect(august.typicalWeather!.highC).toBeGreaterThanOrEqual(14);
    expect(august.typicalWeather!.highC).toBeLessThanOrEqual(24);
    expect(january.typicalWeather!.highC).toBeLessThanOrEqual(8);
  });

  it('says nothing about weather or the pin for a place it does not know, but finds the country', async () => {
    const { caller } = await setup();
    const trip = await caller.trips.create({
      title: 'Road trip',
      destination: 'Portugal',
      location: 'Somewhere in the Alentejo',
      startDate: '2025-09-01',
      endDate: '2025-09-05',
      timeZone: 'Europe/Lisbon',
    });
    const info = await caller.trips.localInfo({ id: trip.id });
    expect(info).toMatchObject({ coordinates: null, typicalWeather: null, currency: { code: 'EUR' } });
  });

  it("answers NOT_FOUND for another traveller's trip", async () => {
    const { db } = await setup();
    const error = await errorOf(callerFor(db, actors.traveller2, now).trips.localInfo({ id: 'trip-lisbon' }));
    expect(error.code).toBe('NOT_FOUND');
  });

  it('refuses a date that is not a calendar date, naming the field', async () => {
    const { caller } = await setup();
    const error = await errorOf(caller.trips.localInfo({ id: 'trip-lisbon', date: '2025-13-01' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual(['date']);
  });
});

describe('destination reference data', () => {
  it('knows the currency of every country in the bundled city list', () => {
    const missing = [...new Set(places.map((p) => p.country))].filter((country) => !currencyOfCountry(country));
    expect(missing).toEqual([]);
  });
});

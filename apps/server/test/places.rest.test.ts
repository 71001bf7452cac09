import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { json, restError } from './http';

let server: TestServer;
let traveller: string;

const lookup = (query: string, cookie: string | null = traveller) =>
  server.request(`/api/places/lookup?query=${encodeURIComponent(query)}`, { headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  server = await createTestServer();
  traveller = await server.signIn('traveller@naav.example');
});

describe('GET /api/places/lookup', () => {
  it('answers the pin, country and zone of a city the old hand list lacked', async () => {
    expect(await json(await lookup('Baku, Azerbaijan'))).toEqual({
      place: {
        name: 'Baku',
        country: 'Azerbaijan',
        countryCode: 'AZ',
        latitude: 40.3953,
        longitude: 49.8622,
        timeZone: 'Asia/Baku',
      },
      timeZone: 'Asia/Baku',
      currency: 'AZN',
    });
  });

  it('answers null, not an error, for a place nobody knows', async () => {
    expect(await json(await lookup('A village nobody knows'))).toEqual({ place: null, timeZone: null, currency: null });
  });

  it('suggests the currency of the country a trip goes to (Tokyo: JPY)', async () => {
    expect(await json(await lookup('Tokyo, Japan'))).toMatchObject({
      place: { name: 'Tokyo', countryCode: 'JP' },
      timeZone: 'Asia/Tokyo',
      currency: 'JPY',
    });
  });

  it('is 400 naming query for an empty one, and 401 without a session', async () => {
    const body = await restError(await lookup(' '), 400, 'BAD_REQUEST');
    expect(body.issues?.map((i) => i.path)).toEqual([['query']]);
    await restError(await lookup('Riga', null), 401, 'UNAUTHORIZED');
  });
});

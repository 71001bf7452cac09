import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, testOrigin } from './harness';
import { json, restError, sendAs } from './http';

// 13:00 in Lisbon: the demo's Lisbon trip runs 13–19 June, today being the 15th.
const NOW = new Date('2025-06-15T12:00:00Z');

interface TripBody {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  status: string;
  [key: string]: unknown;
}
const tripKeys = [
  'access',
  'accommodation',
  'baseCurrency',
  'budgetTotal',
  'conciergePhone',
  'description',
  'destination',
  'endDate',
  'hotelPhone',
  'id',
  'imageUrl',
  'location',
  'notes',
  'sharedBy',
  'startDate',
  'status',
  'timeZone',
  'title',
  'transportation',
];
const porto = {
  title: 'Porto weekend',
  destination: 'Portugal',
  location: 'Porto, Portugal',
  startDate: '2025-09-05',
  endDate: '2025-09-07',
};

let server: TestServer;
let traveller: string;
let traveller2: string;

/** A same-origin request; POST and PATCH are JSON (the REST adapter answers 415 without the header). */
const send = (method: string, path: string, cookie?: string, body?: unknown) =>
  sendAs(server, method, path, cookie, body);
const get = (path: string, cookie?: string) => send('GET', path, cookie);
const tripCount = async (cookie: string) => (await json<TripBody[]>(await get('/api/trips', cookie))).length;
const planTrip = async (cookie: string, fields: Record<string, unknown> = {}) =>
  json<TripBody>(await send('POST', '/api/trips', cookie, { ...porto, ...fields }));

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

describe('POST /api/trips', () => {
  it('plans a trip for the signed-in user and answers it in the trip shape', async () => {
    const trip = await planTrip(traveller, {
      timeZone: 'Europe/Lisbon',
      baseCurrency: 'EUR',
      description: '  Port lodges and the Douro  ',
      notes: '',
    });
    expect(trip).toEqual({
      id: expect.any(String),
      ...porto,
      status: 'upcoming',
      timeZone: 'Europe/Lisbon',
      imageUrl: null,
      description: 'Port lodges and the Douro',
      accommodation: null,
      transportation: null,
      notes: null,
      hotelPhone: null,
      conciergePhone: null,
      baseCurrency: 'EUR',
      budgetTotal: null,
      access: 'owner',
      sharedBy: null,
    });
    expect(await json(await get(`/api/trips/${trip.id}`, traveller))).toEqual(trip);
    expect((await json<TripBody[]>(await get('/api/trips', traveller))).map((t) => t.id)).toContain(trip.id);
    // Nobody else sees it.
    await restError(await get(`/api/trips/${trip.id}`, traveller2), 404, 'NOT_FOUND');
  });

  it("fills in the city's zone and USD when the zone and currency are left out, and UTC for a place nobody knows", async () => {
    const trip = await planTrip(traveller);
    expect(Object.keys(trip).sort()).toEqual(tripKeys);
    expect(trip).toMatchObject({ timeZone: 'Europe/Lisbon', baseCurrency: 'USD', budgetTotal: null });
    expect(await planTrip(traveller, { destination: 'Nowhere', location: 'A village nobody knows' })).toMatchObject({
      timeZone: 'UTC',
    });
  });

  it('keeps a budget sent in minor units of the base currency, which the budget tracker then shows', async () => {
    const trip = await planTrip(traveller, { baseCurrency: 'JPY', budgetTotal: 50_000_000 });
    expect(trip).toMatchObject({ baseCurrency: 'JPY', budgetTotal: 50_000_000 });
    expect(await json(await get(`/api/trips/${trip.id}/budget-summary`, traveller))).toMatchObject({
      baseCurrency: 'JPY',
      budgetTotal: 50_000_000,
    });
  });

  it('is 400 naming budgetTotal for a negative or fractional budget, and stores nothing', async () => {
    const before = await tripCount(traveller);
    for (const budgetTotal of [-100, 12.5, 'lots']) {
      const body = await restError(
        await send('POST', '/api/trips', traveller, { ...porto, budgetTotal }),
        400,
        'BAD_REQUEST',
      );
      expect(body.issues?.map((i) => i.path)).toEqual([['budgetTotal']]);
    }
    expect(await tripCount(traveller)).toBe(before);
  });

  it('is 400 naming endDate when the trip ends before it starts, and stores nothing', async () => {
    const before = await tripCount(traveller);
    const backwards = { ...porto, startDate: '2025-09-07', endDate: '2025-09-05' };
    const body = await restError(await send('POST', '/api/trips', traveller, backwards), 400, 'BAD_REQUEST');
    expect(body.message).toContain('endDate');
    expect(body.issues?.map((i) => i.path)).toEqual([['endDate']]);
    expect(await tripCount(traveller)).toBe(before);
  });

  it('is 400 naming title when it is empty or blank, and stores nothing', async () => {
    const before = await tripCount(traveller);
    for (const title of ['', '   ']) {
      const res = await send('POST', '/api/trips', traveller, { ...porto, title });
      const body = await restError(res, 400, 'BAD_REQUEST');
      expect(body.message).toContain('title');
      expect(body.issues?.map((i) => i.path)).toEqual([['title']]);
    }
    expect(await tripCount(traveller)).toBe(before);
  });

  it('is 401 when signed out', async () => {
    await restError(await send('POST', '/api/trips', undefined, porto), 401, 'UNAUTHORIZED');
  });
});

describe('PATCH /api/trips/{id}', () => {
  it('changes only the fields sent', async () => {
    const before = await planTrip(traveller, { accommodation: 'The Yeatman' });
    const change = { title: 'Porto, slowly', notes: 'Book the port cellar' };
    const after = await json<TripBody>(await send('PATCH', `/api/trips/${before.id}`, traveller, change));
    expect(after).toEqual({ ...before, title: 'Porto, slowly', notes: 'Book the port cellar' });
    expect(await json(await get(`/api/trips/${before.id}`, traveller))).toEqual(after);
  });

  it('is 400 naming the field when the merged dates are out of order, leaving the trip as it was', async () => {
    const trip = await planTrip(traveller);
    const lateStart = await restError(
      await send('PATCH', `/api/trips/${trip.id}`, traveller, { startDate: '2025-09-10' }),
      400,
      'BAD_REQUEST',
    );
    expect(lateStart.message).toContain('startDate');
    expect(lateStart.issues?.map((i) => i.path)).toEqual([['startDate']]);
    const earlyEnd = await restError(
      await send('PATCH', `/api/trips/${trip.id}`, traveller, { endDate: '2025-09-01', title: 'Shorter' }),
      400,
      'BAD_REQUEST',
    );
    expect(earlyEnd.message).toContain('endDate');
    expect(earlyEnd.issues?.map((i) => i.path)).toEqual([['endDate']]);
    expect(await json(await get(`/api/trips/${trip.id}`, traveller))).toEqual(trip);
  });

  it("answers another user's trip with the same 404 as a missing id and leaves it unchanged", async () => {
    const before = await json<TripBody>(await get('/api/trips/trip-barcelona', traveller2));
    const foreign = await restError(
      await send('PATCH', '/api/trips/trip-barcelona', traveller, { title: 'Mine now' }),
      404,
      'NOT_FOUND',
    );
    const missing = await restError(
      await send('PATCH', '/api/trips/trip-nowhere', traveller, { title: 'Mine now' }),
      404,
      'NOT_FOUND',
    );
    expect(foreign).toEqual(missing);
    expect(await json(await get('/api/trips/trip-barcelona', traveller2))).toEqual(before);
  });
});

describe('POST /api/trips/{id}/cancel', () => {
  // Cancelling the current trip changes what the rest of the file relies on: its own server.
  it('cancels the current trip, which then is no longer current; a second cancel is 409', async () => {
    const own = await createTestServer({ now: () => NOW, inProcess: true });
    const cookie = await own.signIn('traveller@naav.example');
    const headers = { cookie, origin: testOrigin, 'content-type': 'application/json' };
    const post = (path: string) => own.request(path, { method: 'POST', headers });

    const cancelled = await json<TripBody>(await post('/api/trips/trip-lisbon/cancel'));
    expect(cancelled).toMatchObject({ id: 'trip-lisbon', status: 'cancelled', startDate: '2025-06-13' });
    const list = await json<TripBody[]>(await own.request('/api/trips', { headers: { cookie } }));
    expect(list.find((t) => t.id === 'trip-lisbon')?.status).toBe('cancelled');
    await restError(await own.request('/api/trips/current', { headers: { cookie } }), 404, 'NOT_FOUND');

    const again = await restError(await post('/api/trips/trip-lisbon/cancel'), 409, 'CONFLICT');
    expect(again.message).toMatch(/already cancelled/);
    // A trip that has ended cannot be cancelled either.
    await restError(await post('/api/trips/trip-santorini/cancel'), 409, 'CONFLICT');
  });

  it("is 404 for another user's trip, which stays as it was", async () => {
    await restError(await send('POST', '/api/trips/trip-barcelona/cancel', traveller), 404, 'NOT_FOUND');
    expect((await json<TripBody>(await get('/api/trips/trip-barcelona', traveller2))).status).not.toBe('cancelled');
  });
});

describe('signed out', () => {
  it('every new trip, event and companion path is 401', async () => {
    for (const [method, path] of [
      ['PATCH', '/api/trips/trip-lisbon'],
      ['POST', '/api/trips/trip-lisbon/cancel'],
      ['POST', '/api/trips/trip-lisbon/events'],
      ['PATCH', '/api/events/event-lisbon-fado'],
      ['DELETE', '/api/events/event-lisbon-fado'],
      ['POST', '/api/trips/trip-lisbon/companions'],
      ['DELETE', '/api/companions/companion-jamie'],
    ] as const) {
      const body = await restError(await send(method, path), 401, 'UNAUTHORIZED');
      expect(body.message, `${method} ${path}`).toBe('Sign in to continue');
    }
  });
});

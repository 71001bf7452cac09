import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

// The clock moves a minute per request filed, so "newest first" has something to sort.
const START = new Date('2025-06-15T12:00:00Z');
let clock = START;
const tick = () => (clock = new Date(clock.getTime() + 60_000));

interface TripRequestBody {
  id: string;
  destination: string;
  createdAt: string;
  [key: string]: unknown;
}

const amalfi = { destination: 'Amalfi Coast', startDate: '2025-09-10', endDate: '2025-09-17' };

let server: TestServer;
let traveller: string;
let traveller2: string;

const list = async (cookie = traveller) =>
  json<TripRequestBody[]>(await server.request('/api/trip-requests', { headers: { cookie } }));
const file = (body: unknown, cookie: string | null = traveller) => {
  tick();
  return server.request('/api/trip-requests', {
    method: 'POST',
    headers: { origin: testOrigin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
};

beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

describe('POST /api/trip-requests', () => {
  it('files a request with the documented defaults when only the place and dates are given', async () => {
    const request = await json<TripRequestBody>(await file(amalfi));
    expect(request).toEqual({
      id: expect.any(String),
      ...amalfi,
      budget: 5000,
      travelStyle: 'luxury',
      activities: [],
      customExperiences: [],
      notes: null,
      adults: 2,
      children: 0,
      rooms: 1,
      // "Amalfi Coast" names no city in the table, nor a country: no zone to prefill.
      timeZone: null,
      status: 'requested',
      // No proposal answers it yet.
      proposalId: null,
      createdAt: clock.toISOString(),
    });
  });

  it('keeps every field the planner form sends', async () => {
    const full = {
      destination: 'Kenya',
      startDate: '2025-11-01',
      endDate: '2025-11-12',
      budget: 20000,
      travelStyle: 'adventure',
      activities: ['adventure', 'cultural'],
      customExperiences: ['Hot air balloon ride', 'Private guided tour'],
      notes: 'Our son turns ten on the trip',
      adults: 2,
      children: 1,
      rooms: 2,
    };
    expect(await json(await file(full))).toMatchObject({ ...full, status: 'requested' });
  });

  it('is 400 naming budget when it is off the 500 steps or outside 1,000–20,000', async () => {
    for (const budget of [1234, 25000, 500, 20500]) {
      const body = await restError(await file({ ...amalfi, budget }), 400, 'BAD_REQUEST');
      expect(body.message, String(budget)).toContain('budget');
      expect(body.issues?.map((i) => i.path)).toEqual([['budget']]);
    }
  });

  it('is 400 naming customExperiences for a duplicate or an unknown option', async () => {
    for (const customExperiences of [['Spa day', 'Spa day'], ['Swim with sharks']]) {
      const body = await restError(await file({ ...amalfi, customExperiences }), 400, 'BAD_REQUEST');
      expect(body.message).toContain('customExperiences');
      expect(body.issues?.[0]?.path[0]).toBe('customExperiences');
    }
  });

  it('is 400 naming endDate when it is before the start, and names every bad field at once', async () => {
    const late = await restError(await file({ ...amalfi, endDate: '2025-09-01' }), 400, 'BAD_REQUEST');
    expect(late.message).toContain('endDate');
    expect(late.issues?.map((i) => i.path)).toEqual([['endDate']]);

    const all = await restError(
      await file({ ...amalfi, budget: 1234, customExperiences: ['Spa day', 'Spa day'], destination: ' ' }),
      400,
      'BAD_REQUEST',
    );
    expect(all.issues?.map((i) => i.path[0]).sort()).toEqual(['budget', 'customExperiences', 'destination']);
  });

  it('stores nothing when the request is refused', async () => {
    const before = await list();
    await restError(await file({ ...amalfi, budget: 1234 }), 400, 'BAD_REQUEST');
    await restError(await file({ ...amalfi, rooms: 0 }), 400, 'BAD_REQUEST');
    expect(await list()).toEqual(before);
  });

  it('is 401 when signed out', async () => {
    await restError(await file(amalfi, null), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/trip-requests', () => {
  it("lists the user's own requests newest first, never another traveller's", async () => {
    const first = await json<TripRequestBody>(await file({ ...amalfi, destination: 'Iceland' }));
    const theirs = await json<TripRequestBody>(await file({ ...amalfi, destination: 'Morocco' }, traveller2));
    const second = await json<TripRequestBody>(await file({ ...amalfi, destination: 'Patagonia' }));

    const mine = await list();
    expect(mine.slice(0, 2).map((r) => r.id)).toEqual([second.id, first.id]);
    const times = mine.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(mine.map((r) => r.id)).not.toContain(theirs.id);

    expect((await list(traveller2)).map((r) => r.id)).toEqual([theirs.id]);
  });

  it('is 401 when signed out', async () => {
    await restError(await server.request('/api/trip-requests'), 401, 'UNAUTHORIZED');
  });
});

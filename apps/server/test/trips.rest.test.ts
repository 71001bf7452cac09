import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, type TestServer } from './harness';
import { isoDate, json, restError, timeOfDay } from './http';

// 13:00 in Lisbon: the demo's Lisbon trip runs 13–19 June, today being the 15th.
const NOW = new Date('2025-06-15T12:00:00Z');

interface TripBody {
  id: string;
  startDate: string;
  endDate: string;
  status: string;
  [key: string]: unknown;
}
interface EventBody {
  id: string;
  date: string;
  startTime: string | null;
  endTime: string | null;
  type: string;
  [key: string]: unknown;
}

let server: TestServer;
let traveller: string;
let traveller2: string;
const get = (path: string, cookie?: string) => server.request(path, cookie ? { headers: { cookie } } : undefined);

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

describe('GET /api/trips/current', () => {
  it('returns the trip under way with the documented field names', async () => {
    const trip = await json<TripBody>(await get('/api/trips/current', traveller));
    expect(trip).toEqual({
      id: 'trip-lisbon',
      title: 'Lisbon & the Algarve',
      location: 'Lisbon, Portugal',
      destination: 'Portugal',
      startDate: '2025-06-13',
      endDate: '2025-06-19',
      status: 'current',
      timeZone: 'Europe/Lisbon',
      imageUrl: '/images/lisbon.svg',
      description: 'Tiled streets, custard tarts and the golden cliffs of the south coast.',
      accommodation: 'Memmo Alfama Hotel, Travessa das Merceeiras 27',
      transportation: 'TAP Air Portugal TP 202, then a rental car to Lagos',
      notes: 'Pastéis de Belém before 10 am to beat the queue.',
      hotelPhone: '+351 210 495 660',
      conciergePhone: '+1 800 555 0199',
      baseCurrency: 'EUR',
      budgetTotal: 450000,
      access: 'owner',
      sharedBy: null,
    });
  });

  it('is 404 {message, code: NOT_FOUND} for a user who just signed up', async () => {
    const cookie = await server.signUp({
      name: 'Nia Newcomer',
      email: 'nia@example.test',
      password: 'a-long-password',
    });
    // Sign-up always makes a client.
    expect(await json(await get('/api/me', cookie))).toMatchObject({
      name: 'Nia Newcomer',
      role: 'client',
      initials: 'NN',
    });
    const body = await restError(await get('/api/trips/current', cookie), 404, 'NOT_FOUND');
    expect(body.message).toBe('Current trip not found');
    expect(await json(await get('/api/trips', cookie))).toEqual([]);
  });
});

describe('GET /api/trips/current/events/today', () => {
  it("returns today's events in the trip's zone, by start time, times as HH:MM:SS", async () => {
    const list = await json<EventBody[]>(await get('/api/trips/current/events/today', traveller));
    expect(list.map((e) => [e.startTime, e.type])).toEqual([
      ['08:00:00', 'meal'],
      ['10:00:00', 'activity'],
      ['13:15:00', 'transportation'],
      ['20:00:00', 'meal'],
    ]);
    for (const e of list) {
      expect(e.date).toBe('2025-06-15');
      expect(e.startTime).toMatch(timeOfDay);
      expect(Object.keys(e).sort()).toEqual(
        [
          'date',
          'description',
          'endTime',
          'id',
          'location',
          'startTime',
          'status',
          'title',
          'tripId',
          'type',
          'timeZone',
          'endDate',
          'endTimeZone',
          'endLocation',
          'confirmationNumber',
        ].sort(),
      );
    }
  });

  it('is 404 when there is no current trip', async () => {
    const agent = await server.signIn('agent@naav.example');
    await restError(await get('/api/trips/current/events/today', agent), 404, 'NOT_FOUND');
  });
});

describe('GET /api/trips', () => {
  it("lists the signed-in user's own trips, each with dates and a status", async () => {
    const list = await json<TripBody[]>(await get('/api/trips', traveller));
    expect(list.map((t) => [t.id, t.status])).toEqual([
      ['trip-santorini', 'past'],
      ['trip-lisbon', 'current'],
      ['trip-kyoto', 'upcoming'],
      ['trip-patagonia', 'upcoming'],
    ]);
    for (const t of list) {
      expect(t.startDate).toMatch(isoDate);
      expect(t.endDate).toMatch(isoDate);
    }
    const other = await json<TripBody[]>(await get('/api/trips', traveller2));
    expect(other.map((t) => t.id)).toEqual(['trip-barcelona']);
  });
});

describe('trips shared through a family group', () => {
  it('GET /api/trips, /api/trips/current and its events today include them, with access and sharedBy', async () => {
    const maya = await server.signUp({
      name: 'Maya Tanaka',
      email: 'maya.rest@example.test',
      password: 'a-long-password',
    });
    const { send } = restCalls(
      () => server,
      () => traveller,
    );
    const added = await send('POST', '/api/family/groups/group-morgan-family/members', {
      name: 'Maya Tanaka',
      email: 'maya.rest@example.test',
      permissions: ['view', 'edit'],
    });
    expect(added.status).toBe(200);
    expect((await send('PUT', '/api/family/groups/group-morgan-family/trips/trip-lisbon')).status).toBe(200);

    const list = await json<TripBody[]>(await get('/api/trips', maya));
    expect(list.map((t) => [t.id, t.access, t.sharedBy])).toEqual([
      ['trip-lisbon', 'edit', { name: 'Alex Morgan' }],
      ['trip-kyoto', 'edit', { name: 'Alex Morgan' }],
    ]);
    const current = await json<TripBody>(await get('/api/trips/current', maya));
    expect([current.id, current.access, current.sharedBy]).toEqual(['trip-lisbon', 'edit', { name: 'Alex Morgan' }]);
    const today = await json<EventBody[]>(await get('/api/trips/current/events/today', maya));
    expect(today.length).toBeGreaterThan(0);
    expect(today.every((e) => e.date === '2025-06-15')).toBe(true);

    // The owner's list marks every trip as theirs; a stranger's list stays their own.
    const mine = await json<TripBody[]>(await get('/api/trips', traveller));
    expect(mine.every((t) => t.access === 'owner' && t.sharedBy === null)).toBe(true);
    expect((await json<TripBody[]>(await get('/api/trips', traveller2))).map((t) => t.id)).toEqual(['trip-barcelona']);
    expect((await send('DELETE', '/api/family/groups/group-morgan-family/trips/trip-lisbon')).status).toBe(200);
  });
});

describe('GET /api/trips/{id}, /events, /companions', () => {
  it('returns one own trip', async () => {
    const trip = await json<TripBody>(await get('/api/trips/trip-kyoto', traveller));
    expect(trip).toMatchObject({
      id: 'trip-kyoto',
      title: 'Kyoto in Autumn',
      status: 'upcoming',
      budgetTotal: 80000000,
    });
    expect(trip.startDate).toMatch(isoDate);
  });

  it("returns a trip's events in order, untimed ones last on their day", async () => {
    const list = await json<EventBody[]>(await get('/api/trips/trip-lisbon/events', traveller));
    expect(list).toHaveLength(9);
    const keys = list.map((e) => `${e.date} ${e.startTime ?? '~'}`);
    expect(keys).toEqual([...keys].sort());
    expect(list.at(-1)).toMatchObject({ id: 'event-lisbon-kayak', startTime: null });
  });

  it("returns a trip's companions with id, name, relationship and imageUrl", async () => {
    const list = await json<Record<string, unknown>[]>(await get('/api/trips/trip-lisbon/companions', traveller));
    expect(list).toHaveLength(3);
    for (const c of list) expect(Object.keys(c).sort()).toEqual(['id', 'imageUrl', 'name', 'relationship']);
    expect(list.map((c) => c.relationship).sort()).toEqual(['Daughter', 'Son', 'Spouse']);
  });

  it("answers another user's trip with exactly the same 404 as a missing id", async () => {
    for (const suffix of ['', '/events', '/companions']) {
      const foreign = await restError(await get(`/api/trips/trip-barcelona${suffix}`, traveller), 404, 'NOT_FOUND');
      const missing = await restError(await get(`/api/trips/trip-nowhere${suffix}`, traveller), 404, 'NOT_FOUND');
      expect(foreign).toEqual(missing);
    }
    // The owner gets it: the id is real.
    expect((await get('/api/trips/trip-barcelona', traveller2)).status).toBe(200);
  });

  it('is 400 naming the id when it is longer than 100 characters', async () => {
    const body = await restError(await get(`/api/trips/${'x'.repeat(101)}`, traveller), 400, 'BAD_REQUEST');
    expect(body.message).toContain('id');
    expect(body.issues?.[0]?.path).toEqual(['id']);
    expect(body.issues?.[0]?.message).toMatch(/100/);
    // The same for the nested paths.
    const events = await restError(await get(`/api/trips/${'x'.repeat(101)}/events`, traveller), 400, 'BAD_REQUEST');
    expect(events.issues?.[0]?.path).toEqual(['id']);
  });
});

describe('GET /api/trips/{id}/day-plan', () => {
  it('answers the trip and its events together, as GET /api/trips/{id} and /events answer them', async () => {
    const plan = await json<{ trip: TripBody; events: EventBody[] }>(
      await get('/api/trips/trip-lisbon/day-plan', traveller),
    );
    expect(Object.keys(plan)).toEqual(['trip', 'events']);
    expect(plan.trip).toEqual(await json(await get('/api/trips/trip-lisbon', traveller)));
    expect(plan.events).toEqual(await json(await get('/api/trips/trip-lisbon/events', traveller)));
    expect(plan.events).toHaveLength(9);
  });

  it("answers another user's trip with exactly the same 404 as a missing id, and 401 signed out", async () => {
    const foreign = await restError(await get('/api/trips/trip-barcelona/day-plan', traveller), 404, 'NOT_FOUND');
    const missing = await restError(await get('/api/trips/trip-nowhere/day-plan', traveller), 404, 'NOT_FOUND');
    expect(foreign).toEqual(missing);
    expect((await get('/api/trips/trip-barcelona/day-plan', traveller2)).status).toBe(200);
    await restError(await get('/api/trips/trip-lisbon/day-plan'), 401, 'UNAUTHORIZED');
  });

  it('shows a trip shared with a family group to a member who may only view it', async () => {
    const viewer = await server.signUp({
      name: 'Vera Lopes',
      email: 'vera.dayplan@example.test',
      password: 'a-long-password',
    });
    const { send } = restCalls(
      () => server,
      () => traveller,
    );
    const added = await send('POST', '/api/family/groups/group-morgan-family/members', {
      name: 'Vera Lopes',
      email: 'vera.dayplan@example.test',
      permissions: ['view'],
    });
    expect(added.status).toBe(200);
    // Kyoto is shared with the group in the demo data.
    const plan = await json<{ trip: TripBody; events: EventBody[] }>(
      await get('/api/trips/trip-kyoto/day-plan', viewer),
    );
    expect([plan.trip.id, plan.trip.access, plan.trip.sharedBy]).toEqual([
      'trip-kyoto',
      'view',
      { name: 'Alex Morgan' },
    ]);
    expect(plan.events).toEqual(await json(await get('/api/trips/trip-kyoto/events', traveller)));
    await restError(await get('/api/trips/trip-lisbon/day-plan', viewer), 404, 'NOT_FOUND');
  });

  it('answers the trip page its tRPC batch of trips.dayPlan in the superjson envelope', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { id: 'trip-lisbon' } } }));
    const body = await json<{ result: { data: { json: { trip: TripBody; events: EventBody[] } } } }[]>(
      await get(`/trpc/trips.dayPlan?batch=1&input=${input}`, traveller),
    );
    expect(body).toHaveLength(1);
    expect(Object.keys(body[0]!.result.data)).toEqual(['json']);
    expect(body[0]!.result.data.json.trip).toMatchObject({ id: 'trip-lisbon', access: 'owner' });
    expect(body[0]!.result.data.json.events).toHaveLength(9);
  });
});

describe('signed out', () => {
  it('every trip path is 401 {message, code: UNAUTHORIZED}', async () => {
    for (const path of [
      '/api/trips',
      '/api/trips/current',
      '/api/trips/current/events/today',
      '/api/trips/trip-lisbon',
      '/api/trips/trip-lisbon/events',
      '/api/trips/trip-lisbon/companions',
    ]) {
      const body = await restError(await get(path), 401, 'UNAUTHORIZED');
      expect(body.message).toBe('Sign in to continue');
    }
  });

  it('a forged or stale session cookie is 401 too', async () => {
    await restError(await get('/api/trips/current', 'naav.session_token=forged.value'), 401, 'UNAUTHORIZED');
  });
});

describe('tRPC', () => {
  it('GET /trpc/trips.current returns the trip in the superjson envelope', async () => {
    const body = await json<{ result: { data: { json: TripBody } } }>(await get('/trpc/trips.current', traveller));
    expect(body.result.data.json).toMatchObject({ id: 'trip-lisbon', status: 'current', startDate: '2025-06-13' });
  });

  it('a signed-out tRPC call is 401 and carries no stack trace', async () => {
    const res = await get('/trpc/trips.current');
    const body = await json<{ error: { json: { message: string; data: { code: string; stack?: unknown } } } }>(
      res,
      401,
    );
    expect(body.error.json.message).toBe('Sign in to continue');
    expect(body.error.json.data.code).toBe('UNAUTHORIZED');
    expect(body.error.json.data.stack ?? undefined).toBeUndefined();
  });

  it('a bad tRPC input is 400 with a message naming the field', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { id: 'x'.repeat(101) } }));
    const body = await json<{
      error: { json: { message: string; data: { code: string; issues: { path: string[] }[] } } };
    }>(await get(`/trpc/trips.byId?input=${input}`, traveller), 400);
    expect(body.error.json.message).toMatch(/^id: /);
    expect(body.error.json.data.issues[0]?.path).toEqual(['id']);
  });
});

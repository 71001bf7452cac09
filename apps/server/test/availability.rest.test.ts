import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, type TestServer } from './harness';
import { isoDate, json, restError } from './http';

const NOW = new Date('2026-03-10T09:00:00Z');

let server: TestServer;
let traveller: string;
let traveller2: string;
let agent: string;

const { get, send } = restCalls(
  () => server,
  () => traveller,
);

interface Row {
  id: string;
  userId: string;
  [key: string]: unknown;
}

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
  agent = await server.signIn('agent@naav.example');
});

// The documented payload of the add-availability dialog (userId is fixed at 1 there).
const availabilityBody = {
  userId: 1,
  startDate: '2026-05-01',
  endDate: '2026-05-08',
  isFlexible: true,
  flexibilityDays: 5,
  preferredDuration: 10,
  priority: 4,
  status: 'active',
  notes: 'Any beach will do',
};

describe('/api/availability', () => {
  it('POST stores the documented payload for the signed-in user (the userId is ignored) and GET lists it', async () => {
    const created = await json<Row>(await send('POST', '/api/availability', availabilityBody));
    const { userId: _fixed, ...fields } = availabilityBody;
    expect(created).toEqual({
      id: expect.any(String),
      userId: 'user-traveller',
      ...fields,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    const list = await json<Row[]>(await get('/api/availability'));
    expect(list).toContainEqual(created);
    expect(list.every((w) => w.userId === 'user-traveller' && isoDate.test(String(w.startDate)))).toBe(true);
    const others = await json<Row[]>(await get('/api/availability', traveller2));
    expect(others.map((w) => w.id)).not.toContain(created.id);
  });

  it('POST accepts ISO timestamps for the dates and fills the defaults', async () => {
    const created = await json<Row>(
      await send('POST', '/api/availability', {
        startDate: '2026-06-01T00:00:00.000Z',
        endDate: '2026-06-03T00:00:00.000Z',
      }),
    );
    expect(created).toMatchObject({
      startDate: '2026-06-01',
      endDate: '2026-06-03',
      isFlexible: false,
      flexibilityDays: 3,
      preferredDuration: 7,
      priority: 3,
      status: 'active',
      notes: null,
    });
  });

  it.each([
    ['endDate', { endDate: '2026-04-01' }],
    ['endDate', { startDate: '2026-02-01', endDate: '2026-03-08' }],
    ['startDate', { startDate: undefined }],
    ['flexibilityDays', { flexibilityDays: 15 }],
    ['priority', { priority: 0 }],
    ['preferredDuration', { preferredDuration: 8 }],
  ])('POST is 400 naming %s and stores nothing', async (field, change) => {
    const before = await json<Row[]>(await get('/api/availability'));
    const body = await restError(
      await send('POST', '/api/availability', { ...availabilityBody, ...change }),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues?.map((i) => i.path.join('.'))).toEqual([field]);
    expect(await json<Row[]>(await get('/api/availability'))).toEqual(before);
  });

  it("DELETE removes the caller's window; another's or a missing one is 404", async () => {
    const created = await json<Row>(await send('POST', '/api/availability', availabilityBody));
    await restError(await send('DELETE', `/api/availability/${created.id}`, undefined, traveller2), 404, 'NOT_FOUND');
    await restError(await send('DELETE', '/api/availability/avail-missing'), 404, 'NOT_FOUND');
    expect(await json(await send('DELETE', `/api/availability/${created.id}`))).toEqual({
      id: created.id,
      deleted: true,
    });
    expect((await json<Row[]>(await get('/api/availability'))).map((w) => w.id)).not.toContain(created.id);
  });

  it('is 401 signed out', async () => {
    await restError(await get('/api/availability', null), 401, 'UNAUTHORIZED');
    await restError(await send('POST', '/api/availability', availabilityBody, null), 401, 'UNAUTHORIZED');
  });
});

const occasionBody = {
  userId: 1,
  title: 'Anniversary trip',
  description: 'Fifteen years',
  date: '2011-09-03',
  occasionType: 'anniversary',
  isRecurring: true,
  participants: ['Alex', 'Jordan'],
  importance: 5,
  celebrated: false,
};

describe('/api/occasions', () => {
  it('POST stores the documented payload: owner the caller, never celebrated yet, with the next date it falls on', async () => {
    const created = await json<Row>(await send('POST', '/api/occasions', { ...occasionBody, celebrated: true }));
    const { userId: _fixed, ...fields } = occasionBody;
    expect(created).toEqual({
      id: expect.any(String),
      userId: 'user-traveller',
      ...fields,
      celebrated: false,
      nextDate: '2026-09-03',
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    expect(await json<Row[]>(await get('/api/occasions'))).toContainEqual(created);
  });

  it('POST defaults participants to an empty list, the type to birthday and importance to 3', async () => {
    const created = await json<Row>(await send('POST', '/api/occasions', { title: 'Mum', date: '2026-04-02' }));
    expect(created).toMatchObject({
      participants: [],
      occasionType: 'birthday',
      importance: 3,
      isRecurring: false,
      description: null,
    });
  });

  it.each([
    ['title', { title: '' }],
    ['date', { date: 'soon' }],
    ['occasionType', { occasionType: 'party' }],
    ['importance', { importance: 9 }],
    ['participants', { participants: Array.from({ length: 51 }, (_, i) => `P${i}`) }],
    ['participants.1', { participants: ['Alex', 'y'.repeat(101)] }],
  ])('POST is 400 naming %s and stores nothing', async (field, change) => {
    const before = await json<Row[]>(await get('/api/occasions'));
    const body = await restError(
      await send('POST', '/api/occasions', { ...occasionBody, ...change }),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues?.map((i) => i.path.join('.'))).toEqual([field]);
    expect(await json<Row[]>(await get('/api/occasions'))).toEqual(before);
  });

  it("DELETE removes the caller's occasion; another's or a missing one is 404", async () => {
    await restError(
      await send('DELETE', '/api/occasions/occasion-graduation', undefined, traveller2),
      404,
      'NOT_FOUND',
    );
    await restError(await send('DELETE', '/api/occasions/occasion-missing'), 404, 'NOT_FOUND');
    const created = await json<Row>(await send('POST', '/api/occasions', occasionBody));
    expect(await json(await send('DELETE', `/api/occasions/${created.id}`))).toEqual({ id: created.id, deleted: true });
  });
});

describe('/api/clients/availability and /api/clients/occasions', () => {
  it("list every client's rows with the client's id and name for an agent, optionally one client's", async () => {
    const created = await json<Row>(await send('POST', '/api/availability', availabilityBody, traveller2));
    const all = await json<Row[]>(await get('/api/clients/availability', agent));
    expect(all.find((w) => w.id === created.id)).toMatchObject({
      clientId: 'user-traveller2',
      clientName: 'Sam Rivera',
    });
    const alexOnly = await json<Row[]>(await get('/api/clients/availability?clientId=user-traveller', agent));
    expect(alexOnly.length).toBeGreaterThan(0);
    expect(alexOnly.every((w) => w.clientId === 'user-traveller' && w.clientName === 'Alex Morgan')).toBe(true);
    const occasions = await json<Row[]>(await get('/api/clients/occasions?clientId=user-traveller2', agent));
    expect(occasions.map((o) => o.id)).toEqual(['occasion-traveller2-birthday']);
  });

  it('GET /api/clients/overview gives each client upcoming windows, next occasion and open requests', async () => {
    const overview = await json<
      { id: string; upcomingAvailability: Row[]; nextOccasion: Row | null; openTripRequests: Row[] }[]
    >(await get('/api/clients/overview', agent));
    expect(overview.map((c) => c.id)).toEqual(expect.arrayContaining(['user-traveller', 'user-traveller2']));
    const alex = overview.find((c) => c.id === 'user-traveller');
    // 'Mum' (2 April), added above, comes before the seeded anniversary.
    expect(alex?.nextOccasion).toMatchObject({ title: 'Mum', nextDate: '2026-04-02' });
    expect(alex?.upcomingAvailability.every((w) => String(w.endDate) >= '2026-03-10')).toBe(true);
  });

  it('are 403 for a client', async () => {
    for (const path of ['/api/clients/availability', '/api/clients/occasions', '/api/clients/overview']) {
      const body = await restError(await get(path, traveller), 403, 'FORBIDDEN');
      expect(body.message).toBe('Only travel agents can do this');
    }
  });
});

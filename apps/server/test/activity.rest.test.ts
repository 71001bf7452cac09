import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { json, restError, sendAs } from './http';

const NOW = new Date('2025-06-15T12:00:00Z');

interface ActivityBody {
  items: {
    id: string;
    actorId: string | null;
    actorName: string;
    byYou: boolean;
    action: string;
    summary: string;
    at: string;
  }[];
  nextCursor: string | null;
  actors: { id: string; name: string }[];
}

let server: TestServer;
let traveller: string;
let traveller2: string;

const send = (method: string, path: string, cookie?: string, body?: unknown) =>
  sendAs(server, method, path, cookie, body);

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

describe('GET /api/trips/{id}/activity', () => {
  it('lists who changed what, newest first, paged by cursor and filtered by actorId', async () => {
    const event = await json<{ id: string }>(
      await send('POST', '/api/trips/trip-lisbon/events', traveller, {
        title: 'Dinner at Ribeira',
        type: 'meal',
        date: '2025-06-16',
        startTime: '19:00',
      }),
    );
    await json(await send('PATCH', `/api/events/${event.id}`, traveller, { startTime: '19:30' }));
    await json(
      await send('POST', '/api/expenses', traveller, {
        tripId: 'trip-lisbon',
        title: 'Pastéis',
        amount: 1250,
        currency: 'EUR',
        categoryId: 2,
        date: '2025-06-15',
      }),
    );

    const first = await json<ActivityBody>(await send('GET', '/api/trips/trip-lisbon/activity?limit=2', traveller));
    expect(first.items.map(({ actorName, action, summary, byYou }) => ({ actorName, action, summary, byYou }))).toEqual(
      [
        {
          actorName: 'Alex Morgan',
          action: 'expense.added',
          summary: 'added an expense: Pastéis (€12.50)',
          byYou: true,
        },
        {
          actorName: 'Alex Morgan',
          action: 'event.moved',
          summary: 'moved Dinner at Ribeira from 19:00 to 19:30',
          byYou: true,
        },
      ],
    );
    expect(Date.parse(first.items[0]!.at)).not.toBeNaN();
    expect(first.actors).toEqual([{ id: 'user-traveller', name: 'Alex Morgan' }]);
    const next = await json<ActivityBody>(
      await send('GET', `/api/trips/trip-lisbon/activity?limit=2&cursor=${first.nextCursor}`, traveller),
    );
    expect(next.items.map((i) => i.summary)).toEqual(['added Dinner at Ribeira on Jun 16 at 19:00']);
    expect(next.nextCursor).toBeNull();

    const nobody = await json<ActivityBody>(
      await send('GET', '/api/trips/trip-lisbon/activity?actorId=user-traveller2', traveller),
    );
    expect(nobody.items).toEqual([]);
  });

  it('is 404 for someone else’s trip, exactly as for a missing one; 400 naming a bad cursor; 401 signed out', async () => {
    const other = await restError(await send('GET', '/api/trips/trip-lisbon/activity', traveller2), 404, 'NOT_FOUND');
    const missing = await restError(
      await send('GET', '/api/trips/no-such-trip/activity', traveller2),
      404,
      'NOT_FOUND',
    );
    expect(other.message).toBe(missing.message);
    const bad = await restError(
      await send('GET', '/api/trips/trip-lisbon/activity?cursor=nope', traveller),
      400,
      'BAD_REQUEST',
    );
    expect(JSON.stringify(bad)).toContain('cursor');
    await restError(await send('GET', '/api/trips/trip-lisbon/activity'), 401, 'UNAUTHORIZED');
  });
});

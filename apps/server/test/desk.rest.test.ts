import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

const NOW = new Date('2025-06-15T12:00:00Z');

let server: TestServer;
let traveller: string;
let agent: string;

const get = (path: string, cookie: string) => server.request(path, { headers: { origin: testOrigin, cookie } });

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  agent = await server.signIn('agent@naav.example');
});

describe('GET /api/desk', () => {
  it('answers an agent with what waits: new trip requests, revisions requested, unread chats', async () => {
    const desk = await json<Record<string, { count: number; items: unknown[] }>>(await get('/api/desk', agent));
    expect(Object.keys(desk).sort()).toEqual(['newTripRequests', 'revisionsRequested', 'unreadChats']);
    for (const list of Object.values(desk)) {
      expect(Number.isInteger(list.count)).toBe(true);
      expect(list.items.length).toBeLessThanOrEqual(Math.min(5, list.count));
    }
  });

  it('is 403 for a traveller and 401 without a session', async () => {
    await restError(await get('/api/desk', traveller), 403, 'FORBIDDEN');
    await restError(await server.request('/api/desk', { headers: { origin: testOrigin } }), 401, 'UNAUTHORIZED');
  });
});

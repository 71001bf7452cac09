import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, type TestServer } from './harness';
import { json, restError } from './http';

const NOW = new Date('2026-03-10T09:00:00Z');

let server: TestServer;
let traveller: string;
let agent: string;

const { get, send } = restCalls(
  () => server,
  () => traveller,
);

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Every row of a paged list, following nextCursor with `limit` rows a page. */
async function allPages<T>(path: string, limit: number, cookie: string): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url = `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: Page<T> = await json<Page<T>>(await get(url, cookie));
    expect(page.items.length).toBeLessThanOrEqual(limit);
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 100);
  return pages;
}

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  agent = await server.signIn('agent@naav.example');
});

describe('cursor pages of the lists that grow', () => {
  it('GET /api/trips/page walks every trip once, by start date; GET /api/trips still answers them all', async () => {
    const all = await json<{ id: string; startDate: string }[]>(await get('/api/trips'));
    const pages = await allPages<{ id: string; startDate: string }>('/api/trips/page', 2, traveller);
    const walked = pages.flat();
    expect(walked.map((t) => t.id).sort()).toEqual(all.map((t) => t.id).sort());
    expect(walked.map((t) => t.startDate)).toEqual(walked.map((t) => t.startDate).sort());
    expect(pages.at(-1)!.length).toBeGreaterThan(0);
  });

  it('a page goes on after its cursor even when rows were added before it', async () => {
    const first = await json<Page<{ id: string }>>(await get('/api/trips/page?limit=1'));
    const made = await json<{ id: string }>(
      await send('POST', '/api/trips', {
        title: 'Early bird',
        destination: 'Faro',
        location: 'Faro, Portugal',
        startDate: '2020-01-01',
        endDate: '2020-01-02',
      }),
    );
    const next = await json<Page<{ id: string }>>(
      await get(`/api/trips/page?limit=50&cursor=${encodeURIComponent(first.nextCursor!)}`),
    );
    expect(next.items.map((t) => t.id)).not.toContain(first.items[0]!.id);
    // The new trip sorts before the cursor: it is on the first page, not repeated or slipped in later.
    expect(next.items.map((t) => t.id)).not.toContain(made.id);
  });

  it('proposals, clients, trip requests and concierge requests page the same way', async () => {
    for (const [path, cookie] of [
      ['/api/proposals', agent],
      ['/api/clients', agent],
      ['/api/trip-requests', traveller],
      ['/api/clients/trip-requests', agent],
      ['/api/concierge/requests', traveller],
      ['/api/concierge/agent/requests', agent],
    ] as const) {
      const all = await json<{ id: string }[]>(await get(path, cookie));
      const walked = (await allPages<{ id: string }>(`${path}/page`, 1, cookie)).flat();
      expect(walked.map((r) => r.id).sort(), path).toEqual(all.map((r) => r.id).sort());
    }
  });

  it('messages page newest first, reaching past what the chat shows', async () => {
    for (let i = 0; i < 3; i++) await send('POST', '/api/concierge/chat', { message: `Question ${i}` });
    const chat = await json<{ id: string }[]>(await get('/api/concierge/chat'));
    const walked = (await allPages<{ id: string; timestamp: string }>('/api/concierge/chat/page', 2, traveller)).flat();
    expect(walked.map((m) => m.id)).toEqual([...chat].reverse().map((m) => m.id));
    const thread = (
      await allPages<{ id: string }>('/api/concierge/agent/conversations/user-traveller/page', 2, agent)
    ).flat();
    expect(thread.map((m) => m.id)).toEqual(walked.map((m) => m.id));
  });

  it('a cursor this list did not give, or a limit out of range, is 400 naming the field; agents’ pages are 403 for clients', async () => {
    const bad = await restError(await get('/api/trips/page?cursor=nonsense'), 400, 'BAD_REQUEST');
    expect(bad.issues?.[0]?.path).toEqual(['cursor']);
    const tooMany = await restError(await get('/api/proposals/page?limit=201'), 400, 'BAD_REQUEST');
    expect(tooMany.issues?.[0]?.path).toEqual(['limit']);
    await restError(await get('/api/clients/page'), 403, 'FORBIDDEN');
    await restError(await get('/api/concierge/agent/conversations/user-nobody/page', agent), 404, 'NOT_FOUND');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { json, restError, sendAs } from './http';

const NOW = new Date('2026-03-10T09:00:00Z');

let server: TestServer;
let traveller: string;
let traveller2: string;
let agent: string;

interface Notice {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  readAt: string | null;
  createdAt: string;
}
interface Inbox {
  items: Notice[];
  unread: number;
  nextCursor: string | null;
}

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
  agent = await server.signIn('agent@naav.example');
});

const inboxOf = async (cookie: string, query = '') =>
  json<Inbox>(await sendAs(server, 'GET', `/api/notifications${query}`, cookie));

describe('GET /api/notifications, POST /api/notifications/{id}/read and /read-all', () => {
  it('an agent submitting a proposal puts it in its client’s inbox, read there one at a time or all at once', async () => {
    const created = await json<{ id: string }>(
      await sendAs(server, 'POST', '/api/proposals', agent, {
        clientId: 'user-traveller',
        title: 'Porto weekend',
        destination: 'Porto, Portugal',
        startDate: '2026-04-10',
        endDate: '2026-04-12',
        expiryDate: '2026-03-24',
        budget: 2500,
      }),
    );
    await json(await sendAs(server, 'POST', `/api/proposals/${created.id}/submit`, agent));

    const inbox = await inboxOf(traveller);
    expect(inbox).toEqual({
      items: [
        {
          id: expect.any(String),
          kind: 'proposal_new',
          title: 'New proposal: Porto weekend',
          body: 'Porto, Portugal, Apr 10, 2026 – Apr 12, 2026. Decide by Mar 24, 2026.',
          link: `/travel-planner?tab=proposals&proposal=${created.id}`,
          readAt: null,
          createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ],
      unread: 1,
      nextCursor: null,
    });
    expect((await inboxOf(traveller2)).items).toEqual([]);

    const id = inbox.items[0]!.id;
    // Someone else's notice is NOT_FOUND, as a missing one is; nothing changes.
    await restError(await sendAs(server, 'POST', `/api/notifications/${id}/read`, traveller2), 404, 'NOT_FOUND');
    await restError(await sendAs(server, 'POST', '/api/notifications/nope/read', traveller), 404, 'NOT_FOUND');
    expect((await inboxOf(traveller)).unread).toBe(1);

    const read = await json<Notice>(await sendAs(server, 'POST', `/api/notifications/${id}/read`, traveller));
    expect(read).toMatchObject({ id, readAt: NOW.toISOString() });
    expect((await inboxOf(traveller)).unread).toBe(0);

    // The client's first look tells the agent; read-all clears the agent's inbox.
    await json(await sendAs(server, 'POST', `/api/proposals/${created.id}/open`, traveller));
    expect(await inboxOf(agent)).toMatchObject({ unread: 1, items: [{ title: 'Alex Morgan opened Porto weekend' }] });
    expect(await json(await sendAs(server, 'POST', '/api/notifications/read-all', agent))).toEqual({ read: 1 });
    expect((await inboxOf(agent)).unread).toBe(0);
  });

  it('refuses a malformed cursor with a 400 naming it, and asks for a session', async () => {
    const body = await restError(
      await sendAs(server, 'GET', '/api/notifications?cursor=xyz', traveller),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues?.[0]?.path).toEqual(['cursor']);
    await restError(await sendAs(server, 'GET', '/api/notifications'), 401, 'UNAUTHORIZED');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

let server: TestServer;
let traveller: string;
let traveller2: string;
let agent: string;

const send = (method: string, path: string, cookie: string, body?: unknown) =>
  server.request(path, {
    method,
    headers: { origin: testOrigin, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const get = (path: string, cookie: string) => server.request(path, { headers: { cookie } });

beforeAll(async () => {
  server = await createTestServer();
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
  agent = await server.signIn('agent@naav.example');
});

describe('/api/concierge/chat', () => {
  it('round trip: POST {message}, the agent reads the inbox and replies, GET shows the answer', async () => {
    const sent = await json<{ id: string; userId: string; sender: string; timestamp: string }>(
      await send('POST', '/api/concierge/chat', traveller2, { message: 'Late checkout on Sunday?' }),
    );
    expect(sent).toMatchObject({ userId: 'user-traveller2', sender: 'user', message: 'Late checkout on Sunday?' });
    expect(Object.keys(sent).sort()).toEqual(['id', 'message', 'sender', 'timestamp', 'userId']);

    const inbox = await json<{ traveller: { id: string }; unreadCount: number }[]>(
      await get('/api/concierge/agent/conversations', agent),
    );
    expect(inbox.find((c) => c.traveller.id === 'user-traveller2')?.unreadCount).toBe(1);
    await json(
      await send('POST', '/api/concierge/agent/conversations/user-traveller2/messages', agent, {
        message: 'Done, until 2 PM.',
      }),
    );

    const chat = await json<{ sender: string; message: string }[]>(await get('/api/concierge/chat', traveller2));
    expect(chat.map((m) => m.message)).toEqual(['Late checkout on Sunday?', 'Done, until 2 PM.']);
    expect(chat.map((m) => m.sender)).toEqual(['user', 'concierge']);
  });

  it('is 400 naming message for a blank one, and 401 signed out', async () => {
    const body = await restError(
      await send('POST', '/api/concierge/chat', traveller, { message: ' ' }),
      400,
      'BAD_REQUEST',
    );
    expect(body.message).toContain('message');
    await restError(await server.request('/api/concierge/chat'), 401, 'UNAUTHORIZED');
  });

  it('keeps the agent paths to agents: 403 for a traveller, 404 for someone who is not a traveller', async () => {
    await restError(await get('/api/concierge/agent/conversations', traveller), 403, 'FORBIDDEN');
    await restError(await get('/api/concierge/agent/conversations/user-traveller2', traveller), 403, 'FORBIDDEN');
    await restError(await get('/api/concierge/agent/conversations/user-agent', agent), 404, 'NOT_FOUND');
  });
});

describe('/api/concierge/requests', () => {
  it('files a request, the agent moves it along, a skipped step is 409, the traveller sees it completed', async () => {
    const created = await json<{ id: string; status: string }>(
      await send('POST', '/api/concierge/requests', traveller2, {
        title: 'Opera tickets',
        type: 'reservation',
        date: '2030-01-05',
      }),
    );
    expect(created.status).toBe('pending');

    const pending = await json<{ id: string }[]>(await get('/api/concierge/agent/requests?status=pending', agent));
    expect(pending.map((r) => r.id)).toContain(created.id);
    const conflict = await restError(
      await send('POST', `/api/concierge/agent/requests/${created.id}/status`, agent, { status: 'completed' }),
      409,
      'CONFLICT',
    );
    expect(conflict.message).toMatch(/from pending to completed/);

    await json(
      await send('POST', `/api/concierge/agent/requests/${created.id}/assign`, agent, { assigneeId: 'user-agent' }),
    );
    await json(
      await send('POST', `/api/concierge/agent/requests/${created.id}/status`, agent, { status: 'in_progress' }),
    );
    await json(
      await send('PUT', `/api/concierge/agent/requests/${created.id}/notes`, agent, { notes: 'Row 3, seats 10–11.' }),
    );
    await json(
      await send('POST', `/api/concierge/agent/requests/${created.id}/status`, agent, { status: 'completed' }),
    );

    const mine = await json<{ id: string; status: string; assignee: string; agentNotes: string }[]>(
      await get('/api/concierge/requests', traveller2),
    );
    expect(mine.find((r) => r.id === created.id)).toMatchObject({
      status: 'completed',
      assignee: 'Jordan Lee',
      agentNotes: 'Row 3, seats 10–11.',
    });
    const others = await json<{ id: string }[]>(await get('/api/concierge/requests', traveller));
    expect(others.map((r) => r.id)).not.toContain(created.id);
  });

  it('is 400 naming status for an unknown status filter', async () => {
    const body = await restError(await get('/api/concierge/agent/requests?status=done', agent), 400, 'BAD_REQUEST');
    expect(body.message).toContain('status');
  });
});

describe('/api/inspirations/{id}/favourite', () => {
  it('POST marks it for this user only, GET /api/inspirations shows it, DELETE removes it', async () => {
    expect(await json(await send('POST', '/api/inspirations/insp-peru/favourite', traveller))).toEqual({
      inspirationId: 'insp-peru',
      isFavourite: true,
    });
    const marked = async (cookie: string) =>
      (await json<{ id: string; isFavourite: boolean }[]>(await get('/api/inspirations', cookie)))
        .filter((i) => i.isFavourite)
        .map((i) => i.id);
    expect(await marked(traveller)).toEqual(['insp-peru']);
    expect(await marked(traveller2)).toEqual([]);
    await json(await send('DELETE', '/api/inspirations/insp-peru/favourite', traveller));
    expect(await marked(traveller)).toEqual([]);
    await restError(await send('POST', '/api/inspirations/insp-nowhere/favourite', traveller), 404, 'NOT_FOUND');
  });

  it('GET /api/inspirations/recommended ranks every idea with a reason', async () => {
    const ranked = await json<{ inspirationId: string; reason: string }[]>(
      await get('/api/inspirations/recommended', traveller),
    );
    expect(ranked).toHaveLength(9);
    expect(ranked[0]?.reason).toMatch(/^Because you loved /);
  });
});

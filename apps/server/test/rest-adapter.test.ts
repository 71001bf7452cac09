import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { json, restError } from './http';

const NOW = new Date('2025-06-15T12:00:00Z');
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  cookie = await server.signIn('traveller@naav.example');
});

describe('the REST adapter', () => {
  it('takes an action without a body and without a content type', async () => {
    const res = await server.request('/api/trips/trip-kyoto/share', { method: 'POST', headers: { cookie } });
    expect((await json<{ sharePath: string }>(res)).sharePath).toMatch(/^\/share\//);
  });

  it('takes such an action over the network too, where the request has an empty body stream rather than none', async () => {
    // What @hono/node-server hands the app for a POST without a body (fetch sends Content-Length: 0).
    const emptyBody = () =>
      ({
        headers: { cookie, 'content-length': '0' },
        body: new ReadableStream({ start: (c) => c.close() }),
        duplex: 'half',
      }) as RequestInit;
    const share = await server.request('/api/trips/trip-kyoto/share', { method: 'POST', ...emptyBody() });
    expect((await json<{ sharePath: string }>(share)).sharePath).toMatch(/^\/share\//);
    // A request whose fields are all optional: an empty body files a general request.
    const filed = await server.request('/api/concierge/requests', { method: 'POST', ...emptyBody() });
    expect((await json<{ type: string }>(filed)).type).toBe('general');
  });

  it('refuses a body over 1 MB with 413 before parsing it, and stores nothing', async () => {
    const before = await json<unknown[]>(await server.request('/api/trip-requests', { headers: { cookie } }));
    const res = await server.request('/api/trip-requests', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ destination: 'x'.repeat(1_100_000), startDate: '2025-09-01', endDate: '2025-09-02' }),
    });
    const error = await restError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(error.message).toBe('body: larger than 1 MB');
    expect(await json<unknown[]>(await server.request('/api/trip-requests', { headers: { cookie } }))).toEqual(before);
  });

  it('reads query keys that are also names of object methods (toString, constructor) without failing', async () => {
    const res = await server.request('/api/trips/trip-kyoto?toString=1&constructor=2&id=ignored', {
      headers: { cookie },
    });
    expect((await json<{ id: string }>(res)).id).toBe('trip-kyoto');
  });

  it('still refuses a body that is not JSON', async () => {
    const res = await server.request('/api/trip-requests', {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/plain' },
      body: 'destination=Peru',
    });
    await restError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { json, restError } from './http';

const documentedPaths = [
  '/me',
  '/trips',
  '/trips/current',
  '/trips/current/events/today',
  '/trips/{id}',
  '/trips/{id}/events',
  '/trips/{id}/companions',
  '/travels/history',
  '/inspirations',
  '/clients',
];

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /api/openapi.json', () => {
  it('documents every REST path as a GET, with the session cookie or an API token as security', async () => {
    const doc = await json<{
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown[]; parameters?: { name: string; in: string }[] }>>;
      components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
    }>(await server.request('/api/openapi.json'));
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(documentedPaths));
    for (const path of documentedPaths) {
      expect(doc.paths[path]?.get, path).toBeDefined();
      expect(doc.paths[path]?.get?.security, path).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
    }
    expect(doc.paths['/trips/{id}']?.get?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(doc.components.securitySchemes['sessionCookie']).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'naav.session_token',
    });
    // Public endpoints are marked as such: an empty requirement, not a missing one (which would inherit a global one).
    expect(doc.paths['/health']?.get?.security).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('is an HTML page listing every path', async () => {
    const res = await server.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('Naav API');
    for (const path of documentedPaths) expect(html).toContain(`<code>/api${path}</code>`);
    expect(html).not.toMatch(/<script/i);
  });
});

describe('public and unknown paths', () => {
  it('GET /api/health answers without a session', async () => {
    expect(await json(await server.request('/api/health'))).toEqual({ status: 'ok' });
  });

  it('GET /api/demo offers the demo sign-ins', async () => {
    const demo = await json<{ available: boolean; password: string; accounts: { email: string }[] }>(
      await server.request('/api/demo'),
    );
    expect(demo.available).toBe(true);
    expect(demo.password).toBe('naav-demo');
    expect(demo.accounts.map((a) => a.email).sort()).toEqual(['agent@naav.example', 'traveller@naav.example']);
  });

  it('an unknown /api path is a JSON 404', async () => {
    await restError(await server.request('/api/nope'), 404, 'NOT_FOUND');
    await restError(await server.request('/api/trips/trip-lisbon/nope'), 404, 'NOT_FOUND');
  });

  it('a documented path with the wrong method is not served', async () => {
    const res = await server.request('/api/trips', { method: 'DELETE' });
    expect([404, 405]).toContain(res.status);
    expect(Object.keys((await res.json()) as object).sort()).toEqual(['code', 'message']);
  });

  it('without a web build, a non-API path is a JSON 404 too', async () => {
    await restError(await server.request('/trips/current'), 404, 'NOT_FOUND');
  });
});

describe('error bodies', () => {
  it('carry no stack or tRPC data even when error details are exposed (development)', async () => {
    const dev = await createTestServer({ exposeErrorDetails: true });
    const cookie = await dev.signIn('traveller@naav.example');
    await restError(await dev.request('/api/me'), 401, 'UNAUTHORIZED');
    await restError(await dev.request('/api/trips/trip-nowhere', { headers: { cookie } }), 404, 'NOT_FOUND');
    await restError(await dev.request(`/api/trips/${'y'.repeat(101)}`, { headers: { cookie } }), 400, 'BAD_REQUEST');
  });

  it('an unexpected failure is a 500 that says nothing about the cause', async () => {
    // In this process even when the contract files run against real servers: the test breaks its database.
    const broken = await createTestServer({ inProcess: true });
    const cookie = await broken.signIn('traveller@naav.example');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    broken.db.$client.close();
    const body = await restError(
      await broken.request('/api/inspirations', { headers: { cookie } }),
      500,
      'INTERNAL_SERVER_ERROR',
    );
    expect(body.message).toBe('Internal server error');
    // The cause is logged on the server instead.
    expect(logged).toHaveBeenCalled();
  });
});

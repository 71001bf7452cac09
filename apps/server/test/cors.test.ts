import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

// A travel agency's own web page (a TRUSTED_ORIGINS entry) calls the API with an API token.
const agency = 'https://agency.example';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ trustedOrigins: [agency] });
});

const preflight = (origin: string, headers: string) =>
  server.request('/api/trips', {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': headers },
  });

describe('CORS: trusted origins, API tokens only', () => {
  it('a preflight from a trusted origin that will send Authorization is allowed, without credentials', async () => {
    const res = await preflight(agency, 'authorization, idempotency-key');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(agency);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/DELETE/);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('no preflight passes for an origin that is not trusted, or for a request that would lean on the cookie', async () => {
    expect(
      (await preflight('https://elsewhere.example', 'authorization')).headers.get('access-control-allow-origin'),
    ).toBeNull();
    expect((await preflight(agency, 'content-type')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('an answer to a Bearer request from a trusted origin may be read by its page; one to a cookie request may not', async () => {
    const bearer = await server.request('/api/health', {
      headers: { origin: agency, authorization: 'Bearer naav_test' },
    });
    expect(bearer.headers.get('access-control-allow-origin')).toBe(agency);
    expect(bearer.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
    expect(bearer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(bearer.headers.get('vary')).toMatch(/Origin/);

    const cookie = await server.signIn('traveller@naav.example');
    const withCookie = await server.request('/api/trips', { headers: { origin: agency, cookie } });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get('access-control-allow-origin')).toBeNull();
    const foreign = await server.request('/api/health', {
      headers: { origin: 'https://elsewhere.example', authorization: 'Bearer naav_test' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('renamed paths', () => {
  it('PATCH and DELETE /api/proposals/items/{id} still work, answering Deprecation and the new path', async () => {
    const agent = await server.signIn('agent@naav.example');
    const headers = { origin: agency, cookie: agent, 'content-type': 'application/json' };
    const draft = (await (
      await server.request('/api/proposals', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          clientId: 'user-traveller',
          title: 'Madeira walks',
          destination: 'Funchal',
          startDate: '2027-04-02',
          endDate: '2027-04-09',
          expiryDate: '2027-03-01',
        }),
      })
    ).json()) as { id: string };
    const item = (await (
      await server.request(`/api/proposals/${draft.id}/items`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ day: 1, title: 'Levada walk', type: 'activity', startTime: '09:00', endTime: '13:00' }),
      })
    ).json()) as { id: string };
    const patched = await server.request(`/api/proposals/items/${item.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ title: 'Levada do Rei' }),
    });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { title: string }).title).toBe('Levada do Rei');
    expect(patched.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(patched.headers.get('link')).toBe(`</api/proposal-items/${item.id}>; rel="successor-version"`);
    const deleted = await server.request(`/api/proposals/items/${item.id}`, { method: 'DELETE', headers });
    expect(await deleted.json()).toEqual({ id: item.id, deleted: true });
    // The new path answers without the header.
    const gone = await server.request(`/api/proposal-items/${item.id}`, { method: 'DELETE', headers });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('deprecation')).toBeNull();
  });
});

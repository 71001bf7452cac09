import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

// A page on another port of the same host counts as the same site for the browser, which
// sends it the SameSite=Lax session cookie: the Origin (or Sec-Fetch-Site) is what tells.
const otherPort = 'http://localhost:4000';
const partner = 'https://partner.example';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await createTestServer({ trustedOrigins: [partner] });
  cookie = await server.signIn('traveller@naav.example');
  // Sign-ins hash passwords (scrypt): slow on a busy machine.
}, 60_000);

const foodPreferences = async () =>
  json<{ diets: string[]; allergies: string | null }>(
    await server.request('/api/profile/food-preferences', { headers: { cookie } }),
  );

const putFood = (headers: Record<string, string>, body: unknown = { diets: [], allergies: null, notes: null }) =>
  server.request('/api/profile/food-preferences', {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const trpcMutation = (path: string, body: RequestInit['body'], headers: Record<string, string>) =>
  server.request(`/trpc/${path}`, { method: 'POST', headers: { cookie, ...headers }, body });

interface TrpcErrorBody {
  error: { json: { message: string; data: { code: string; httpStatus: number } } };
}

describe('state-changing REST requests from other sites', () => {
  it('are 403 when the Origin is not the app’s own, and change nothing', async () => {
    const before = await foodPreferences();
    expect(before.allergies).toBeTruthy();
    for (const origin of [otherPort, 'http://evil.example', 'null', `${testOrigin}.evil.example`]) {
      const body = await restError(await putFood({ origin }), 403, 'FORBIDDEN');
      expect(body.message).toMatch(/^Cross-site request refused/);
    }
    expect(await foodPreferences()).toEqual(before);
  });

  it('are 403 without an Origin when the browser marks them cross-site or same-site', async () => {
    const before = await foodPreferences();
    await restError(await putFood({ 'sec-fetch-site': 'cross-site' }), 403, 'FORBIDDEN');
    await restError(await putFood({ 'sec-fetch-site': 'same-site' }), 403, 'FORBIDDEN');
    await restError(
      await server.request('/api/trips/trip-lisbon/share', {
        method: 'DELETE',
        headers: { cookie, origin: otherPort },
      }),
      403,
      'FORBIDDEN',
    );
    await restError(
      await server.request('/api/auth/sign-out', {
        method: 'POST',
        headers: { cookie, 'sec-fetch-site': 'same-site' },
      }),
      403,
      'FORBIDDEN',
    );
    expect(await foodPreferences()).toEqual(before);
    expect((await server.request('/api/me', { headers: { cookie } })).status).toBe(200);
  });

  it('pass from the app itself, from a TRUSTED_ORIGINS entry, and with neither header (curl, integrators)', async () => {
    expect(
      (await putFood({ origin: testOrigin, 'sec-fetch-site': 'same-origin' }, { diets: ['vegan'], allergies: 'none' }))
        .status,
    ).toBe(200);
    expect((await foodPreferences()).diets).toEqual(['vegan']);
    // A trusted partner's page is cross-site for the browser, but its Origin is trusted.
    expect(
      (await putFood({ origin: partner, 'sec-fetch-site': 'cross-site' }, { diets: ['halal'], allergies: 'none' }))
        .status,
    ).toBe(200);
    expect((await putFood({ 'sec-fetch-site': 'same-origin' }, { diets: ['kosher'], allergies: 'none' })).status).toBe(
      200,
    );
    expect((await putFood({ 'sec-fetch-site': 'none' }, { diets: ['vegetarian'], allergies: 'none' })).status).toBe(
      200,
    );
    expect((await putFood({}, { diets: ['gluten_free'], allergies: 'none' })).status).toBe(200);
    expect((await foodPreferences()).diets).toEqual(['gluten_free']);
  });

  it('reads are never refused for their origin', async () => {
    const res = await server.request('/api/trips', {
      headers: { cookie, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(200);
  });
});

describe('tRPC mutations from other sites', () => {
  const save = (headers: Record<string, string>) =>
    trpcMutation(
      'interests.saveFoodPreferences',
      JSON.stringify({ json: { diets: [], allergies: null, notes: null } }),
      {
        'content-type': 'application/json',
        ...headers,
      },
    );

  it('are 403 in tRPC’s error envelope when the Origin is foreign, and change nothing', async () => {
    const before = await foodPreferences();
    const res = await save({ origin: otherPort });
    const body = await json<TrpcErrorBody>(res, 403);
    expect(body.error.json.data).toEqual({ code: 'FORBIDDEN', httpStatus: 403 });
    expect(body.error.json.message).toMatch(/^Cross-site request refused/);
    await json(await save({ 'sec-fetch-site': 'same-site' }), 403);
    expect(await foodPreferences()).toEqual(before);
  });

  it('take JSON only: a form post (multipart or urlencoded) or text is 415, and changes nothing', async () => {
    const before = await foodPreferences();
    const requests = async () =>
      json<unknown[]>(await server.request('/api/concierge/requests', { headers: { cookie } }));
    const requestsBefore = await requests();
    const form = new FormData();
    form.set('allergies', '');
    for (const [body, headers] of [
      [form, {}],
      [new URLSearchParams({ allergies: '' }), {}],
      ['{"json":{"diets":[]}}', { 'content-type': 'text/plain' }],
      ['{"json":{"diets":[]}}', {}],
      [new Blob(['x']), { 'content-type': 'application/octet-stream' }],
    ] as [RequestInit['body'], Record<string, string>][]) {
      const res = await trpcMutation('interests.saveFoodPreferences', body, headers);
      const error = await json<TrpcErrorBody>(res, 415);
      expect(error.error.json.data.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    await json(await trpcMutation('concierge.createRequest', form, {}), 415);
    expect(await foodPreferences()).toEqual(before);
    expect(await requests()).toEqual(requestsBefore);
  });

  it('pass from the app itself and without browser headers', async () => {
    expect((await save({ origin: testOrigin })).status).toBe(200);
    expect((await save({})).status).toBe(200);
    expect((await foodPreferences()).diets).toEqual([]);
  });
});

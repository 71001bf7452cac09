import { createHash } from 'node:crypto';
import { schema } from '@naav/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, listen, testOrigin, type TestServer } from './harness';
import { json, restError, sendAs } from './http';

// Personal API tokens: made from a signed-in session, sent as `Authorization: Bearer`, acting as
// their owner narrowed by their scopes.

interface Created {
  id: string;
  token: string;
  name: string;
  scopes: string[];
  expiresAt: string | null;
}
interface Listed {
  id: string;
  name: string;
  hint: string;
  scopes: string[];
  expiresAt: string | null;
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
  expired: boolean;
}

const hour = 60 * 60 * 1000;
let offset = 0;
let server: TestServer;
let traveller: string;
beforeAll(async () => {
  server = await createTestServer({ now: () => new Date(Date.now() + offset) });
  traveller = await server.signIn('traveller@naav.example');
});

const make = async (body: unknown, cookie = traveller) =>
  json<Created>(await sendAs(server, 'POST', '/api/tokens', cookie, body));
/** A request carrying only the token: no Origin, no cookie, as a script sends it. */
const withToken = (token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  server.request(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const newTrip = {
  title: 'Token trip',
  location: 'Porto, Portugal',
  destination: 'Portugal',
  startDate: '2031-05-01',
  endDate: '2031-05-04',
};

describe('POST /api/tokens', { timeout: 60_000 }, () => {
  it('answers the token once; only its SHA-256 is stored, and the list never shows it', async () => {
    const created = await make({ name: 'Spreadsheet sync', scopes: ['trips:read', 'budget:read'] });
    expect(created).toMatchObject({ name: 'Spreadsheet sync', scopes: ['trips:read', 'budget:read'], expiresAt: null });
    expect(created.token).toMatch(/^naav_[A-Za-z0-9_-]{43}$/);
    const [row] = await server.db.select().from(schema.apiTokens).where(eq(schema.apiTokens.id, created.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(10));

    const list = await json<Listed[]>(await sendAs(server, 'GET', '/api/tokens', traveller));
    const listed = list.find((t) => t.id === created.id);
    expect(listed).toMatchObject({ hint: `${created.token.slice(0, 9)}…`, lastUsedAt: null, expired: false });
    expect(JSON.stringify(list)).not.toContain(created.token);
  });

  it('refuses bad input naming the field, storing nothing', async () => {
    const before = await server.db.$count(schema.apiTokens);
    const bad = [
      [{ name: '', scopes: ['trips:read'] }, 'name'],
      [{ name: 'x', scopes: ['trips:delete'] }, 'scopes'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: 'x', scopes: ['trips:read'], expiresAt: '2000-01-01T00:00:00Z' }, 'expiresAt'],
    ] as const;
    for (const [body, field] of bad) {
      const error = await restError(await sendAs(server, 'POST', '/api/tokens', traveller, body), 400, 'BAD_REQUEST');
      expect(error.issues?.[0]?.path[0], JSON.stringify(body)).toBe(field);
    }
    expect(await server.db.$count(schema.apiTokens)).toBe(before);
  });

  it('cannot be called with a token: a token never makes, lists or revokes tokens', async () => {
    const { token, id } = await make({ name: 'All', scopes: ['trips:write', 'family:write'] });
    for (const [method, path] of [
      ['POST', '/api/tokens'],
      ['GET', '/api/tokens'],
      ['DELETE', `/api/tokens/${id}`],
      ['GET', '/api/sessions'],
    ] as const) {
      const body = method === 'POST' ? { name: 'y', scopes: ['trips:read'] } : undefined;
      const error = await restError(await withToken(token, method, path, body), 403, 'FORBIDDEN');
      expect(error.message).toMatch(/API tokens cannot do this/);
    }
  });
});

describe('Authorization: Bearer', { timeout: 60_000 }, () => {
  it("acts as the token's owner on /api and /trpc, with no Origin needed for a write", async () => {
    const { token } = await make({ name: 'Planner', scopes: ['trips:write'] });
    const viaCookie = await json(await sendAs(server, 'GET', '/api/trips', traveller));
    expect(await json(await withToken(token, 'GET', '/api/trips'))).toEqual(viaCookie);
    const trip = await json<{ id: string; title: string }>(await withToken(token, 'POST', '/api/trips', newTrip));
    expect(trip.title).toBe('Token trip');
    // A page of another site cannot add the header to a request; an origin sent anyway changes nothing.
    const foreign = await withToken(
      token,
      'PATCH',
      `/api/trips/${trip.id}`,
      { title: 'Renamed' },
      {
        origin: 'https://elsewhere.example',
      },
    );
    expect(await json(foreign)).toMatchObject({ title: 'Renamed' });
    const trpc = await server.request('/trpc/trips.list', { headers: { authorization: `Bearer ${token}` } });
    expect(trpc.status).toBe(200);
  });

  it('answers 403 naming the scope a call needs, and changes nothing', async () => {
    const { token } = await make({ name: 'Reader', scopes: ['trips:read'] });
    const before = await server.db.$count(schema.trips);
    const write = await restError(await withToken(token, 'POST', '/api/trips', newTrip), 403, 'FORBIDDEN');
    expect(write.message).toBe('This API token lacks the trips:write scope');
    expect(await server.db.$count(schema.trips)).toBe(before);
    const documents = await restError(await withToken(token, 'GET', '/api/documents'), 403, 'FORBIDDEN');
    expect(documents.message).toBe('This API token lacks the documents:read scope');
    const budget = await restError(await withToken(token, 'GET', '/api/trips/trip-lisbon/expenses'), 403, 'FORBIDDEN');
    expect(budget.message).toContain('budget:read');
    // Who am I is open to every token.
    expect(await json(await withToken(token, 'GET', '/api/me'))).toMatchObject({ email: 'traveller@naav.example' });
  });

  it('never falls back to the cookie: an unknown token is 401 even beside a valid session', async () => {
    const res = await server.request('/api/trips', {
      headers: { authorization: 'Bearer naav_not-a-real-token', cookie: traveller },
    });
    await restError(res, 401, 'UNAUTHORIZED');
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('stops working when it expires, and the list says so', async () => {
    const expiresAt = new Date(Date.now() + offset + hour).toISOString();
    const { token, id } = await make({ name: 'Short-lived', scopes: ['trips:read'], expiresAt });
    expect((await withToken(token, 'GET', '/api/trips')).status).toBe(200);
    offset += 2 * hour;
    try {
      await restError(await withToken(token, 'GET', '/api/trips'), 401, 'UNAUTHORIZED');
      const list = await json<Listed[]>(await sendAs(server, 'GET', '/api/tokens', traveller));
      expect(list.find((t) => t.id === id)).toMatchObject({ expired: true, expiresAt });
    } finally {
      offset -= 2 * hour;
    }
  });

  it('stops working at once when revoked; another user revoking it gets 404', async () => {
    const { token, id } = await make({ name: 'Revoked', scopes: ['trips:read'] });
    const other = await server.signIn('traveller2@naav.example');
    await restError(await sendAs(server, 'DELETE', `/api/tokens/${id}`, other), 404, 'NOT_FOUND');
    expect((await withToken(token, 'GET', '/api/trips')).status).toBe(200);
    expect(await json(await sendAs(server, 'DELETE', `/api/tokens/${id}`, traveller))).toEqual({ id, revoked: true });
    await restError(await withToken(token, 'GET', '/api/trips'), 401, 'UNAUTHORIZED');
    const list = await json<Listed[]>(await sendAs(server, 'GET', '/api/tokens', traveller));
    expect(list.some((t) => t.id === id)).toBe(false);
  });
});

describe('over a real socket', { timeout: 60_000 }, () => {
  it('records when and from where a token was last used, and answers RateLimit headers until the quota is spent', async () => {
    const throttled = await createTestServer({ inProcess: true, throttle: true, tokenRequestsPerMinute: 3 });
    const cookie = await throttled.signIn('traveller@naav.example');
    const { token, id } = await json<Created>(
      await sendAs(throttled, 'POST', '/api/tokens', cookie, { name: 'Metered', scopes: ['trips:read'] }),
    );
    const served = await listen(throttled.app!);
    try {
      const call = () => fetch(`${served.url}/api/trips`, { headers: { authorization: `Bearer ${token}` } });
      const first = await call();
      expect(first.status).toBe(200);
      expect(first.headers.get('ratelimit-policy')).toBe('"token";q=3;w=60');
      expect(first.headers.get('ratelimit')).toMatch(/^"token";r=2;t=\d+$/);
      await call();
      expect((await call()).headers.get('ratelimit')).toMatch(/^"token";r=0;t=\d+$/);
      const refused = await call();
      await restError(refused, 429, 'TOO_MANY_REQUESTS');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('ratelimit')).toMatch(/^"token";r=0;/);

      const list = await json<Listed[]>(await sendAs(throttled, 'GET', '/api/tokens', cookie));
      expect(list.find((t) => t.id === id)).toMatchObject({
        lastUsedAddress: '127.0.0.1',
        lastUsedAt: expect.any(String),
      });
    } finally {
      await served.close();
    }
  });

  it('signs a script in with Node’s own fetch (no Origin, Sec-Fetch-Mode: cors); pages of other sites are still refused', async () => {
    // Over a socket of an app in this process, so Node's fetch sends what it sends to any server.
    const served = await listen((await createTestServer({ inProcess: true })).app!);
    const signIn = (headers: Record<string, string> = {}) =>
      fetch(`${served.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: 'traveller@naav.example', password: 'naav-demo' }),
      });
    try {
      const fromScript = await signIn();
      expect(fromScript.status, await fromScript.clone().text()).toBe(200);
      expect(fromScript.headers.getSetCookie().join()).toContain('naav.session_token=');
      expect((await signIn({ origin: 'https://elsewhere.example' })).status).toBe(403);
      expect((await signIn({ origin: 'null' })).status).toBe(403);
      expect((await signIn({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' })).status).toBe(403);
      expect((await signIn({ origin: testOrigin })).status).toBe(200);
    } finally {
      await served.close();
    }
  });
});

describe('AGENT_2FA=required', { timeout: 60_000 }, () => {
  it('an agent without two-factor sign-in cannot make a token', async () => {
    const strict = await createTestServer({ agentTwoFactor: 'required' });
    const agent = await strict.signIn('agent@naav.example');
    const error = await restError(
      await sendAs(strict, 'POST', '/api/tokens', agent, { name: 'Desk', scopes: ['proposals:read'] }),
      403,
      'FORBIDDEN',
    );
    expect(error.message).toMatch(/two-factor sign-in/);
    expect(await strict.db.$count(schema.apiTokens)).toBe(0);
  });
});

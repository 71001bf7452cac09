import { schema } from '@naav/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionLifetime } from '../src/auth';
import { cookieHeader, createTestServer, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

const firefoxMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0';
const chromeAndroid =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';
const hour = 60 * 60 * 1000;

// The session clock starts at the real time (better-auth stamps new sessions with it); tests move it on.
let offset = 0;
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ sessionClock: () => Date.now() + offset });
});

const get = (path: string, cookie: string) => server.request(path, { headers: { cookie } });
const send = (method: string, path: string, cookie: string, body?: unknown) =>
  server.request(path, {
    method,
    headers: { origin: testOrigin, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function signUp(email: string) {
  return server.signUp({ name: 'Sam Session', email, password: 'first-password' });
}

async function signIn(email: string, password: string, userAgent: string) {
  const res = await server.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testOrigin, 'user-agent': userAgent },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return cookieHeader(res);
}

const signedIn = async (cookie: string) => (await get('/api/me', cookie)).status === 200;

interface SessionRow {
  id: string;
  browser: string | null;
  os: string | null;
  device: string | null;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

// Sign-ins check password hashes (scrypt, slow on purpose).
describe('the session cookie', { timeout: 60_000 }, () => {
  it('is the only cookie a sign-in sets: no cookie cache that would outlive a sign-out', async () => {
    await signUp('cookie@example.org');
    const res = await server.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: testOrigin },
      body: JSON.stringify({ email: 'cookie@example.org', password: 'first-password' }),
    });
    const names = res.headers.getSetCookie().map((c) => c.split('=')[0]);
    expect(names).toEqual(['naav.session_token']);
    expect(res.headers.getSetCookie()[0]).toMatch(
      new RegExp(`Max-Age=${sessionLifetime.absoluteMs / 1000};.*HttpOnly`),
    );
  });

  it('is refused at once after sign-out, with every cookie the browser holds', async () => {
    const cookie = await signIn('cookie@example.org', 'first-password', firefoxMac);
    expect(await signedIn(cookie)).toBe(true);
    const out = await send('POST', '/api/auth/sign-out', cookie, {});
    expect(out.status).toBe(200);
    // The browser drops its cached photos and offline copy too.
    expect(out.headers.get('clear-site-data')).toBe('"cache", "storage"');
    await restError(await get('/api/me', cookie), 401, 'UNAUTHORIZED');
    expect((await server.request('/trpc/me.get', { headers: { cookie } })).status).toBe(401);
  });

  it('signs nobody in when its signature is wrong, even around a real session token', async () => {
    const cookie = await signIn('cookie@example.org', 'first-password', firefoxMac);
    const value = decodeURIComponent(cookie.slice('naav.session_token='.length));
    const token = value.slice(0, value.lastIndexOf('.'));
    const forged = `naav.session_token=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    await restError(await get('/api/me', forged), 401, 'UNAUTHORIZED');
    await restError(await get('/api/me', `naav.session_token=${token}`), 401, 'UNAUTHORIZED');
    expect(await signedIn(cookie)).toBe(true);
  });

  it('a cookie whose signature was checked once vouches for nothing else: forgeries after it are refused', async () => {
    // The server remembers which cookie values had a good signature (auth.ts); this proves it keys
    // that memory on the whole value and still reads the session on every request.
    const cookie = await signIn('cookie@example.org', 'first-password', firefoxMac);
    const value = decodeURIComponent(cookie.slice('naav.session_token='.length));
    const dot = value.lastIndexOf('.');
    const [token, signature] = [value.slice(0, dot), value.slice(dot + 1)];
    expect(await signedIn(cookie)).toBe(true);
    expect(await signedIn(cookie)).toBe(true);
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const forgeries = [
      `${token}.${flip(signature, 0)}`, // the signature changed, same length and padding
      // (not its last character before the padding: base64's spare bits there decode to the same bytes)
      `${token}.${flip(signature, signature.length - 8)}`,
      `${flip(token, 0)}.${signature}`, // another token under the real signature
      `${token}x.${signature}`,
      `${token}.${signature}.${signature}`,
    ];
    for (const forged of forgeries) {
      await restError(await get('/api/me', `naav.session_token=${encodeURIComponent(forged)}`), 401, 'UNAUTHORIZED');
    }
    // The real cookie still works, until its session ends: then the same value is refused at once.
    expect(await signedIn(cookie)).toBe(true);
    expect((await send('POST', '/api/auth/sign-out', cookie, {})).status).toBe(200);
    await restError(await get('/api/me', cookie), 401, 'UNAUTHORIZED');
    await restError(await get('/api/me', `naav.session_token=${encodeURIComponent(value)}`), 401, 'UNAUTHORIZED');
  });
});

describe('idle timeout and lifetime', { timeout: 60_000 }, () => {
  it('ends a session unused for 24 hours; using it keeps it going', async () => {
    await signUp('idle@example.org');
    offset = 0;
    const cookie = await signIn('idle@example.org', 'first-password', firefoxMac);
    offset = 23 * hour;
    expect(await signedIn(cookie)).toBe(true);
    offset = 46 * hour;
    expect(await signedIn(cookie)).toBe(true);
    offset = 46 * hour + sessionLifetime.idleMs + 1000;
    await restError(await get('/api/me', cookie), 401, 'UNAUTHORIZED');
    offset = 0;
  });

  it('stores the moment a new session ends as 24 hours after sign-in, so better-auth’s own endpoints end it too', async () => {
    await signUp('ends@example.org');
    offset = 0;
    const cookie = await signIn('ends@example.org', 'first-password', firefoxMac);
    const [current] = await json<SessionRow[]>(await get('/api/sessions', cookie));
    expect(Date.parse(current!.expiresAt) - Date.parse(current!.createdAt)).toBeCloseTo(sessionLifetime.idleMs, -4);
  });

  it('ends a session 7 days after sign-in, however much it is used', async () => {
    await signUp('lifetime@example.org');
    offset = 0;
    const cookie = await signIn('lifetime@example.org', 'first-password', firefoxMac);
    for (offset = 20 * hour; offset < sessionLifetime.absoluteMs; offset += 20 * hour)
      expect(await signedIn(cookie)).toBe(true);
    offset = sessionLifetime.absoluteMs + 1000;
    await restError(await get('/api/me', cookie), 401, 'UNAUTHORIZED');
    offset = 0;
  });

  it('writes "last seen" at most once a minute, not on every request', async () => {
    await signUp('seen@example.org');
    offset = 0;
    const cookie = await signIn('seen@example.org', 'first-password', firefoxMac);
    const [mine] = await json<SessionRow[]>(await get('/api/sessions', cookie));
    const id = mine!.id;
    const lastSeen = async () => {
      const [row] = await server.db
        .select({ at: schema.session.updatedAt })
        .from(schema.session)
        .where(eq(schema.session.id, id));
      return row!.at.getTime();
    };
    const signedInAt = await lastSeen();
    for (offset = 5_000; offset < 55_000; offset += 5_000) expect(await signedIn(cookie)).toBe(true);
    expect(await lastSeen()).toBe(signedInAt);
    offset = 61_000;
    expect(await signedIn(cookie)).toBe(true);
    const touched = await lastSeen();
    expect(touched).toBeGreaterThanOrEqual(signedInAt + 61_000);
    offset = 90_000;
    expect(await signedIn(cookie)).toBe(true);
    expect(await lastSeen()).toBe(touched);
    offset = 0;
  });
});

describe('/api/sessions', { timeout: 60_000 }, () => {
  it('lists the signed-in sessions with their browser and system, this one first and marked', async () => {
    await signUp('list@example.org');
    const laptop = await signIn('list@example.org', 'first-password', firefoxMac);
    const phone = await signIn('list@example.org', 'first-password', chromeAndroid);
    const list = await json<SessionRow[]>(await get('/api/sessions', phone));
    expect(list.map(({ browser, os, device, current }) => ({ browser, os, device, current }))).toEqual([
      { browser: 'Chrome 126', os: 'Android 14', device: 'mobile', current: true },
      { browser: 'Firefox 128', os: 'macOS Catalina', device: 'desktop', current: false },
      // The sign-up's own session (no user agent).
      { browser: null, os: null, device: null, current: false },
    ]);
    expect((await json<SessionRow[]>(await get('/api/sessions', laptop)))[0]).toMatchObject({
      browser: 'Firefox 128',
      current: true,
    });
  });

  it('revokes one session: refused at once, the others go on; another user’s session is 404', async () => {
    await signUp('revoke@example.org');
    const laptop = await signIn('revoke@example.org', 'first-password', firefoxMac);
    const phone = await signIn('revoke@example.org', 'first-password', chromeAndroid);
    const phoneId = (await json<SessionRow[]>(await get('/api/sessions', phone)))[0]!.id;
    expect(await json(await send('DELETE', `/api/sessions/${phoneId}`, laptop))).toEqual({
      id: phoneId,
      revoked: true,
    });
    await restError(await get('/api/me', phone), 401, 'UNAUTHORIZED');
    expect(await signedIn(laptop)).toBe(true);

    const stranger = await signIn('cookie@example.org', 'first-password', firefoxMac);
    const laptopId = (await json<SessionRow[]>(await get('/api/sessions', laptop)))[0]!.id;
    await restError(await send('DELETE', `/api/sessions/${laptopId}`, stranger), 404, 'NOT_FOUND');
    expect(await signedIn(laptop)).toBe(true);
  });

  it('signs out everywhere: every session of the user ends at once, this one included', async () => {
    await signUp('everywhere@example.org');
    const laptop = await signIn('everywhere@example.org', 'first-password', firefoxMac);
    const phone = await signIn('everywhere@example.org', 'first-password', chromeAndroid);
    const stranger = await signIn('cookie@example.org', 'first-password', firefoxMac);
    // An empty session id names no session: 404, and nothing is signed out.
    await restError(await send('DELETE', '/api/sessions/', laptop), 404, 'NOT_FOUND');
    expect(await signedIn(laptop)).toBe(true);
    const everywhere = await send('DELETE', '/api/sessions', laptop);
    expect(everywhere.headers.get('clear-site-data')).toBe('"cache", "storage"');
    expect(await json(everywhere)).toEqual({ revoked: 3 });
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(stranger)).toBe(true);
  });

  it('is 401 signed out', async () => {
    await restError(await server.request('/api/sessions'), 401, 'UNAUTHORIZED');
  });
});

describe('a password change', { timeout: 60_000 }, () => {
  it('ends every other session at once, even when the request asks to keep them; the caller goes on with a new one', async () => {
    await signUp('change@example.org');
    const laptop = await signIn('change@example.org', 'first-password', firefoxMac);
    const phone = await signIn('change@example.org', 'first-password', chromeAndroid);
    const res = await send('POST', '/api/auth/change-password', laptop, {
      currentPassword: 'first-password',
      newPassword: 'second-password',
      revokeOtherSessions: false,
    });
    expect(res.status).toBe(200);
    expect(await signedIn(phone)).toBe(false);
    const renewed = cookieHeader(res);
    expect(renewed).toMatch(/^naav\.session_token=/);
    expect(await signedIn(renewed)).toBe(true);
  });
});

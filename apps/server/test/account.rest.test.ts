import { beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestServer, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';
import { linkIn } from './mail';

let server: TestServer;
const get = (path: string, cookie?: string) => server.request(path, cookie ? { headers: { cookie } } : undefined);
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  server.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testOrigin, ...headers },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  server = await createTestServer();
});

describe('GET /api/me', () => {
  it('describes the signed-in user: id, name, email, role, initials', async () => {
    const cookie = await server.signIn('traveller@naav.example');
    expect(await json(await get('/api/me', cookie))).toEqual({
      id: 'user-traveller',
      name: 'Alex Morgan',
      email: 'traveller@naav.example',
      role: 'client',
      initials: 'AM',
      emailVerified: true,
      twoFactorEnabled: false,
      twoFactorRequired: false,
      hasPassword: true,
    });
    const agent = await server.signIn('agent@naav.example');
    expect(await json(await get('/api/me', agent))).toMatchObject({ id: 'user-agent', role: 'agent', initials: 'JL' });
  });

  it('is 401 {message, code: UNAUTHORIZED} without a cookie', async () => {
    await restError(await get('/api/me'), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/clients', () => {
  it('is 403 for a client', async () => {
    const cookie = await server.signIn('traveller@naav.example');
    const body = await restError(await get('/api/clients', cookie), 403, 'FORBIDDEN');
    expect(body.message).toBe('Only travel agents can do this');
  });

  it('lists the clients, and only them, for an agent', async () => {
    const cookie = await server.signIn('agent@naav.example');
    const list = await json<{ id: string; name: string; email: string }[]>(await get('/api/clients', cookie));
    expect(list.map((c) => c.id)).toEqual(expect.arrayContaining(['user-traveller', 'user-traveller2']));
    expect(list.map((c) => c.id)).not.toContain('user-agent');
    for (const c of list) expect(Object.keys(c).sort()).toEqual(['agent', 'email', 'id', 'name']);
  });

  it('is 401 without a cookie', async () => {
    await restError(await get('/api/clients'), 401, 'UNAUTHORIZED');
  });
});

describe('/api/auth', () => {
  it('rejects a wrong password without setting a session', async () => {
    const res = await post('/api/auth/sign-in/email', {
      email: 'traveller@naav.example',
      password: 'not-the-password',
    });
    expect(res.status).toBe(401);
    expect(cookieHeader(res)).not.toContain('naav.session_token');
  });

  it('signs a new user up as a client, even when the request asks for another role', async () => {
    const res = await post('/api/auth/sign-up/email', {
      name: 'Sneaky Agent',
      email: 'sneaky@example.test',
      password: 'a-long-password',
      role: 'agent',
    });
    if (res.ok) {
      // Sign-up signs nobody in: the link in the verification message does.
      const mail = await server.outboxMail('sneaky@example.test', /Confirm/);
      const cookie = cookieHeader(await server.request(linkIn(mail), { redirect: 'manual' }));
      expect(await json(await get('/api/me', cookie))).toMatchObject({ email: 'sneaky@example.test', role: 'client' });
      await restError(await get('/api/clients', cookie), 403, 'FORBIDDEN');
    } else {
      expect(res.status).toBe(400);
    }
  });

  it.each([
    'javascript:alert(document.cookie)',
    'data:image/png;base64,iVBORw0KGgo=',
    'ftp://example.org/me.png',
    '//evil.example/me.png',
    42,
  ])('refuses a sign-up whose image is %s: 400 naming image, and no account', async (image) => {
    const email = `pictured-${String(image).length}@example.test`;
    const res = await post('/api/auth/sign-up/email', { name: 'Pictured', email, password: 'a-long-password', image });
    const body = await restError(res, 400, 'BAD_REQUEST');
    expect(body.issues?.[0]?.path).toEqual(['image']);
    expect((await post('/api/auth/sign-in/email', { email, password: 'a-long-password' })).status).toBe(401);
  });

  it.each(['https://images.example.org/me.png', 'http://images.example.org/me.png', '/images/destinations/lisbon.jpg'])(
    'accepts a sign-up whose image is %s',
    async (image) => {
      const email = `pictured-ok-${image.length}@example.test`;
      const res = await post('/api/auth/sign-up/email', {
        name: 'Pictured',
        email,
        password: 'a-long-password',
        image,
      });
      expect(res.status).toBe(200);
    },
  );

  it('refuses a password shorter than 8 characters (and 12 since passwords got longer)', async () => {
    const res = await post('/api/auth/sign-up/email', {
      name: 'Shorty',
      email: 'shorty@example.test',
      password: 'short',
    });
    expect(res.status).toBe(400);
  });

  it('refuses sign-in from a foreign origin (CSRF guard)', async () => {
    const res = await post(
      '/api/auth/sign-in/email',
      { email: 'traveller@naav.example', password: 'naav-demo' },
      {
        origin: 'http://evil.example',
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'cors',
        'sec-fetch-dest': 'empty',
      },
    );
    expect(res.status).toBe(403);
    expect(cookieHeader(res)).toBe('');
  });

  it('refuses a cookie-carrying request from a foreign origin', async () => {
    const cookie = await server.signIn('traveller@naav.example');
    const res = await post('/api/auth/sign-out', {}, { cookie, origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    // Still signed in.
    expect((await get('/api/me', cookie)).status).toBe(200);
  });

  it('sign-out ends the session on the server', async () => {
    const cookie = await server.signIn('traveller2@naav.example');
    const res = await post('/api/auth/sign-out', {}, { cookie });
    expect(res.status).toBe(200);
    // The browser is told to drop both cookies…
    expect(res.headers.getSetCookie().some((c) => /^naav\.session_token=;/.test(c))).toBe(true);
    // …and the session token alone (no 5-minute cookie cache) no longer signs anyone in.
    const tokenOnly = cookie
      .split('; ')
      .filter((c) => c.startsWith('naav.session_token='))
      .join('; ');
    await restError(await get('/api/me', tokenOnly), 401, 'UNAUTHORIZED');
  });
});

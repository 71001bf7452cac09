import { randomUUID } from 'node:crypto';
import { type TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { cookieHeader, createTestServer, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

// Two-factor sign-in with better-auth's plugin, driven over HTTP with real TOTP codes
// computed from the otpauth:// URI the server hands out (as an authenticator app would).

const password = 'up-the-hill-to-alfama';

const post = (server: TestServer, path: string, body: unknown, cookie?: string) =>
  server.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testOrigin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const me = (server: TestServer, cookie: string) => server.request('/api/me', { headers: { cookie } });

/** Turns two-factor sign-in on for the signed-in user: the URI for the QR code, the recovery codes, and the confirmed session. */
async function enable(server: TestServer, cookie: string, pw: string) {
  const started = await post(server, '/api/auth/two-factor/enable', { password: pw }, cookie);
  const { totpURI, backupCodes } = await json<{ totpURI: string; backupCodes: string[] }>(started);
  const totp = URI.parse(totpURI) as TOTP;
  // Not on until a code from the app confirms it.
  expect(await json(await me(server, cookie))).toMatchObject({ twoFactorEnabled: false });
  const confirmed = await post(server, '/api/auth/two-factor/verify-totp', { code: totp.generate() }, cookie);
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  return { totp, totpURI, backupCodes, cookie: cookieHeader(confirmed) };
}

/** Signs in with the password; with two-factor on, the answer asks for a code and carries only the challenge cookie. */
async function firstStep(server: TestServer, email: string, pw: string) {
  const res = await post(server, '/api/auth/sign-in/email', { email, password: pw });
  return { res, body: (await res.json()) as Record<string, unknown>, cookie: cookieHeader(res) };
}

describe('two-factor sign-in', { timeout: 60_000 }, () => {
  it('is set up with a code from the authenticator app, then asked for at sign-in; a recovery code works once; disabling needs the password', async () => {
    const server = await createTestServer();
    const email = `guarded-${randomUUID().slice(0, 8)}@example.org`;
    const signedIn = await server.signUp({ name: 'Gwen Guarded', email, password });

    // A wrong password starts nothing.
    expect((await post(server, '/api/auth/two-factor/enable', { password: 'not-my-password' }, signedIn)).status).toBe(
      400,
    );
    const { totp, totpURI, backupCodes, cookie } = await enable(server, signedIn, password);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Naav:/);
    expect(totp.issuer).toBe('Naav');
    expect(backupCodes).toHaveLength(10);
    expect(await json(await me(server, cookie))).toMatchObject({ email, twoFactorEnabled: true });

    // The password alone no longer signs in.
    const step = await firstStep(server, email, password);
    expect(step.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(step.cookie).not.toContain('naav.session_token=');
    expect(step.cookie).toContain('naav.two_factor=');
    await restError(await me(server, step.cookie), 401, 'UNAUTHORIZED');
    const wrongCode = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0');
    expect((await post(server, '/api/auth/two-factor/verify-totp', { code: wrongCode }, step.cookie)).status).toBe(401);
    const done = await post(server, '/api/auth/two-factor/verify-totp', { code: totp.generate() }, step.cookie);
    expect(done.status).toBe(200);
    expect(await json(await me(server, cookieHeader(done)))).toMatchObject({ email });

    // A recovery code instead of the app's, once.
    const again = await firstStep(server, email, password);
    const recovered = await post(
      server,
      '/api/auth/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      again.cookie,
    );
    expect(recovered.status).toBe(200);
    const session = cookieHeader(recovered);
    expect(await json(await me(server, session))).toMatchObject({ email });
    const reuse = await firstStep(server, email, password);
    expect(
      (await post(server, '/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, reuse.cookie)).status,
    ).toBe(401);

    // Turning it off takes the password.
    expect((await post(server, '/api/auth/two-factor/disable', { password: 'not-my-password' }, session)).status).toBe(
      400,
    );
    const off = await post(server, '/api/auth/two-factor/disable', { password }, session);
    expect(off.status).toBe(200);
    expect(await json(await me(server, cookieHeader(off)))).toMatchObject({ twoFactorEnabled: false });
    const plain = await firstStep(server, email, password);
    expect(plain.cookie).toContain('naav.session_token=');
  });

  it('cannot be turned on before the e-mail address is verified', async () => {
    const server = await createTestServer();
    const email = `squatter-${randomUUID().slice(0, 8)}@example.org`;
    await post(server, '/api/auth/sign-up/email', { name: 'Squatter', email, password });
    const { cookie } = await firstStep(server, email, password);
    const refused = await post(server, '/api/auth/two-factor/enable', { password }, cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });
});

describe('two-factor codes sent at once', { timeout: 60_000 }, () => {
  it('are counted before they are checked: of 100 wrong codes for one challenge, at most 5 are checked and the rest are 429', async () => {
    const server = await createTestServer({ throttle: true });
    const email = `raced-${randomUUID().slice(0, 8)}@example.org`;
    const signedIn = await server.signUp({ name: 'Rita Raced', email, password });
    const { totp } = await enable(server, signedIn, password);
    const step = await firstStep(server, email, password);
    const wrongCode = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        post(server, '/api/auth/two-factor/verify-totp', { code: wrongCode }, step.cookie),
      ),
    );
    const statuses = answers.map((res) => res.status);
    const checked = statuses.filter((status) => status !== 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.every((status) => status === 401)).toBe(true);
    const refused = answers.find((res) => res.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right code now waits as well.
    expect(
      (await post(server, '/api/auth/two-factor/verify-totp', { code: totp.generate() }, step.cookie)).status,
    ).toBe(429);
  });
});

describe('AGENT_2FA=required', { timeout: 60_000 }, () => {
  it('refuses an agent everything but who they are until they turn two-factor sign-in on, then works as before', async () => {
    const server = await createTestServer({ agentTwoFactor: 'required' });
    const agent = await server.signIn('agent@naav.example');
    for (const path of ['/api/clients', '/api/proposals', '/api/concierge/agent/conversations', '/api/trips']) {
      const body = await restError(await server.request(path, { headers: { cookie: agent } }), 403, 'FORBIDDEN');
      expect(body.message, path).toMatch(/two-factor sign-in/);
    }
    expect(await json(await me(server, agent))).toMatchObject({
      role: 'agent',
      twoFactorEnabled: false,
      twoFactorRequired: true,
    });
    // Travellers are not affected.
    const traveller = await server.signIn('traveller@naav.example');
    expect((await server.request('/api/trips', { headers: { cookie: traveller } })).status).toBe(200);

    const { cookie } = await enable(server, agent, 'naav-demo');
    expect(await json(await me(server, cookie))).toMatchObject({ twoFactorEnabled: true, twoFactorRequired: false });
    expect(
      (await json<unknown[]>(await server.request('/api/clients', { headers: { cookie } }))).length,
    ).toBeGreaterThan(0);
  });

  it('prompt (the default) only asks: an agent without it works', async () => {
    const server = await createTestServer();
    const agent = await server.signIn('agent@naav.example');
    expect((await server.request('/api/clients', { headers: { cookie: agent } })).status).toBe(200);
    expect(await json(await me(server, agent))).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: false });
  });
});

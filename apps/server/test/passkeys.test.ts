import { schema } from '@naav/db';
import { demoUsers } from '@naav/db/seed';
import { desc, eq } from 'drizzle-orm';
import { type TOTP, URI } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestServer, type TestServer, testOrigin } from './harness';
import { json } from './http';

// The browser ceremony itself is tested with Chromium's virtual authenticator
// (apps/web/e2e/passkeys.spec.ts); these are the server's answers around it.
let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await createTestServer({ inProcess: true });
  cookie = await server.signIn(demoUsers.traveller.email);
});

const lastAudit = async () =>
  (await server.db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1))[0];

describe('passkeys', () => {
  it('offers registration to a signed-in person, for this site', async () => {
    const options = await json<{ rp: { id: string; name: string }; user: { name: string } }>(
      await server.request('/api/auth/passkey/generate-register-options', { headers: { cookie } }),
    );
    expect(options.rp).toEqual({ id: 'localhost', name: 'Naav' });
    expect(options.user.name).toBe(demoUsers.traveller.email);
    expect((await server.request('/api/auth/passkey/generate-register-options')).status).toBe(401);
  });

  it('lists none at first, and refuses a forged passkey sign-in, recording it', async () => {
    expect(await json(await server.request('/api/auth/passkey/list-user-passkeys', { headers: { cookie } }))).toEqual(
      [],
    );
    const refused = await server.request('/api/auth/passkey/verify-authentication', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: testOrigin },
      body: JSON.stringify({ response: { id: 'forged', rawId: 'forged', type: 'public-key', response: {} } }),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers.getSetCookie().join(';')).not.toContain('naav.session_token=');
    expect(await lastAudit()).toMatchObject({ action: 'sign-in.failed', summary: 'passkey refused' });
  });
});

describe('a passkey as the second factor of a password sign-in', () => {
  const password = 'up-the-hill-to-alfama';
  const post = (path: string, body: unknown, cookieHeader?: string) =>
    server.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: testOrigin,
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
      },
      body: JSON.stringify(body),
    });
  const addPasskeyRow = (userId: string, credentialID: string) =>
    server.db.insert(schema.passkey).values({
      id: `passkey-${credentialID}`,
      name: credentialID,
      publicKey: 'cHVibGljLWtleQ',
      userId,
      credentialID,
      counter: 0,
      deviceType: 'multiDevice',
      backedUp: true,
      transports: 'internal',
      createdAt: new Date(),
    });
  /** better-auth's error answer: `{code, message}`. */
  const authError = async (res: Response, status: number, code: string) => {
    const body = (await res.json()) as { code?: string; message?: string };
    expect({ status: res.status, code: body.code }).toEqual({ status, code });
    return body;
  };
  const pendingSignIn = async (email: string) => {
    const res = await post('/api/auth/sign-in/email', { email, password });
    return { body: await json<Record<string, unknown>>(res), cookie: cookieHeader(res) };
  };

  it('is turned on with the password, then asked for after it; only the same account’s passkey finishes the sign-in', async () => {
    const email = 'pat.passkey@example.org';
    const session = await server.signUp({ name: 'Pat Passkey', email, password });
    const [pat] = await server.db.select().from(schema.user).where(eq(schema.user.email, email));
    const patId = pat?.id ?? '';

    // No passkey yet: nothing to turn on.
    await authError(await post('/api/auth/two-factor/enable-passkey', { password }, session), 400, 'NO_PASSKEY');
    await addPasskeyRow(patId, 'cred-pat');
    await addPasskeyRow(demoUsers.traveller.id, 'cred-alex');
    await authError(
      await post('/api/auth/two-factor/enable-passkey', { password: 'not-my-password' }, session),
      400,
      'INVALID_PASSWORD',
    );
    expect((await post('/api/auth/two-factor/enable-passkey', { password }, session)).status).toBe(200);
    expect(await json(await server.request('/api/me', { headers: { cookie: session } }))).toMatchObject({
      twoFactorEnabled: true,
      hasPassword: true,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'two-factor.enabled',
      summary: 'two-factor sign-in turned on with a passkey',
      targetId: patId,
    });

    // The password alone now asks for the passkey.
    const step = await pendingSignIn(email);
    expect(step.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['passkey'] });
    expect(step.cookie).not.toContain('naav.session_token=');
    const optionsRes = await server.request('/api/auth/passkey/generate-authenticate-options?factor=second', {
      headers: { cookie: step.cookie },
    });
    const options = await json<{ allowCredentials: { id: string }[] }>(optionsRes);
    expect(options.allowCredentials.map((c) => c.id)).toEqual(['cred-pat']);
    const ceremony = `${step.cookie}; ${cookieHeader(optionsRes)}`;

    // Someone else's passkey: refused before it is even checked, and no session.
    const foreign = await post(
      '/api/auth/passkey/verify-authentication?factor=second',
      { response: { id: 'cred-alex', rawId: 'cred-alex', type: 'public-key', response: {} } },
      ceremony,
    );
    const refused = await authError(foreign, 401, 'PASSKEY_NOT_YOURS');
    expect(refused.message).toMatch(/belongs to another account/);
    expect(foreign.headers.getSetCookie().join(';')).not.toContain('naav.session_token=');
    expect(await lastAudit()).toMatchObject({
      action: 'sign-in.two-factor-failed',
      summary: 'passkey of another account refused',
    });
    // Their own passkey with a forged signature: the passkey plugin refuses it.
    const forged = await post(
      '/api/auth/passkey/verify-authentication?factor=second',
      { response: { id: 'cred-pat', rawId: 'cred-pat', type: 'public-key', response: {} } },
      ceremony,
    );
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.headers.getSetCookie().join(';')).not.toContain('naav.session_token=');

    // Without a pending sign-in, there is nothing to finish.
    await authError(
      await post('/api/auth/passkey/verify-authentication?factor=second', { response: { id: 'cred-pat' } }),
      401,
      'INVALID_TWO_FACTOR_COOKIE',
    );

    // The only passkey of an account whose second factor it is stays until two-factor sign-in is off.
    await authError(
      await post('/api/auth/passkey/delete-passkey', { id: 'passkey-cred-pat' }, session),
      400,
      'LAST_PASSKEY_IS_SECOND_FACTOR',
    );
    const off = await post('/api/auth/two-factor/disable', { password }, session);
    expect(off.status).toBe(200);
    expect((await post('/api/auth/passkey/delete-passkey', { id: 'passkey-cred-pat' }, cookieHeader(off))).status).toBe(
      200,
    );
    expect((await pendingSignIn(email)).cookie).toContain('naav.session_token=');
  });

  it('with an authenticator app on too, the code step offers the passkey beside the code', async () => {
    const email = 'tess.totp@example.org';
    const session = await server.signUp({ name: 'Tess Totp', email, password });
    const [tess] = await server.db.select().from(schema.user).where(eq(schema.user.email, email));
    await addPasskeyRow(tess?.id ?? '', 'cred-tess');
    const started = await json<{ totpURI: string }>(await post('/api/auth/two-factor/enable', { password }, session));
    const totp = URI.parse(started.totpURI) as TOTP;
    const confirmed = await post('/api/auth/two-factor/verify-totp', { code: totp.generate() }, session);
    expect(confirmed.status).toBe(200);
    expect((await pendingSignIn(email)).body).toEqual({
      twoFactorRedirect: true,
      twoFactorMethods: ['totp', 'passkey'],
    });
    // Two-factor sign-in is on already: nothing more to turn on.
    await authError(
      await post('/api/auth/two-factor/enable-passkey', { password }, cookieHeader(confirmed)),
      400,
      'TWO_FACTOR_ALREADY_ENABLED',
    );
  });
});

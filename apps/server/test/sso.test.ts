import { schema } from '@naav/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsoConfig } from '../src/auth-sso';
import { cookieHeader, createTestServer, type TestServer, testOrigin } from './harness';
import { json } from './http';
import { type Idp, type IdpUser, startIdp } from './oidc-idp';

// A real OpenID provider (oidc-provider) on a loopback port. Whoever its login screen would ask
// for is `idpUser`: its interaction pages sign that person in and grant the app's scopes at once.
let idpUser: IdpUser;
let idp: Idp;
let server: TestServer;
const clientId = 'naav';
const clientSecret = 'naav-test-client-secret-0123456789';
const config = (): SsoConfig => ({
  issuer: idp.issuer,
  clientId,
  clientSecret,
  name: 'Wanderlust Travel',
  emailDomains: ['agency.example', 'naav.example'],
  role: 'agent',
});

beforeAll(async () => {
  idp = await startIdp({
    port: 0,
    clientId,
    clientSecret,
    redirectUri: `${testOrigin}/api/auth/callback/oidc`,
    autoSignIn: () => idpUser,
  });
  // Agents must have a second factor (AGENT_2FA=required): one who signs in only here has no password.
  server = await createTestServer({ sso: config(), agentTwoFactor: 'required' });
});

afterAll(() => idp.close());

/**
 * "Sign in with Wanderlust Travel" as a browser follows it: the app's start, the provider's
 * redirects (with its own cookies), then the app's callback. Answers the callback's redirect
 * target and the app's cookies after it.
 */
async function signInThroughProvider(): Promise<{ location: string; cookie: string }> {
  const start = await server.request('/api/auth/sign-in/social', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testOrigin },
    body: JSON.stringify({ provider: 'oidc', callbackURL: '/', errorCallbackURL: '/sign-in?sso=failed' }),
  });
  const { url } = await json<{ url: string }>(start);
  const appCookie = cookieHeader(start);
  const idpCookies = new Map<string, string>();
  let next = url;
  for (let hop = 0; hop < 12; hop++) {
    if (next.startsWith(testOrigin)) {
      const callback = await server.request(next.slice(testOrigin.length), {
        headers: { cookie: appCookie },
        redirect: 'manual',
      });
      expect(callback.status).toBe(302);
      return { location: callback.headers.get('location') ?? '', cookie: cookieHeader(callback) };
    }
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...idpCookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const eq = pair.indexOf('=');
      idpCookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
    next = new URL(location, next).toString();
  }
  throw new Error('too many redirects');
}

const me = async (cookie: string) =>
  json<{ email: string; role: string; name: string }>(await server.request('/api/me', { headers: { cookie } }));

describe('single sign-on through an OpenID Connect provider', () => {
  it('tells the sign-in page the provider’s name', async () => {
    const answer = await json<{ provider: { id: string; name: string } | null }>(
      await server.request('/api/auth/sso/provider'),
    );
    expect(answer.provider).toEqual({ id: 'oidc', name: 'Wanderlust Travel' });
  });

  it('signs a new person in with the configured role', async () => {
    idpUser = { sub: 'idp-1', email: 'Robin.Guide@agency.example', emailVerified: true, name: 'Robin Guide' };
    const { location, cookie } = await signInThroughProvider();
    expect(location).toBe('/');
    expect(await me(cookie)).toMatchObject({ email: 'robin.guide@agency.example', role: 'agent', name: 'Robin Guide' });

    // The next sign-in finds the same account.
    const again = await signInThroughProvider();
    expect(await me(again.cookie)).toMatchObject({ email: 'robin.guide@agency.example', role: 'agent' });
    const users = await server.db.select().from(schema.user).where(eq(schema.user.email, 'robin.guide@agency.example'));
    expect(users).toHaveLength(1);
    const [signIn] = await server.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, users[0]?.id ?? ''))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(signIn).toMatchObject({ action: 'sign-in', summary: 'signed in through Wanderlust Travel' });
  });

  it('lets an agent without a password work once they have a passkey, under AGENT_2FA=required', async () => {
    idpUser = { sub: 'idp-5', email: 'casey.desk@agency.example', emailVerified: true, name: 'Casey Desk' };
    const { cookie } = await signInThroughProvider();
    expect(await me(cookie)).toMatchObject({ role: 'agent', hasPassword: false, twoFactorRequired: true });
    const refused = await server.request('/api/clients', { headers: { cookie } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/add a passkey/);

    // The account menu's Passkeys panel works while restricted (better-auth's routes, not the API's).
    const options = await server.request('/api/auth/passkey/generate-register-options', { headers: { cookie } });
    expect(options.status).toBe(200);
    // The browser's ceremony itself is e2e/passkeys.spec.ts's; here the passkey it leaves behind.
    const [casey] = await server.db
      .select()
      .from(schema.user)
      .where(eq(schema.user.email, 'casey.desk@agency.example'));
    await server.db.insert(schema.passkey).values({
      id: 'passkey-casey',
      publicKey: 'cHVibGljLWtleQ',
      userId: casey?.id ?? '',
      credentialID: 'cred-casey',
      counter: 0,
      deviceType: 'multiDevice',
      backedUp: true,
    });
    expect(await me(cookie)).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: false });
    expect((await server.request('/api/clients', { headers: { cookie } })).status).toBe(200);
  });

  it('links an existing account by a verified address, keeping its role', async () => {
    idpUser = { sub: 'idp-2', email: 'traveller@naav.example', emailVerified: true, name: 'Alex M.' };
    const { cookie } = await signInThroughProvider();
    expect(await me(cookie)).toMatchObject({ email: 'traveller@naav.example', role: 'client' });
  });

  it('does not link an account when the provider has not verified the address', async () => {
    idpUser = { sub: 'idp-3', email: 'traveller2@naav.example', emailVerified: false, name: 'Not Sam' };
    const { location, cookie } = await signInThroughProvider();
    expect(location).toMatch(/^\/sign-in\?sso=failed&error=/);
    expect(cookie).not.toContain('naav.session_token=');
    const accounts = await server.db.select().from(schema.account).where(eq(schema.account.accountId, 'idp-3'));
    expect(accounts).toEqual([]);
  });

  it('refuses an address outside the allowed domains, creating no account', async () => {
    idpUser = { sub: 'idp-4', email: 'someone@elsewhere.example', emailVerified: true, name: 'Someone' };
    const { location, cookie } = await signInThroughProvider();
    expect(location).toMatch(/^\/sign-in\?sso=failed&error=/);
    expect(cookie).not.toContain('naav.session_token=');
    const users = await server.db.select().from(schema.user).where(eq(schema.user.email, 'someone@elsewhere.example'));
    expect(users).toEqual([]);
  });
});

describe('without single sign-on', () => {
  it('offers no provider, and starting one fails', async () => {
    const plain = await createTestServer({ inProcess: true, seed: false });
    expect(await json(await plain.request('/api/auth/sso/provider'))).toEqual({ provider: null });
    const start = await plain.request('/api/auth/sign-in/social', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: testOrigin },
      body: JSON.stringify({ provider: 'oidc', callbackURL: '/' }),
    });
    expect(start.status).toBeGreaterThanOrEqual(400);
  });
});

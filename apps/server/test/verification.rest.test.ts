import { randomUUID } from 'node:crypto';
import { schema } from '@naav/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestServer, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';
import { linkIn, startSmtpSink, type SmtpSink } from './mail';

// Mail goes through a real SMTP server (smtp-server) started here; messages are parsed with
// mailparser and their links followed as a person would.
let smtp: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await createTestServer({ smtpUrl: smtp.url });
}, 60_000);
afterAll(() => smtp.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  server.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testOrigin, ...headers },
    body: JSON.stringify(body),
  });
const get = (path: string, cookie?: string) => server.request(path, cookie ? { headers: { cookie } } : undefined);
/** Follows a link from a message without following its redirect. */
const open = (link: string, cookie?: string) =>
  server.request(link, { redirect: 'manual', headers: cookie ? { cookie } : {} });
const fresh = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.org`;
const password = 'wander-far-and-wide-7';
const signUp = (email: string, pw = password, callbackURL?: string) =>
  post('/api/auth/sign-up/email', {
    name: 'Robin Traveller',
    email,
    password: pw,
    ...(callbackURL ? { callbackURL } : {}),
  });
const signIn = (email: string, pw = password) => post('/api/auth/sign-in/email', { email, password: pw });
/** Only the session token, so nothing rides on the five-minute cookie cache. */
const tokenOnly = (cookie: string) =>
  cookie
    .split('; ')
    .filter((c) => c.startsWith('naav.session_token='))
    .join('; ');

// Every sign-up and sign-in hashes with scrypt on purpose; a busy machine needs the room.
describe('sign-up and e-mail verification', { timeout: 30_000 }, () => {
  it('sends a multipart message over SMTP whose link verifies the address and signs the new user in', async () => {
    const email = fresh('robin');
    const res = await signUp(email, password, '/email-verified');
    expect(res.status).toBe(200);
    // Sign-up itself signs nobody in.
    expect(cookieHeader(res)).toBe('');

    const mail = await smtp.waitFor(email, /Confirm your e-mail address/);
    expect(mail.from).toMatch(/^"?Naav"? <no-reply@naav\.example>$/);
    expect(mail.contentType).toBe('multipart/alternative');
    const link = linkIn(mail, `${testOrigin}/api/auth/verify-email?token=`);
    expect(mail.text).toContain('Naav');
    expect(mail.html).toContain('Naav');
    expect(mail.html).toContain(link.replaceAll('&', '&amp;'));

    const verified = await open(link);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/email-verified');
    const cookie = cookieHeader(verified);
    expect(await json(await get('/api/me', cookie))).toMatchObject({ email, role: 'client', emailVerified: true });

    // The link has done its work: opening it again signs nobody in.
    expect(cookieHeader(await open(link))).not.toContain('naav.session_token=');
  });

  it('lets an unverified user sign in with the password (the app asks them to verify) and resend the link', async () => {
    const email = fresh('casey');
    await signUp(email);
    await smtp.waitFor(email, /Confirm/);
    const cookie = cookieHeader(await signIn(email));
    expect(await json(await get('/api/me', cookie))).toMatchObject({ email, emailVerified: false });

    const before = smtp.received.filter((m) => m.to.includes(email)).length;
    const resend = await post(
      '/api/auth/send-verification-email',
      { email, callbackURL: '/email-verified' },
      { cookie },
    );
    expect(resend.status).toBe(200);
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length).toBe(before + 1);
    const latest = smtp.received.filter((m) => m.to.includes(email)).at(-1)!;
    const again = cookieHeader(await open(linkIn(latest, `${testOrigin}/api/auth/verify-email`)));
    expect(await json(await get('/api/me', again))).toMatchObject({ emailVerified: true });
  });

  it('answers a sign-up with a taken address exactly as a new one (status, body, cookies) and mails the owner instead', async () => {
    const newcomer = await signUp(fresh('new'));
    const taken = await signUp('traveller2@naav.example');
    expect(taken.status).toBe(newcomer.status);
    expect(taken.headers.getSetCookie()).toEqual(newcomer.headers.getSetCookie());
    type Answer = { token: unknown; user: Record<string, unknown> };
    const [a, b] = [(await newcomer.json()) as Answer, (await taken.json()) as Answer];
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(Object.keys(b.user).sort()).toEqual(Object.keys(a.user).sort());
    const comparable = ({ id: _i, email: _e, createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => rest;
    expect(comparable(b.user)).toEqual(comparable(a.user));
    expect(b.token).toBe(a.token);

    const notice = await smtp.waitFor('traveller2@naav.example', /Someone tried to sign up/);
    expect(notice.text).toContain(`${testOrigin}/sign-in`);
    expect(notice.text).toContain(`${testOrigin}/forgot-password`);
    // No verification link goes to the address of an existing account, and its password is unchanged.
    expect(smtp.received.filter((m) => m.to.includes('traveller2@naav.example') && /Confirm/.test(m.subject))).toEqual(
      [],
    );
    expect((await signIn('traveller2@naav.example', 'naav-demo')).status).toBe(200);
    expect((await signIn('traveller2@naav.example', password)).status).toBe(401);
  });

  it('no longer lets a sign-up claim a family invitation: the attack from the issue fails until the address is verified', async () => {
    const victim = fresh('invited');
    const owner = await server.signIn('traveller@naav.example');
    // The traveller adds the address as Full Admin to the group that shares Kyoto.
    const added = await post(
      '/api/family/groups/group-morgan-family/members',
      { name: 'Invited', email: victim, permissions: ['view', 'edit', 'admin'] },
      { cookie: owner },
    );
    expect(added.status).toBe(200);

    // Anyone signs up with that address and signs in with the password they chose.
    expect((await signUp(victim, 'i-am-not-really-them')).status).toBe(200);
    const attacker = cookieHeader(await signIn(victim, 'i-am-not-really-them'));
    expect(await json(await get('/api/me', attacker))).toMatchObject({ email: victim, emailVerified: false });
    await restError(await get('/api/trips/trip-kyoto', attacker), 404, 'NOT_FOUND');
    await restError(await get('/api/trips/trip-kyoto/events', attacker), 404, 'NOT_FOUND');
    expect(await json(await get('/api/family/groups', attacker))).toEqual([]);
    expect(await json(await get('/api/family/shared-trips', attacker))).toEqual([]);
    await restError(
      await server.request('/api/trips/trip-kyoto', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: testOrigin, cookie: attacker },
        body: JSON.stringify({ notes: 'mine now' }),
      }),
      404,
      'NOT_FOUND',
    );
    await restError(
      await post(
        '/api/family/groups/group-morgan-family/members',
        { name: 'Accomplice', email: fresh('accomplice'), permissions: ['view', 'edit', 'admin'] },
        { cookie: attacker },
      ),
      404,
      'NOT_FOUND',
    );
    // The owner is not told that the address now has an account.
    const groups = await json<{ id: string; members: { email: string | null; registered: boolean }[] }[]>(
      await get('/api/family/groups', owner),
    );
    expect(
      groups.find((g) => g.id === 'group-morgan-family')?.members.find((m) => m.email === victim)?.registered,
    ).toBe(false);

    // Only whoever reads the address's mail can link it: the verification link.
    const link = linkIn(await smtp.waitFor(victim, /Confirm/), `${testOrigin}/api/auth/verify-email`);
    const holder = cookieHeader(await open(link));
    expect((await json<{ id: string }>(await get('/api/trips/trip-kyoto', holder))).id).toBe('trip-kyoto');
  });

  it('refuses new passwords under 12 or over 128 characters and common ones, naming the field, storing nothing and sending nothing', async () => {
    const cases: [string, string][] = [
      ['eleven-char', 'PASSWORD_TOO_SHORT'],
      ['x'.repeat(129), 'PASSWORD_TOO_LONG'],
      ['password1234', 'PASSWORD_TOO_COMMON'],
      ['Qwertyuiop12', 'PASSWORD_TOO_COMMON'],
      ['  ILOVEYOU1234 ', 'PASSWORD_TOO_COMMON'],
    ];
    for (const [pw, code] of cases) {
      const email = fresh('weak');
      const res = await signUp(email, pw);
      const body = (await res.json()) as { code: string; message: string };
      expect(res.status, pw).toBe(400);
      expect(body.code, pw).toBe(code);
      if (code === 'PASSWORD_TOO_COMMON') expect(body.message).toMatch(/^password: /);
      const attempt = await signIn(email, pw);
      expect(attempt.ok, pw).toBe(false);
      expect(cookieHeader(attempt)).toBe('');
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.filter((m) => m.to.some((t) => t.startsWith('weak-')))).toEqual([]);
    // Twelve characters that nobody else uses are fine, and the demo accounts keep their shorter password.
    expect((await signUp(fresh('strong'), 'tram-to-belem')).status).toBe(200);
    expect((await signIn('traveller@naav.example', 'naav-demo')).status).toBe(200);
  });
});

describe('password reset', { timeout: 30_000 }, () => {
  /** A verified user with two sessions: the one the link opened and one from signing in. */
  async function verifiedUser() {
    const email = fresh('forgetful');
    await signUp(email);
    const first = cookieHeader(
      await open(linkIn(await smtp.waitFor(email, /Confirm/), `${testOrigin}/api/auth/verify-email`)),
    );
    const second = cookieHeader(await signIn(email));
    return { email, sessions: [first, second] };
  }
  const requestReset = (email: string) =>
    post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });

  it('mails a single-use link to a page that sets the new password, which ends every session; the old password stops working', async () => {
    const { email, sessions } = await verifiedUser();
    const asked = await requestReset(email);
    expect(asked.status).toBe(200);
    const mail = await smtp.waitFor(email, /Reset your Naav password/);
    expect(mail.contentType).toBe('multipart/alternative');
    expect(mail.text).toContain('30 minutes');

    // The link leads to the web app's reset page with the token.
    const landing = await open(linkIn(mail, `${testOrigin}/api/auth/reset-password/`));
    expect(landing.status).toBe(302);
    const page = new URL(landing.headers.get('location') ?? '', testOrigin);
    expect(page.pathname).toBe('/reset-password');
    const token = page.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(10);
    // It is short-lived: the token expires 30 minutes after it was made.
    const [row] = await server.db
      .select()
      .from(schema.verification)
      .where(eq(schema.verification.identifier, `reset-password:${token}`));
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 30 * 60 * 1000)).toBeLessThan(1000);

    // A common or short new password is refused by name, and the link still works after that.
    const common = await post('/api/auth/reset-password', { token, newPassword: 'passwordpassword' });
    expect(common.status).toBe(400);
    expect(((await common.json()) as { message: string }).message).toMatch(/^newPassword: /);
    expect((await post('/api/auth/reset-password', { token, newPassword: 'short' })).status).toBe(400);

    const newPassword = 'a-brand-new-route-home';
    expect((await post('/api/auth/reset-password', { token, newPassword })).status).toBe(200);
    for (const session of sessions) await restError(await get('/api/me', tokenOnly(session)), 401, 'UNAUTHORIZED');
    expect((await signIn(email, password)).status).toBe(401);
    expect((await signIn(email, newPassword)).status).toBe(200);
    // Single use.
    expect((await post('/api/auth/reset-password', { token, newPassword: 'yet-another-route-home' })).status).toBe(400);
    expect((await signIn(email, 'yet-another-route-home')).status).toBe(401);
  });

  it('verifies the address of an account that had not verified it (the reset link reached it)', async () => {
    const email = fresh('unverified');
    await signUp(email);
    await requestReset(email);
    const landing = await open(
      linkIn(await smtp.waitFor(email, /Reset your/), `${testOrigin}/api/auth/reset-password/`),
    );
    const token = new URL(landing.headers.get('location') ?? '', testOrigin).searchParams.get('token');
    expect((await post('/api/auth/reset-password', { token, newPassword: 'a-verified-at-last' })).status).toBe(200);
    expect(await json(await get('/api/me', cookieHeader(await signIn(email, 'a-verified-at-last'))))).toMatchObject({
      emailVerified: true,
    });
  });

  it('answers the same when the mail server is down (the failure is only logged)', async () => {
    const closed = await startSmtpSink();
    await closed.close();
    const offline = await createTestServer({ smtpUrl: closed.url });
    const ask = (email: string) =>
      offline.request('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: testOrigin },
        body: JSON.stringify({ email, redirectTo: '/reset-password' }),
      });
    const [known, unknown] = [await ask('traveller@naav.example'), await ask(fresh('nobody'))];
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const unknown = fresh('nobody');
    const { email } = await verifiedUser();
    const [a, b] = [await requestReset(unknown), await requestReset(email)];
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
    await smtp.waitFor(email, /Reset your/);
    expect(smtp.received.filter((m) => m.to.includes(unknown))).toEqual([]);
  });
});

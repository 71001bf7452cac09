import { throttleBudgets } from '@naav/api/server';
import { demoPassword } from '@naav/db/seed';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestServer, listen, requestFrom, testOrigin, type TestServer } from './harness';
import { restError } from './http';

const A = '127.0.0.1';
const B = '127.0.0.2';

let open: { url: string; close: () => Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** A throttling server listening on loopback. */
async function serve(opts: { clientIpHeader?: string } = {}) {
  const server = await createTestServer({ throttle: true, ...opts });
  open = await listen(server.app!);
  return { server, url: open.url };
}

const postFrom = (from: string, url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  requestFrom(from, `${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testOrigin, ...headers },
    body: JSON.stringify(body),
  });

const signInFrom = (from: string, url: string, email: string, password: string, headers: Record<string, string> = {}) =>
  postFrom(from, url, '/api/auth/sign-in/email', { email, password }, headers);

/** The documented 429: Retry-After in seconds, and the usual {message, code} body. */
async function throttled(res: Response, message: RegExp) {
  const body = await restError(res, 429, 'TOO_MANY_REQUESTS');
  expect(body.message).toMatch(message);
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60 * 60);
  return wait;
}

// Every sign-in checks a password hash (scrypt, on purpose slow): these tests make dozens.
// Every sign-in checks a password hash (scrypt, slow on purpose): these tests make dozens.
describe('sign-in throttling', { timeout: 180_000 }, () => {
  it('counts wrong passwords by the socket address: a new X-Forwarded-For on every guess changes nothing', async () => {
    const { url } = await serve();
    const guess = (i: number) => signInFrom(A, url, `nobody${i}@example.org`, 'wrong-password', { 'x-forwarded-for': `198.51.100.${i}` });
    for (let i = 0; i < 19; i++) expect((await guess(i)).status).toBe(401);
    // Right passwords are not counted, and do not give the wrong ones back either.
    for (let i = 0; i < 2; i++) expect((await signInFrom(A, url, 'traveller2@naav.example', demoPassword)).status).toBe(200);
    expect((await guess(19)).status).toBe(401);
    // The window began with the first wrong guess (the exact figures are checked with a clock in throttle.test.ts).
    const wait = await throttled(await guess(20), /^Too many sign-in attempts: try again in \d+ minutes?$/);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // Now even the right password waits: the address has spent its budget.
    await throttled(await signInFrom(A, url, 'traveller@naav.example', demoPassword), /sign-in attempts/);
  });

  it("keeps one user's wrong guesses from address A from locking out another user on address B", async () => {
    const { url } = await serve();
    for (let i = 0; i < 5; i++) expect((await signInFrom(A, url, 'traveller@naav.example', 'wrong-password')).status).toBe(401);
    await throttled(await signInFrom(A, url, 'traveller@naav.example', 'wrong-password'), /sign-in attempts/);
    // The guessed account waits wherever the guess comes from…
    await throttled(await signInFrom(B, url, 'Traveller@naav.example', demoPassword), /sign-in attempts/);
    // …but another user on another address is not held up, and neither is address A for them.
    expect((await signInFrom(B, url, 'traveller2@naav.example', 'wrong-password')).status).toBe(401);
    expect((await signInFrom(B, url, 'traveller2@naav.example', demoPassword)).status).toBe(200);
    expect((await signInFrom(A, url, 'agent@naav.example', demoPassword)).status).toBe(200);
  });
});

describe('the other budgeted attempts', { timeout: 180_000 }, () => {
  it('throttles sign-up per e-mail and per address', async () => {
    const { url } = await serve();
    const signUp = (from: string, email: string) => postFrom(from, url, '/api/auth/sign-up/email', { name: 'Ana', email, password: 'a-long-password' });
    // The same address signed up for three times (by anyone, from anywhere)…
    for (let i = 0; i < 3; i++) expect((await signUp([A, B][i % 2]!, 'Ana@Example.org')).status).not.toBe(429);
    await throttled(await signUp(B, 'ana@example.org'), /^Too many sign-ups: try again in \d+ minutes?$/);
    // …and ten sign-ups from one address (two of them above).
    for (let i = 0; i < 8; i++) expect((await signUp(A, `person${i}@example.org`)).status).toBe(200);
    await throttled(await signUp(A, 'one-more@example.org'), /sign-ups/);
    expect((await signUp(B, 'one-more@example.org')).status).toBe(200);
  });

  it('counts by the header the deployment names in CLIENT_IP_HEADER, its rightmost entry (the one the proxy wrote)', async () => {
    const { url } = await serve({ clientIpHeader: 'x-forwarded-for' });
    // Everything arrives from the proxy's socket; entries the client made up stand to the left.
    const reset = (client: string, i: number) =>
      postFrom(A, url, '/api/auth/request-password-reset', { email: `person${i}@example.org` }, { 'x-forwarded-for': `10.0.0.${i}, ${client}` });
    for (let i = 0; i < 10; i++) expect((await reset('203.0.113.7', i)).status).not.toBe(429);
    await throttled(await reset('203.0.113.7', 10), /password reset requests/);
    expect((await reset('203.0.113.8', 10)).status).not.toBe(429);
    // An IPv6 client counts as its /64 network.
    for (let i = 0; i < 10; i++) expect((await reset(`2001:db8:1:2::${i + 1}`, 20 + i)).status).not.toBe(429);
    await throttled(await reset('2001:db8:1:2:ffff::1', 30), /password reset requests/);
  });

  it('records the client address on the session (for the Sessions panel), not a made-up X-Forwarded-For', async () => {
    const { url } = await serve();
    const res = await signInFrom(B, url, 'traveller2@naav.example', demoPassword, { 'x-forwarded-for': '198.51.100.1' });
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const sessions = (await (await requestFrom(A, `${url}/api/sessions`, { headers: { cookie } })).json()) as { ipAddress: string; current: boolean }[];
    expect(sessions.find((s) => s.current)?.ipAddress).toBe(B);
  });

  it.each([
    ['/api/auth/request-password-reset', /^Too many password reset requests/],
    ['/api/auth/forget-password', /^Too many password reset requests/],
    ['/api/auth/send-verification-email', /^Too many verification e-mails/],
  ])('throttles %s per e-mail', async (path, message) => {
    const { url } = await serve();
    for (let i = 0; i < 3; i++) expect((await postFrom([A, B][i % 2]!, url, path, { email: 'traveller@naav.example' })).status).not.toBe(429);
    await throttled(await postFrom(B, url, path, { email: 'TRAVELLER@naav.example' }), message);
    expect((await postFrom(B, url, path, { email: 'traveller2@naav.example' })).status).not.toBe(429);
  });

  it('throttles adding family members by e-mail with 429 and Retry-After, over REST and tRPC', async () => {
    const { server, url } = await serve();
    const cookie = await (server as TestServer).signIn('traveller2@naav.example');
    const send = (path: string, body: unknown) => postFrom(A, url, path, body, { cookie });
    const group = (await (await send('/api/family/groups', { name: 'Friends', type: 'friends' })).json()) as { id: string };
    for (let i = 0; i < throttleBudgets.memberLookup.account.limit; i++) {
      expect((await send(`/api/family/groups/${group.id}/members`, { name: `Friend ${i}`, email: `friend${i}@example.org` })).status).toBe(200);
    }
    await throttled(await send(`/api/family/groups/${group.id}/members`, { name: 'More', email: 'more@example.org' }), /^Too many members added by e-mail/);
    const trpc = await send('/trpc/family.addMember', { json: { id: group.id, name: 'More', email: 'more@example.org' } });
    expect(trpc.status).toBe(429);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThan(0);
    // Members without an e-mail reveal nothing and are not counted.
    expect((await send(`/api/family/groups/${group.id}/members`, { name: 'No e-mail' })).status).toBe(200);
  });
});

describe('every check of a password spends the sign-in budget', { timeout: 180_000 }, () => {
  it.each([
    ['/api/auth/change-password', (password: string) => ({ currentPassword: password, newPassword: 'a-brand-new-password' })],
    ['/api/auth/two-factor/enable', (password: string) => ({ password })],
    ['/api/auth/two-factor/disable', (password: string) => ({ password })],
  ])('%s: the 6th wrong password is 429 with Retry-After, and then the right one waits too', async (path, body) => {
    const { server, url } = await serve();
    const cookie = await (server as TestServer).signIn('traveller2@naav.example');
    for (let i = 0; i < 5; i++) expect((await postFrom(A, url, path, body(`wrong-password-${i}`), { cookie })).status).toBe(400);
    await throttled(await postFrom(A, url, path, body('wrong-password-6'), { cookie }), /^Too many sign-in attempts: try again in \d+ minutes?$/);
    await throttled(await postFrom(A, url, path, body(demoPassword), { cookie }), /sign-in attempts/);
    // One budget per account: signing in to it waits as well, from anywhere.
    await throttled(await signInFrom(B, url, 'traveller2@naav.example', demoPassword), /sign-in attempts/);
  });

  it('does not count a right password on change-password', async () => {
    const { server, url } = await serve();
    let cookie = await (server as TestServer).signIn('traveller2@naav.example');
    let password = demoPassword;
    for (let i = 0; i < 7; i++) {
      const next = `a-brand-new-password-${i}`;
      const res = await postFrom(A, url, '/api/auth/change-password', { currentPassword: password, newPassword: next }, { cookie });
      expect(res.status).toBe(200);
      cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      password = next;
    }
  });
});

describe('right passwords sent at once', { timeout: 180_000 }, () => {
  it('are all signed in, however many, and leave the budget for wrong ones as it was', async () => {
    const { url } = await serve();
    const answers = await Promise.all(Array.from({ length: 12 }, () => signInFrom(A, url, 'traveller2@naav.example', demoPassword)));
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
    for (let i = 0; i < 5; i++) expect((await signInFrom(A, url, 'traveller2@naav.example', 'wrong-password')).status).toBe(401);
    await throttled(await signInFrom(A, url, 'traveller2@naav.example', 'wrong-password'), /sign-in attempts/);
  });

  it('give their attempts back: 8 right ones at once from two addresses are all signed in, yet 6 wrong ones still lock the account for its window', async () => {
    const { url } = await serve();
    // More than the account's 5 attempts, all checked at the same time.
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => signInFrom([A, B][i % 2]!, url, 'traveller@naav.example', demoPassword)));
    expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200));
    // Each answer is a session of its own.
    expect(new Set(answers.map((res) => res.headers.getSetCookie().find((c) => c.includes('session_token'))))).toHaveLength(8);
    // Nothing of them is left counted: 5 wrong passwords are answered as such, the 6th is refused…
    for (let i = 0; i < 5; i++) expect((await signInFrom(B, url, 'traveller@naav.example', `wrong-password-${i}`)).status).toBe(401);
    await throttled(await signInFrom(A, url, 'traveller@naav.example', 'wrong-password-5'), /^Too many sign-in attempts: try again in \d+ minutes?$/);
    // …and the right password, sent afterwards within the window, waits as well, from either address.
    await throttled(await signInFrom(A, url, 'traveller@naav.example', demoPassword), /sign-in attempts/);
    await throttled(await signInFrom(B, url, 'Traveller@naav.example', demoPassword), /sign-in attempts/);
  });
});

import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileSystemPhotoStore } from '@naav/api';
import type { Database } from '@naav/db';
import { demoPassword, seedDemo } from '@naav/db/seed';
import { createTestDatabase } from '@naav/db/testing';
import { hashPassword } from 'better-auth/crypto';
import type { AgentTwoFactorPolicy } from '@naav/api';
import { createApp } from '../src/app';
import { createAuth } from '../src/auth';
import { createMailer } from '../src/mail/mailer';
import { linkIn, readMailFolder, type ReceivedMail } from './mail';

/** The origin tests pretend to be served from; better-auth trusts exactly this one. */
export const testOrigin = 'http://localhost:3000';
const testSecret = 'naav-test-secret-at-least-32-characters-long';

// Sign-in verifies the stored hash, so the demo accounts need the real (slow, scrypt) one.
// It is computed once per test file and shared by every server the file creates.
let demoHash: Promise<string> | undefined;
const hashOnce = (password: string) =>
  password === demoPassword ? (demoHash ??= hashPassword(password)) : hashPassword(password);

export interface TestServerOptions {
  /** Clock for the API's "today" (and the demo seed's dates); defaults to the real time. */
  now?: () => Date;
  /** Load the demo users, trips and travels (default true). */
  seed?: boolean;
  exposeErrorDetails?: boolean;
  /** A built web app to serve beside the API (WEB_DIST). */
  webDist?: string;
  /** Send mail to this SMTP server; without it, messages are `.eml` files in `outboxDir` (the embedded default). */
  smtpUrl?: string;
  /** AGENT_2FA (default `prompt`). */
  agentTwoFactor?: AgentTwoFactorPolicy;
}

export interface TestServer {
  app: ReturnType<typeof createApp>;
  db: Database;
  /** The server's own temporary photo folder (PHOTOS_DIR). */
  photosDir: string;
  /** Where messages are written without `smtpUrl` (created on the first message). */
  outboxDir: string;
  /** The newest message in the outbox to `to` whose subject matches (waits up to 5 s for it). */
  outboxMail: (to: string, subject?: RegExp) => Promise<ReceivedMail>;
  /** A request through the Hono app (no port): `path` is relative to the test origin. */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  /** Signs in with e-mail and password; returns the Cookie header for later requests. */
  signIn: (email: string, password?: string) => Promise<string>;
  /**
   * Signs a new user up through better-auth and follows the verification link from the
   * message it sends (which signs them in); returns the Cookie header of that session.
   */
  signUp: (user: { name: string; email: string; password: string }) => Promise<string>;
}

/** The whole HTTP app over a migrated in-memory database, with the real auth. */
export async function createTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const db = await createTestDatabase();
  if (opts.seed !== false) await seedDemo(db, { hashPassword: hashOnce, now: opts.now?.() ?? new Date() });
  // Both folders are created on first use, so servers that never need one leave nothing behind.
  const photosDir = join(tmpdir(), `naav-photos-${randomUUID()}`);
  const outboxDir = join(tmpdir(), `naav-mail-${randomUUID()}`);
  const mailer = createMailer({ smtpUrl: opts.smtpUrl, from: 'Naav <no-reply@naav.example>', outboxDir });
  const auth = createAuth({ db, secret: testSecret, baseURL: testOrigin, trustedOrigins: [testOrigin], mailer });
  const app = createApp({
    db,
    auth,
    now: opts.now,
    exposeErrorDetails: opts.exposeErrorDetails,
    webDist: opts.webDist,
    photoStore: createFileSystemPhotoStore(photosDir),
    agentTwoFactor: opts.agentTwoFactor,
  });

  const request = async (path: string, init?: RequestInit) => app.request(new URL(path, testOrigin).toString(), init);

  const authPost = async (path: string, body: unknown): Promise<string> => {
    const res = await request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: testOrigin },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} failed with ${res.status}: ${await res.text()}`);
    const cookie = cookieHeader(res);
    if (!cookie) throw new Error(`${path} set no session cookie`);
    return cookie;
  };

  const outboxMail = async (to: string, subject?: RegExp) => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const mail = (await readMailFolder(outboxDir)).filter((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject))).at(-1);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${outboxDir}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const signUp = async (user: { name: string; email: string; password: string }) => {
    const res = await request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: testOrigin },
      body: JSON.stringify(user),
    });
    if (!res.ok) throw new Error(`sign-up failed with ${res.status}: ${await res.text()}`);
    if (opts.smtpUrl) throw new Error('signUp() reads the outbox: with smtpUrl, follow the link from the SMTP server instead');
    const verified = await request(linkIn(await outboxMail(user.email, /Confirm your e-mail/)), { redirect: 'manual' });
    const cookie = cookieHeader(verified);
    if (!cookie.includes('naav.session_token=')) throw new Error(`the verification link set no session (${verified.status})`);
    return cookie;
  };

  return {
    app,
    db,
    photosDir,
    outboxDir,
    outboxMail,
    request,
    signIn: (email, password = demoPassword) => authPost('/api/auth/sign-in/email', { email, password }),
    signUp,
  };
}

/** Turns a response's Set-Cookie headers into one Cookie request header (name=value; …). */
export function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]?.trim() ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

/**
 * The GET and JSON-body requests of a REST contract file, signed in with `defaultCookie()`
 * unless a cookie is given (null: signed out). Getters, because the server and the cookies
 * only exist once the file's beforeAll has run.
 */
export function restCalls(server: () => TestServer, defaultCookie: () => string | null) {
  const get = (path: string, cookie: string | null = defaultCookie()) => server().request(path, { headers: cookie ? { cookie } : {} });
  const send = (method: string, path: string, body?: unknown, cookie: string | null = defaultCookie(), headers: Record<string, string> = {}) =>
    server().request(path, {
      method,
      headers: { origin: testOrigin, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { get, send };
}

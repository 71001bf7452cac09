import { gunzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { AgentTwoFactorPolicy } from '@naav/api';
import { createDatabasePhotoStore, createThrottle } from '@naav/api/server';
import { createDatabase, type Database } from '@naav/db';
import { demoPassword, seedDemo } from '@naav/db/seed';
import { createTestDatabase } from '@naav/db/testing';
import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { backupServices } from '../src/backups';
import { createApp } from '../src/app';
import { createAuth } from '../src/auth';
import type { SsoConfig } from '../src/auth-sso';
import { createMailer } from '../src/mail/mailer';
import { testClockHeader } from '../src/test-clock';
import { testPasswordHasher } from '../src/test-password-hash';
import { linkIn, readMailFolder, type ReceivedMail } from './mail';
import type { RecordedResponse } from './openapi-conformance';

/** Every answer a test server gave in this test file, in order. */
export const recordedResponses: RecordedResponse[] = [];

/** The origin tests pretend to be served from; better-auth trusts exactly this one. */
export const testOrigin = 'http://localhost:3000';
export const testSecret = 'naav-test-secret-at-least-32-characters-long';

// Sign-in verifies the stored hash, so the demo accounts need a real one: the test servers (in this
// process, and the pair's processes with TEST_FAST_PASSWORD_HASH) hash with a cheap scrypt.
// The demo's is computed once per test file and shared by every server the file creates.
let demoHash: Promise<string> | undefined;
const hashOnce = (password: string) => {
  if (password !== demoPassword) return testPasswordHasher.hash(password);
  demoHash ??= testPasswordHasher.hash(password);
  return demoHash;
};

export interface TestServerOptions {
  /** Clock for the API's "today" (and the demo seed's dates); defaults to the real time. */
  now?: () => Date;
  /** Load the demo users, trips and travels (default true). */
  seed?: boolean;
  exposeErrorDetails?: boolean;
  /** A built web app to serve beside the API (WEB_DIST). */
  webDist?: string;
  /** Origins trusted besides the test origin (TRUSTED_ORIGINS). */
  trustedOrigins?: string[];
  /** Receives the request log's lines (LOG_REQUESTS). */
  log?: (line: string) => void;
  /** The address users reach the app at (PUBLIC_URL). */
  publicUrl?: string;
  /**
   * Always the app in this process, even when NAAV_TEST_SERVERS names real servers: for a
   * second server of one file (it would wipe the shared database under the first) or a test
   * that breaks its server's database.
   */
  inProcess?: boolean;
  /** Throttle sign-in and the other budgeted attempts, as a server does by default (default false). */
  throttle?: boolean;
  /** CLIENT_IP_HEADER. */
  clientIpHeader?: string;
  /** Clock for session expiry; defaults to the real time. */
  sessionClock?: () => number;
  /** Send mail to this SMTP server; without it, messages are `.eml` files in `outboxDir` (the embedded default). */
  smtpUrl?: string;
  /** AGENT_2FA (default `prompt`). */
  agentTwoFactor?: AgentTwoFactorPolicy;
  /** API_TOKEN_RATE_LIMIT (counted only with `throttle`). */
  tokenRequestsPerMinute?: number;
  /** Where admins' backups go (GET/POST /api/admin/backups); none: this server makes none. */
  backupDir?: string;
  /** Single sign-on through an OpenID Connect provider (OIDC_*). */
  sso?: SsoConfig;
}

export interface TestServer {
  /** The database the server uses (in pair mode: the shared file the real servers use). */
  db: Database;
  /** Where messages are written without `smtpUrl` (created on the first message; in pair mode the servers' own). */
  outboxDir: string;
  /** The newest message in the outbox to `to` whose subject matches (waits up to 5 s for it); in process only. */
  outboxMail: (to: string, subject?: RegExp) => Promise<ReceivedMail>;
  /** A request to the server: `path` is relative to the test origin. */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  /** Signs in with e-mail and password; returns the Cookie header for later requests. */
  signIn: (email: string, password?: string) => Promise<string>;
  /**
   * Signs a new user up through better-auth and follows the verification link from the
   * message it sends (which signs them in); returns the Cookie header of that session.
   */
  signUp: (user: { name: string; email: string; password: string }) => Promise<string>;
  /** The app itself, when it runs in this process (not in pair mode). */
  app?: ReturnType<typeof createApp>;
}

/**
 * The whole HTTP app over a migrated in-memory database, with the real auth and the
 * database photo store (as in production).
 *
 * Pair mode: when NAAV_TEST_SERVERS names two base URLs (comma separated) of real app
 * processes sharing the database NAAV_TEST_DATABASE_URL (started with NODE_ENV=test,
 * TEST_CLOCK_HEADER=true and this test origin trusted), the server is that pair instead:
 * the database is emptied and seeded for the file, and requests alternate between the two
 * processes, each carrying the test's clock. See two-servers.test.ts, which runs the REST
 * contract files that way.
 */
export async function createTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  // Test configuration, read here rather than in the app's env.ts: it is not the app's.
  const pair = process.env['NAAV_TEST_SERVERS']?.split(',').filter(Boolean);
  const pairDatabase = process.env['NAAV_TEST_DATABASE_URL'];
  // Options only an app in this process can take keep the test in process.
  const inProcessOnly =
    opts.inProcess ||
    opts.exposeErrorDetails ||
    opts.webDist ||
    opts.trustedOrigins ||
    opts.log ||
    opts.publicUrl ||
    opts.throttle ||
    opts.clientIpHeader ||
    opts.sessionClock ||
    opts.smtpUrl ||
    opts.agentTwoFactor ||
    opts.tokenRequestsPerMinute ||
    opts.backupDir ||
    opts.sso;
  if (pair && pair.length > 0 && pairDatabase && !inProcessOnly) {
    return pairServer(pair, pairDatabase, opts);
  }
  const db = await createTestDatabase();
  if (opts.seed !== false) await seedDemo(db, { hashPassword: hashOnce, now: opts.now?.() ?? new Date() });
  const trustedOrigins = [testOrigin, ...(opts.trustedOrigins ?? [])];
  // Created on the first message, so servers that never send one leave nothing behind.
  const outboxDir = join(tmpdir(), `naav-mail-${randomUUID()}`);
  const mailer = createMailer({ smtpUrl: opts.smtpUrl, from: 'Naav <no-reply@naav.example>', outboxDir });
  const auth = createAuth({
    db,
    secret: testSecret,
    baseURL: testOrigin,
    trustedOrigins,
    mailer,
    passwordHasher: testPasswordHasher,
    sso: opts.sso,
  });
  const app = createApp({
    db,
    auth,
    mailer,
    now: opts.now,
    exposeErrorDetails: opts.exposeErrorDetails,
    webDist: opts.webDist,
    log: opts.log,
    publicUrl: opts.publicUrl,
    photoStore: createDatabasePhotoStore(db),
    trustedOrigins,
    throttle: opts.throttle ? createThrottle(db) : undefined,
    clientIpHeader: opts.clientIpHeader,
    sessionClock: opts.sessionClock,
    agentTwoFactor: opts.agentTwoFactor,
    tokenRequestsPerMinute: opts.tokenRequestsPerMinute,
    backups: opts.backupDir ? backupServices(db, { dir: opts.backupDir, keep: 3 }) : undefined,
  });
  const request = recording(async (path: string, init?: RequestInit) =>
    app.request(new URL(path, testOrigin).toString(), init),
  );

  const outboxMail = mailIn([outboxDir]);
  const confirm = opts.smtpUrl
    ? () =>
        Promise.reject(
          new Error('signUp() reads the outbox: with smtpUrl, follow the link from the SMTP server instead'),
        )
    : confirmByMail(request, outboxMail);
  return { db, app, outboxDir, outboxMail, request, ...authCalls(request, confirm) };
}

/** The newest message in these folders to `to` whose subject matches, waiting up to 5 s for it. */
function mailIn(dirs: string[]): TestServer['outboxMail'] {
  return async (to, subject) => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const received = (await Promise.all(dirs.map(readMailFolder))).flat();
      const mail = received
        .filter((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)))
        .at(-1);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dirs.join(', ')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
}

/** A new user confirms the address by the link in the message sign-up sent, which signs them in. */
function confirmByMail(request: TestServer['request'], outboxMail: TestServer['outboxMail']) {
  return async (email: string) => {
    const verified = await request(linkIn(await outboxMail(email, /Confirm your e-mail/)), { redirect: 'manual' });
    const cookie = cookieHeader(verified);
    if (!cookie.includes('naav.session_token='))
      throw new Error(`the verification link set no session (${verified.status})`);
    return cookie;
  };
}

/** Keeps every answer for the check against /api/openapi.json at the end of each REST contract file (openapi-conformance.setup.ts). */
function recording(request: TestServer['request']): TestServer['request'] {
  return async (path, init) => {
    const res = await request(path, init);
    recordedResponses.push({
      method: init?.method ?? 'GET',
      url: path,
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      body: init?.method === 'HEAD' ? '' : await bodyText(res.clone()),
    });
    return res;
  };
}

/** An answer's body as text, gunzipped when it was sent gzipped. */
const bodyText = async (res: Response) =>
  res.headers.get('content-encoding') === 'gzip'
    ? gunzipSync(Buffer.from(await res.arrayBuffer())).toString()
    : res.text();

/**
 * Sign-in and sign-up through better-auth. `confirm` proves a new user's address after sign-up
 * and answers their session's Cookie header.
 */
function authCalls(
  request: TestServer['request'],
  confirm: (email: string) => Promise<string>,
): Pick<TestServer, 'signIn' | 'signUp'> {
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
  const signIn = (email: string, password = demoPassword) => authPost('/api/auth/sign-in/email', { email, password });
  const signUp = async (user: { name: string; email: string; password: string }) => {
    const res = await request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: testOrigin },
      body: JSON.stringify(user),
    });
    if (!res.ok) throw new Error(`sign-up failed with ${res.status}: ${await res.text()}`);
    return confirm(user.email);
  };
  return { signIn, signUp };
}

/** Real app processes on one database: requests alternate between them. */
async function pairServer(baseUrls: string[], databaseUrl: string, opts: TestServerOptions): Promise<TestServer> {
  const db = createDatabase({ url: databaseUrl });
  await db.run(sql`PRAGMA busy_timeout = 5000`);
  await emptyDatabase(db);
  if (opts.seed !== false) await seedDemo(db, { hashPassword: hashOnce, now: opts.now?.() ?? new Date() });
  let turn = 0;
  const request = recording((path: string, init?: RequestInit) => {
    const base = baseUrls[turn++ % baseUrls.length]!;
    const headers = new Headers(init?.headers);
    if (opts.now) headers.set(testClockHeader, opts.now().toISOString());
    return overHttp(new URL(path, base), { ...init, headers });
  });
  // The servers write their mail to their own data folders (NAAV_TEST_MAIL_DIRS).
  const mailDirs = process.env['NAAV_TEST_MAIL_DIRS']?.split(',').filter(Boolean) ?? [];
  const outboxMail = mailIn(mailDirs);
  return {
    db,
    outboxDir: mailDirs[0] ?? '',
    outboxMail,
    request,
    ...authCalls(request, confirmByMail(request, outboxMail)),
  };
}

/** Every row of every table goes (the schema stays), so a file starts from the same state as in-process. */
async function emptyDatabase(db: Database): Promise<void> {
  const all = await db.all<{ name: string; sql: string | null }>(
    sql`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'`,
  );
  // Full-text indexes (virtual tables and their shadow tables) follow their content table's
  // rows through its triggers; emptying them directly would corrupt them.
  const virtual = all.filter((t) => t.sql?.startsWith('CREATE VIRTUAL TABLE')).map((t) => t.name);
  const tables = all.filter((t) => !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)));
  const deletes = tables.map(({ name }) => db.run(sql`DELETE FROM ${sql.identifier(name)}`));
  if (deletes.length === 0) return;
  await db.run(sql`PRAGMA foreign_keys = OFF`);
  try {
    await db.batch(deletes as unknown as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } finally {
    await db.run(sql`PRAGMA foreign_keys = ON`);
  }
}

/**
 * A request over the network with the body and headers exactly as the test wrote them
 * (fetch would refuse a Content-Length that does not match the body, which one test
 * sends on purpose), answered as a fetch Response.
 */
async function overHttp(url: URL, init: RequestInit): Promise<Response> {
  // Lets fetch's own rules turn FormData, strings and buffers into bytes and a content type.
  const prepared = new Request(url, { method: init.method, headers: init.headers, body: init.body });
  const body = prepared.body ? Buffer.from(await prepared.arrayBuffer()) : undefined;
  const headers: Record<string, string> = Object.fromEntries(prepared.headers);
  if (body && headers['content-length'] === undefined) headers['content-length'] = String(body.byteLength);
  return new Promise<Response>((resolve, reject) => {
    // A connection per request: after a refused body that announced more than it sent, the connection is done.
    const req = httpRequest(url, { method: prepared.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          responseHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const status = res.statusCode ?? 500;
        const noBody = status === 204 || status === 304 || prepared.method === 'HEAD';
        resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
      });
    });
    // The server may answer (413) before it has read a body that announced more than it sends.
    req.on('error', reject);
    req.end(body);
  });
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
  const get = (path: string, cookie: string | null = defaultCookie()) =>
    server().request(path, { headers: cookie ? { cookie } : {} });
  const send = (
    method: string,
    path: string,
    body?: unknown,
    cookie: string | null = defaultCookie(),
    headers: Record<string, string> = {},
  ) =>
    server().request(path, {
      method,
      headers: {
        origin: testOrigin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { get, send };
}

/** The app served on a free loopback port, as main.ts serves it: the socket is the client address. */
export async function listen(
  app: NonNullable<TestServer['app']>,
): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
  });
}

/**
 * A request sent from a chosen local address (127.0.0.1, 127.0.0.2, … all reach loopback), so the
 * server sees another client's socket.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: init.method ?? 'GET', headers: init.headers, localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
          }
          resolve(
            new Response(chunks.length ? Buffer.concat(chunks) : null, { status: res.statusCode ?? 500, headers }),
          );
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

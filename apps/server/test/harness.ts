import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createFileSystemPhotoStore, createThrottle } from '@naav/api';
import type { Database } from '@naav/db';
import { demoPassword, seedDemo } from '@naav/db/seed';
import { createTestDatabase } from '@naav/db/testing';
import { hashPassword } from 'better-auth/crypto';
import { createApp } from '../src/app';
import { createAuth } from '../src/auth';

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
  /** Throttle sign-in and the other budgeted attempts, as a server does by default (default false). */
  throttle?: boolean;
  /** CLIENT_IP_HEADER. */
  clientIpHeader?: string;
  /** Clock for session expiry; defaults to the real time. */
  sessionClock?: () => number;
}

export interface TestServer {
  app: ReturnType<typeof createApp>;
  db: Database;
  /** The server's own temporary photo folder (PHOTOS_DIR). */
  photosDir: string;
  /** A request through the Hono app (no port): `path` is relative to the test origin. */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  /** Signs in with e-mail and password; returns the Cookie header for later requests. */
  signIn: (email: string, password?: string) => Promise<string>;
  /** Signs a new user up through better-auth; returns the Cookie header of their session. */
  signUp: (user: { name: string; email: string; password: string }) => Promise<string>;
}

/** The whole HTTP app over a migrated in-memory database, with the real auth. */
export async function createTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const db = await createTestDatabase();
  if (opts.seed !== false) await seedDemo(db, { hashPassword: hashOnce, now: opts.now?.() ?? new Date() });
  const auth = createAuth({ db, secret: testSecret, baseURL: testOrigin, trustedOrigins: [testOrigin] });
  // Created by the store on the first upload, so servers that never get one leave nothing behind.
  const photosDir = join(tmpdir(), `naav-photos-${randomUUID()}`);
  const app = createApp({
    db,
    auth,
    now: opts.now,
    exposeErrorDetails: opts.exposeErrorDetails,
    webDist: opts.webDist,
    photoStore: createFileSystemPhotoStore(photosDir),
    throttle: opts.throttle ? createThrottle(db) : undefined,
    clientIpHeader: opts.clientIpHeader,
    sessionClock: opts.sessionClock,
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

  return {
    app,
    db,
    photosDir,
    request,
    signIn: (email, password = demoPassword) => authPost('/api/auth/sign-in/email', { email, password }),
    signUp: (user) => authPost('/api/auth/sign-up/email', user),
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

/** The app served on a free loopback port, as main.ts serves it: the socket is the client address. */
export async function listen(app: TestServer['app']): Promise<{ url: string; close: () => Promise<void> }> {
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
export function requestFrom(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
        }
        resolve(new Response(chunks.length ? Buffer.concat(chunks) : null, { status: res.statusCode ?? 500, headers }));
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

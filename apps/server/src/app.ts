import { trpcServer } from '@hono/trpc-server';
import { appRouter, createContext, type AgentTwoFactorPolicy } from '@naav/api';
import {
  feedFollowerFor,
  type FeedFollower,
  noThrottle,
  isStorageFull,
  retryAfterHeaders,
  storageFullMessage,
  type PhotoStore,
  type Throttle,
} from '@naav/api/server';
import type { TRPCError } from '@trpc/server';
import { createPreparedReader, type Database, type PreparedReader } from '@naav/db';
import { Hono, type Context as HonoContext } from 'hono';
import { createSessionResolver, type Auth } from './auth';
import { authInputGuard } from './auth-input-guard';
import { clearingSiteData, createAuthRoutes } from './auth-routes';
import { clientAddressOf } from './client-address';
import { compressedJson } from './compression';
import { refuseCrossSiteWrites } from './cross-site';
import { requestLog } from './request-log';
import { createRestHandler } from './rest';
import { bookingUploadRoutes } from './routes/bookings';
import type { RouteDeps } from './routes/deps';
import { docsRoutes } from './routes/docs';
import { inboundMailRoutes } from './routes/inbound';
import { fileRoutes } from './routes/files';
import { liveStreamRoutes } from './routes/live';
import { streamedListRoutes } from './routes/lists';
import { photoRoutes } from './routes/photos';
import { webAppRoutes } from './routes/static';
import { unsubscribeRoutes } from './routes/unsubscribe';
import { noStoreByDefault, securityHeaders } from './security-headers';
import { trpcLimits } from './trpc-limits';

export interface AppOptions {
  db: Database;
  auth: Auth;
  /** The built web app (index.html + assets); omitted in API-only tests. */
  webDist?: string;
  /** Development only: error answers may carry stack traces. */
  exposeErrorDetails?: boolean;
  log?: (line: string) => void;
  now?: () => Date;
  /** A clock per request (tests against real processes: see test-clock.ts); undefined falls back to `now`. */
  clock?: (req: Request) => (() => Date) | undefined;
  /** Where uploaded trip photos are kept (PHOTOS_DIR). */
  photoStore: PhotoStore;
  /** Origins whose pages may change data (PUBLIC_URL, the local origins, TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[];
  /** The address users reach the app at (PUBLIC_URL); https turns HSTS on. */
  publicUrl?: string;
  /** Attempt budgets (AUTH_RATE_LIMIT); none throttles nothing. */
  throttle?: Throttle;
  /** CLIENT_IP_HEADER: the header the deployment's proxy sets to the client's address. */
  clientIpHeader?: string;
  /** Per-request reads compiled once (the session check); by default through the database client. */
  reader?: PreparedReader;
  /** Clock for session expiry; tests move it. */
  sessionClock?: () => number;
  /** AGENT_2FA: whether agents without two-factor sign-in are only asked (default) or refused. */
  agentTwoFactor?: AgentTwoFactorPolicy;
  /** This process's follower of the change feed (live.changes, GET /api/stream); by default one per database. */
  live?: FeedFollower;
  /** MAIL_DOMAIN: the domain of the forwarding addresses. */
  mailDomain?: string;
  /** INBOUND_MAIL_SECRET, and what to do once a mail is stored (read it soon): POST /api/inbound/mail. */
  inbound?: { secret: string | undefined; accepted: () => void };
}

export function createApp({
  db,
  auth,
  webDist,
  exposeErrorDetails = false,
  log,
  now: fixedNow,
  photoStore,
  clock,
  trustedOrigins,
  publicUrl,
  throttle = noThrottle,
  clientIpHeader,
  reader = createPreparedReader(db, ':memory:'),
  sessionClock,
  agentTwoFactor,
  live = feedFollowerFor(db),
  mailDomain,
  inbound,
}: AppOptions) {
  const nowFor = (req: Request) => clock?.(req) ?? fixedNow;
  const sessions = createSessionResolver(auth, db, { reader, clock: sessionClock });
  // The Node server's bindings (the socket) of REST requests, which reach the context through the REST adapter.
  const bindings = new WeakMap<Request, unknown>();
  const contextFor = (req: Request, env: unknown = bindings.get(req)) =>
    createContext({
      db,
      now: nowFor(req),
      exposeErrorDetails,
      photoStore,
      agentTwoFactor,
      live,
      mailDomain,
      requestHeaders: req.headers,
      resolveActor: () => sessions.actorFor(req.headers),
      throttle,
      clientAddress: () => clientAddressOf(req, env, clientIpHeader),
    });
  // Faults of ours are logged with their cause; the caller's mistakes are not.
  const logFault = (adapter: string, error: TRPCError, path: string | undefined) => {
    if (error.code === 'INTERNAL_SERVER_ERROR' || error.code === 'SERVICE_UNAVAILABLE')
      console.error(`${adapter} ${path ?? ''}:`, error.cause ?? error);
  };
  const restHandler = createRestHandler({
    router: appRouter,
    endpoint: '/api',
    createContext: contextFor,
    onError: (error, path) => logFault('rest', error, path),
    errorHeaders: retryAfterHeaders,
  });
  const rest = (c: HonoContext) => {
    bindings.set(c.req.raw, c.env);
    return restHandler(c.req.raw);
  };
  const deps: RouteDeps = {
    db,
    contextOf: (c) => contextFor(c.req.raw, c.env),
    actorOf: (c) => contextFor(c.req.raw, c.env).getActor(),
    rest,
    live,
  };

  const app = new Hono();
  app.use(securityHeaders({ https: publicUrl?.startsWith('https:') ?? false }));
  if (log) app.use(requestLog(log));
  // Before the cross-site guard: mail providers post to it (see routes/unsubscribe.ts).
  app.use('/api/notifications/unsubscribe', noStoreByDefault);
  app.route('/api', unsubscribeRoutes(deps));
  // Mail services post here, server to server, with the shared secret (see routes/inbound.ts).
  app.route('/api', inboundMailRoutes({ db, secret: inbound?.secret, accepted: inbound?.accepted ?? (() => {}) }));
  app.use(refuseCrossSiteWrites(trustedOrigins));
  app.onError((err, c) => {
    console.error(err);
    if (isStorageFull(err)) return c.json({ message: storageFullMessage, code: 'SERVICE_UNAVAILABLE' }, 503);
    return c.json({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' }, 500);
  });
  app.use('/api/*', noStoreByDefault);
  app.use('/trpc/*', noStoreByDefault);

  // Sign-up, sign-in and sessions (better-auth), throttled; answered before the compression below.
  const authRoutes = createAuthRoutes(auth, throttle, async (headers) => (await sessions.actorFor(headers))?.email);
  app.on(['GET', 'POST'], '/api/auth/*', authInputGuard, (c) =>
    authRoutes(c.req.raw, clientAddressOf(c.req.raw, c.env, clientIpHeader)),
  );

  app.use('/trpc/*', ...trpcLimits(), compressedJson);
  app.use('/api/*', compressedJson);

  // The web app's API.
  app.use(
    '/trpc/*',
    trpcServer({
      router: appRouter,
      endpoint: '/trpc',
      createContext: (_opts, c) => contextFor(c.req.raw, c.env),
      onError: ({ error, path }) => logFault('trpc', error, path),
      responseMeta: ({ errors }) => (errors.length > 0 ? { headers: retryAfterHeaders(errors) } : {}),
    }),
  );

  // Integrators' API: the routes that are not plain JSON calls first, then every procedure over REST.
  app.route('/api', docsRoutes());
  app.route('/api', fileRoutes(deps));
  app.route('/api', photoRoutes(deps));
  app.route('/api', streamedListRoutes(deps));
  app.route('/api', bookingUploadRoutes(deps));
  app.route('/api', liveStreamRoutes(deps));
  // Signing out everywhere signs this browser out too.
  app.delete('/api/sessions', async (c) => clearingSiteData(await rest(c)));
  // An empty path segment names nothing (DELETE /api/sessions/ is not "sign out everywhere").
  app.all('/api/*', async (c): Promise<Response> => {
    const path = new URL(c.req.url).pathname;
    if (path.endsWith('/') || path.includes('//'))
      return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    return rest(c);
  });

  app.route('/', webAppRoutes(webDist));
  app.notFound((c) => c.json({ message: 'Not found', code: 'NOT_FOUND' }, 404));
  return app;
}

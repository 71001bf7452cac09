import { trpcServer } from '@hono/trpc-server';
import { appRouter, createContext, type AgentTwoFactorPolicy, type BackupServices } from '@naav/api';
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
import { accountServices } from './accounts';
import { createSessionResolver, type Auth } from './auth';
import { bearerTokens, defaultTokenRequestsPerMinute } from './bearer';
import { authAuditor } from './auth-audit';
import { authInputGuard } from './auth-input-guard';
import { clearingSiteData, createAuthRoutes } from './auth-routes';
import { clientAddressOf } from './client-address';
import { compressedJson } from './compression';
import { bearerCors } from './cors';
import { refuseCrossSiteWrites } from './cross-site';
import { deprecatedPathRoutes } from './deprecated-paths';
import { requestLog } from './request-log';
import { identityConfirmer } from './confirm-identity';
import type { Mailer } from './mail/mailer';
import { exportReadyMessage } from './mail/messages';
import { createRestHandler } from './rest';
import { bookingUploadRoutes } from './routes/bookings';
import type { RouteDeps } from './routes/deps';
import { docsRoutes } from './routes/docs';
import { invitationRoutes } from './routes/invitations';
import { inboundMailRoutes } from './routes/inbound';
import { fileRoutes } from './routes/files';
import { liveStreamRoutes } from './routes/live';
import { streamedListRoutes } from './routes/lists';
import { photoRoutes } from './routes/photos';
import { inlineStyleHashes, webAppRoutes } from './routes/static';
import { unsubscribeRoutes } from './routes/unsubscribe';
import { noStoreByDefault, securityHeaders } from './security-headers';
import { trpcLimits } from './trpc-limits';
import { createTrpcQueryHandler } from './trpc-queries';

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
  /** Sends "your export is ready" (with the link made absolute by PUBLIC_URL) and invitations; without it, nobody is mailed and inviting fails. */
  mailer?: Mailer;
  /** API_TOKEN_RATE_LIMIT: requests per minute per personal API token (counted only with a throttle). */
  tokenRequestsPerMinute?: number;
  /** MAIL_DOMAIN: the domain of the forwarding addresses. */
  mailDomain?: string;
  /** INBOUND_MAIL_SECRET, and what to do once a mail is stored (read it soon): POST /api/inbound/mail. */
  inbound?: { secret: string | undefined; accepted: () => void };
  /** The database's backups (BACKUP_DIR), for the admin screen; none with a libSQL server. */
  backups?: BackupServices;
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
  mailer,
  tokenRequestsPerMinute = defaultTokenRequestsPerMinute,
  mailDomain,
  inbound,
  backups,
}: AppOptions) {
  const accounts = accountServices(auth, mailer, publicUrl ?? trustedOrigins[0] ?? 'http://localhost:3000');
  const nowFor = (req: Request) => clock?.(req) ?? fixedNow;
  const sessions = createSessionResolver(auth, db, { reader, clock: sessionClock });
  const confirmIdentityWith = identityConfirmer(auth, db);
  const exportReady = async (owner: { name: string; email: string }, url: string, expiresAt: Date) => {
    if (mailer)
      await mailer.send(
        await exportReadyMessage(owner, new URL(url, publicUrl ?? trustedOrigins[0]).toString(), expiresAt),
      );
  };
  const bearer = bearerTokens({
    db,
    reader,
    throttle,
    quota: { limit: tokenRequestsPerMinute, windowMs: 60_000 },
    now: (req) => nowFor(req)?.() ?? new Date(),
    address: (req, env) => clientAddressOf(req, env, clientIpHeader),
  });
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
      // A Bearer request is its token's owner (bearer.ts), never the session of a cookie sent beside it.
      resolveActor: async () => bearer.actorOf(req) ?? (bearer.isBearer(req) ? null : sessions.actorFor(req.headers)),
      confirmIdentity: confirmIdentityWith(req.headers),
      exportReady,
      throttle,
      clientAddress: () => clientAddressOf(req, env, clientIpHeader),
      accounts,
      backups,
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
  const restFor = (req: Request, env: unknown) => {
    bindings.set(req, env);
    return restHandler(req);
  };
  const rest = (c: HonoContext) => restFor(c.req.raw, c.env);
  const deps: RouteDeps = {
    db,
    contextOf: (c) => contextFor(c.req.raw, c.env),
    actorOf: (c) => contextFor(c.req.raw, c.env).getActor(),
    rest,
    live,
  };

  const app = new Hono();
  app.use(
    securityHeaders({ https: publicUrl?.startsWith('https:') ?? false, styleHashes: inlineStyleHashes(webDist) }),
  );
  if (log) app.use(requestLog(log));
  // Before the cross-site guard: mail providers post to it (see routes/unsubscribe.ts).
  app.use('/api/notifications/unsubscribe', noStoreByDefault);
  app.route('/api', unsubscribeRoutes(deps));
  // Pages of trusted origins may call /api and /mcp with an API token (never with the cookie).
  app.use('/api/*', bearerCors(trustedOrigins));
  app.use('/mcp', bearerCors(trustedOrigins));
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
  app.use('/mcp', noStoreByDefault);
  app.use('/api/*', bearer.middleware);
  app.use('/trpc/*', bearer.middleware);
  app.use('/mcp', bearer.middleware);

  // Sign-up, sign-in and sessions (better-auth), throttled; answered before the compression below.
  const authRoutes = createAuthRoutes(auth, throttle, async (headers) => (await sessions.actorFor(headers))?.email);
  const auditor = authAuditor(db);
  app.on(['GET', 'POST'], '/api/auth/*', authInputGuard, async (c) => {
    const address = clientAddressOf(c.req.raw, c.env, clientIpHeader);
    const path = new URL(c.req.url).pathname.slice('/api/auth'.length);
    if (c.req.method !== 'POST' || !auditor.isAudited(path)) return authRoutes(c.req.raw, address);
    // Sign-ins, sign-outs, password and two-factor changes go to the audit log (auth-audit.ts).
    const before = auditor.needsActor(path) ? await sessions.actorFor(c.req.raw.headers) : null;
    const body = await c.req.raw.clone().text();
    const res = await authRoutes(c.req.raw, address);
    await auditor
      .record(path, body, res, before, address)
      .catch((error: unknown) => console.error('Could not write to the audit log:', error));
    return res;
  });

  app.use('/trpc/*', trpcLimits(), compressedJson);
  app.use('/api/*', compressedJson);

  // The web app's API: its reads on a lean path (trpc-queries.ts), everything else through tRPC's own handler.
  const trpcQueries = createTrpcQueryHandler({
    router: appRouter,
    endpoint: '/trpc',
    createContext: contextFor,
    onError: (error, path) => logFault('trpc', error, path),
    errorHeaders: retryAfterHeaders,
  });
  const trpcHandler = trpcServer({
    router: appRouter,
    endpoint: '/trpc',
    createContext: (_opts, c) => contextFor(c.req.raw, c.env),
    onError: ({ error, path }) => logFault('trpc', error, path),
    responseMeta: ({ errors }) => (errors.length > 0 ? { headers: retryAfterHeaders(errors) } : {}),
  });
  app.use('/trpc/*', (c, next) => trpcQueries(c.req.raw, c.env) ?? trpcHandler(c, next));

  // Integrators' API: the routes that are not plain JSON calls first, then every procedure over REST.
  app.route('/api', docsRoutes());
  app.route('/api', fileRoutes(deps));
  app.route('/api', photoRoutes(deps));
  app.route('/api', streamedListRoutes(deps));
  app.route('/api', bookingUploadRoutes(deps));
  app.route('/api', liveStreamRoutes(deps));
  // Paths renamed under /api, still answered at their old place with a Deprecation header.
  app.route('/api', deprecatedPathRoutes(restFor));
  app.route('/api', invitationRoutes(deps, auth));
  // Signing out everywhere signs this browser out too.
  app.delete('/api/sessions', async (c) => clearingSiteData(await rest(c)));
  // An empty path segment names nothing (DELETE /api/sessions/ is not "sign out everywhere").
  app.all('/api/*', async (c): Promise<Response> => {
    const path = new URL(c.req.url).pathname;
    if (path.endsWith('/') || path.includes('//'))
      return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    return rest(c);
  });

  // Assistants: the same procedures as tools, over the Model Context Protocol.
  // The MCP SDK loads with the first call: most servers never get one, and it weighs megabytes at start.
  let mcp: Promise<(req: Request) => Promise<Response>> | undefined;
  app.on(['POST', 'GET', 'DELETE'], '/mcp', async (c) => {
    bindings.set(c.req.raw, c.env);
    mcp ??= import('./mcp').then((m) => m.createMcpHandler((req) => contextFor(req)));
    return (await mcp)(c.req.raw);
  });

  app.route('/', webAppRoutes(webDist, deps));
  app.notFound((c) => c.json({ message: 'Not found', code: 'NOT_FOUND' }, 404));
  return app;
}

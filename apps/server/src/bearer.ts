import type { Actor } from '@naav/api';
import { actorForToken, type Quota, type QuotaState, type Throttle } from '@naav/api/server';
import type { Database, PreparedReader } from '@naav/db';
import type { MiddlewareHandler } from 'hono';
import { edgeError } from './edge-error';

/** Requests per token per minute by default (API_TOKEN_RATE_LIMIT). */
export const defaultTokenRequestsPerMinute = 600;

/** The token of an `Authorization: Bearer …` header, or undefined when there is none. */
export function bearerTokenOf(header: string | undefined | null): string | undefined {
  const match = header?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  return match?.[1];
}

/** The IETF RateLimit and RateLimit-Policy fields (draft-ietf-httpapi-ratelimit-headers) for a token's quota. */
function rateLimitHeaders(state: QuotaState): Record<string, string> {
  return {
    'ratelimit-policy': `"token";q=${state.limit};w=${state.windowSeconds}`,
    ratelimit: `"token";r=${Math.max(0, state.remaining)};t=${state.resetSeconds}`,
  };
}

export interface BearerOptions {
  db: Database;
  /** The token lookup's compiled statement (see @naav/db's createPreparedReader). */
  reader: PreparedReader;
  throttle: Throttle;
  quota: Quota;
  now: (req: Request) => Date;
  address: (req: Request, env: unknown) => string;
}

/**
 * Personal API tokens on /api/* (but /api/auth/*) and /trpc/*: a request with `Authorization:
 * Bearer naav_…` is its token's owner, narrowed by its scopes, and nobody else: the session
 * cookie, if any, is not read. An unknown, revoked or expired token is 401 here. Each token
 * has a quota of requests per minute, shared by every server (429 when spent), and every
 * answer says what is left in the RateLimit headers. `actors` keeps the actor for the
 * request's context (app.ts).
 */
export function bearerTokens({ db, reader, throttle, quota, now, address }: BearerOptions) {
  const actors = new WeakMap<Request, Actor>();
  const middleware: MiddlewareHandler = async (c, next) => {
    const token = bearerTokenOf(c.req.header('authorization'));
    if (token === undefined || c.req.path.startsWith('/api/auth/')) return next();
    const actor = await actorForToken(db, reader, token, { now: now(c.req.raw), address: address(c.req.raw, c.env) });
    if (!actor?.token) {
      c.header('www-authenticate', 'Bearer error="invalid_token"');
      return edgeError(c, 401, 'UNAUTHORIZED', 'The API token is unknown, revoked or expired');
    }
    const state = await throttle.meter(`token:${actor.token.id}`, quota);
    const headers = state ? rateLimitHeaders(state) : {};
    if (state && state.remaining < 0) {
      for (const [name, value] of Object.entries(headers)) c.header(name, value);
      c.header('retry-after', String(state.resetSeconds));
      return edgeError(
        c,
        429,
        'TOO_MANY_REQUESTS',
        `Too many requests with this API token: try again in ${state.resetSeconds} seconds`,
      );
    }
    actors.set(c.req.raw, actor);
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
  return {
    middleware,
    actorOf: (req: Request) => actors.get(req),
    isBearer: (req: Request) => bearerTokenOf(req.headers.get('authorization')) !== undefined,
  };
}

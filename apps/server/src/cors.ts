import type { MiddlewareHandler } from 'hono';

/** What a script in a trusted origin's page may send and read. */
const allowedHeaders =
  'Authorization, Content-Type, Idempotency-Key, Last-Event-ID, Mcp-Protocol-Version, Mcp-Session-Id';
const exposedHeaders =
  'Retry-After, RateLimit, RateLimit-Policy, Deprecation, Link, Content-Disposition, ETag, Mcp-Session-Id';

const isBearer = (authorization: string | undefined) => /^Bearer\s+\S/i.test(authorization ?? '');

/**
 * Cross-origin calls from the pages of the trusted origins (PUBLIC_URL, TRUSTED_ORIGINS…), with an
 * API token only: a preflight is allowed when it announces an Authorization header, and an answer
 * carries Access-Control-Allow-Origin only when the request sent `Authorization: Bearer`. Never
 * Access-Control-Allow-Credentials, so no browser lets another origin's page use the session cookie.
 */
export function bearerCors(trustedOrigins: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin));
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!origin || !trusted.has(origin)) return next();
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      const asked = (c.req.header('access-control-request-headers') ?? '').toLowerCase().split(/\s*,\s*/);
      c.header('Vary', 'Origin, Access-Control-Request-Headers');
      if (!asked.includes('authorization')) return c.body(null, 204);
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      c.header('Access-Control-Allow-Headers', allowedHeaders);
      c.header('Access-Control-Max-Age', '600');
      return c.body(null, 204);
    }
    await next();
    c.res.headers.append('Vary', 'Origin');
    if (!isBearer(c.req.header('authorization'))) return;
    c.res.headers.set('Access-Control-Allow-Origin', origin);
    c.res.headers.set('Access-Control-Expose-Headers', exposedHeaders);
  };
}

import type { MiddlewareHandler } from 'hono';
import { bearerTokenOf } from './bearer';
import { edgeError } from './edge-error';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a page of another site (or another port of this
 * host, which browsers count as the same site and send the cookies to) made a browser send.
 * The `Origin` header decides; without it, the browser's `Sec-Fetch-Site`. Requests with
 * neither (curl, servers of integrators) are not from a browser page and pass. Origins are
 * compared whole (scheme, host and port), after normalising (`new URL(o).origin`).
 *
 * A request with `Authorization: Bearer` (outside /api/auth) passes whatever its origin: it is
 * its token's owner and no cookie is read (bearer.ts), so there is no ambient credential a page
 * could borrow, and a page cannot add that header to another site's request without CORS.
 */
export function refuseCrossSiteWrites(trustedOrigins: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin));
  return async (c, next) => {
    if (safeMethods.has(c.req.method)) return next();
    if (bearerTokenOf(c.req.header('authorization')) !== undefined && !c.req.path.startsWith('/api/auth/'))
      return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const allowed =
      origin !== undefined ? trusted.has(origin) : site === undefined || site === 'same-origin' || site === 'none';
    if (!allowed) {
      return edgeError(
        c,
        403,
        'FORBIDDEN',
        'Cross-site request refused: changes can only be made from the app itself or a trusted origin',
      );
    }
    return next();
  };
}

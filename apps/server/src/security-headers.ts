import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The Content-Security-Policy every answer carries. Scripts, styles and fonts come from the
 * app's own files only (Vite builds no inline script; React, Headless UI and visx set styles
 * through the DOM, which the policy allows); images are the app's own or `data:` URLs;
 * nothing may frame the app.
 */
const contentSecurityPolicy = (styleHashes: readonly string[]) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // The web app's files, and the app shell's own <style> in index.html by its hash (routes/static.ts).
  styleSrc: ["'self'", ...styleHashes],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
});

/**
 * Security headers on every answer (hono's secureHeaders): the CSP above, frames refused
 * (`frame-ancestors 'none'` and X-Frame-Options DENY for older browsers), no full URLs in
 * Referer to other sites, `nosniff`, and HSTS only when the app is served over https (on plain
 * http a browser ignores it, and a local http run must not be pinned to https).
 */
export function securityHeaders({
  https,
  styleHashes = [],
}: {
  https: boolean;
  styleHashes?: readonly string[];
}): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(styleHashes),
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
  });
}

/**
 * API answers carry personal data (passport numbers, allergies, where someone will be next
 * week): no cache, shared or the browser's own, keeps them unless the route chose otherwise
 * (photo files: `private, immutable`, since an id never gets other bytes).
 */
export const noStoreByDefault: MiddlewareHandler = async (c, next) => {
  await next();
  // Event streams too (tRPC's subscriptions say no-cache, which still lets a cache store them).
  if (!c.res.headers.has('cache-control') || c.res.headers.get('content-type')?.startsWith('text/event-stream'))
    c.res.headers.set('Cache-Control', 'no-store');
};

import { nulCharacterMessage, nulCharacterPath } from '@naav/api';
import type { MiddlewareHandler } from 'hono';
import { edgeError } from './edge-error';

/**
 * The auth endpoints (better-auth) get the NUL check every procedure input gets: a name or
 * e-mail with a NUL character is refused (400 naming the field) rather than stored cut short.
 * Their bodies are small JSON; the request is cloned, so better-auth still reads it whole.
 */
export const authInputGuard: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== 'POST' || !c.req.header('content-type')?.includes('application/json')) return next();
  let body: unknown;
  try {
    body = await c.req.raw.clone().json();
  } catch {
    return next(); // better-auth answers a body that is not JSON itself.
  }
  const nul = nulCharacterPath(body);
  if (nul) return edgeError(c, 400, 'BAD_REQUEST', nulCharacterMessage, nul.join('.') || undefined);
  return next();
};

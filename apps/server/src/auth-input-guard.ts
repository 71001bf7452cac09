import { nulCharacterMessage, nulCharacterPath } from '@naav/api/server';
import { isOwnImage } from '@naav/schemas/own-image';
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
  if (imagePaths.has(c.req.path) && body && typeof body === 'object' && 'image' in body) {
    const { image } = body as { image: unknown };
    if (image !== null && image !== undefined && !(typeof image === 'string' && isAllowedImage(image))) {
      return edgeError(c, 400, 'BAD_REQUEST', imageMessage, 'image');
    }
  }
  return next();
};

/** The better-auth paths that take a profile picture. */
const imagePaths = new Set(['/api/auth/sign-up/email', '/api/auth/update-user']);
const imageMessage = "must be an http(s) address or one of the app's own images";

/** An http(s) address, or one of the app's own pictures: never javascript:, data: or the like. */
function isAllowedImage(image: string): boolean {
  if (isOwnImage(image)) return true;
  if (image.length > 2048) return false;
  try {
    const url = new URL(image);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

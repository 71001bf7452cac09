import { timingSafeEqual } from 'node:crypto';
import {
  maxInboundMailBytes,
  storeInboundMail,
  tokensInHeaders,
  userOfInboundToken,
  ValidationError,
} from '@naav/api/server';
import type { Database } from '@naav/db';
import { Hono } from 'hono';
import { restErrorFrom } from '../rest';

const tooLarge = 'The mail is larger than 10 MB: forward the confirmation alone';

const sameSecret = (given: string, secret: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * POST /api/inbound/mail, for hosts whose own mail service receives the forwarding addresses:
 * the raw RFC 822 message as the body, `Authorization: Bearer <INBOUND_MAIL_SECRET>`, the
 * forwarding address in `?to=` or in the message's To, Cc, Delivered-To or X-Original-To.
 * Answers 202 once the mail is stored (once by Message-ID); its bookings are read soon after.
 * Without INBOUND_MAIL_SECRET the path does not exist (404).
 */
export function inboundMailRoutes({
  db,
  secret,
  accepted,
}: {
  db: Database;
  secret: string | undefined;
  accepted: () => void;
}) {
  const routes = new Hono();
  routes.post('/inbound/mail', async (c) => {
    if (!secret) return c.json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() ?? '';
    if (!sameSecret(given, secret))
      return c.json({ message: 'The inbound mail secret is missing or wrong', code: 'UNAUTHORIZED' }, 401);
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > maxInboundMailBytes) return c.json({ message: tooLarge, code: 'PAYLOAD_TOO_LARGE' }, 413);
    const raw = Buffer.from(await c.req.arrayBuffer());
    if (raw.byteLength > maxInboundMailBytes) return c.json({ message: tooLarge, code: 'PAYLOAD_TOO_LARGE' }, 413);
    if (raw.byteLength === 0) return restErrorFrom(new ValidationError('body', 'Send the raw message as the body'));
    const to = c.req.query('to');
    const tokens = to ? [/trips\+([a-z2-7]{20})@/i.exec(to)?.[1]?.toLowerCase() ?? ''] : tokensInHeaders(raw);
    const users: string[] = [];
    for (const token of tokens) {
      const userId = token ? await userOfInboundToken(db, token) : null;
      if (userId && !users.includes(userId)) users.push(userId);
    }
    if (users.length === 0) return restErrorFrom(new ValidationError('to', 'No such forwarding address'));
    // The mail parser loads with the first forwarded mail, not at start.
    const { dropUnknownAttachments } = await import('../inbound/attachments');
    const kept = await dropUnknownAttachments(raw);
    let stored = 0;
    for (const userId of users) if (await storeInboundMail(db, userId, kept)) stored++;
    accepted();
    return c.json({ accepted: true, duplicate: stored === 0 }, 202);
  });
  return routes;
}

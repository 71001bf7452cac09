import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@naav/db';
import { inboundAddresses, inboundMails } from '@naav/db/schema';
import { eq } from 'drizzle-orm';

/** Mail larger than this is refused by the listener and the inbound endpoint: no confirmation comes near it. */
export const maxInboundMailBytes = 10 * 1024 * 1024;

/** A new forwarding token: 20 characters of lowercase base32, safe in any mail address's local part. */
export function newInboundToken(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return [...randomBytes(20)].map((b) => alphabet[b & 31]).join('');
}

/** `trips+<token>@<domain>` as a person should type it. */
export const forwardingAddressOf = (token: string, domain: string) => `trips+${token}@${domain}`;

/** The token of a forwarding address (`trips+<token>@…`, any case), or null when it is none. */
export function tokenOfAddress(address: string): string | null {
  const match = /^\s*<?trips\+([a-z2-7]{20})@[^\s@>]+>?\s*$/i.exec(address);
  return match ? match[1]!.toLowerCase() : null;
}

/** The person a forwarding token belongs to, or null: unknown and regenerated tokens alike. */
export async function userOfInboundToken(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: inboundAddresses.userId })
    .from(inboundAddresses)
    .where(eq(inboundAddresses.token, token.toLowerCase()));
  return row?.userId ?? null;
}

/** The header block of a raw message, folded lines joined. */
function headersOf(raw: Uint8Array): string {
  const text = new TextDecoder('latin1').decode(raw.subarray(0, 256 * 1024));
  const end = text.search(/\r?\n\r?\n/);
  return (end >= 0 ? text.slice(0, end) : text).replace(/\r?\n[ \t]+/g, ' ');
}

/** The mail's Message-ID; a hash of its bytes when it has none (the same bytes twice are still one mail). */
function messageIdOf(raw: Uint8Array): string {
  const header = /^message-id:\s*(\S.*?)\s*$/im.exec(headersOf(raw))?.[1];
  if (header) return header.slice(0, 500);
  return `<sha256-${createHash('sha256').update(raw).digest('hex')}@naav>`;
}

/** Forwarding tokens in the recipient headers (To, Cc, Delivered-To, X-Original-To), for POST /api/inbound/mail. */
export function tokensInHeaders(raw: Uint8Array): string[] {
  const found = new Set<string>();
  for (const line of headersOf(raw).split(/\r?\n/)) {
    if (!/^(to|cc|delivered-to|x-original-to|envelope-to|x-forwarded-to):/i.test(line)) continue;
    for (const match of line.matchAll(/trips\+([a-z2-7]{20})@/gi)) found.add(match[1]!.toLowerCase());
  }
  return [...found];
}

/**
 * Keeps an accepted mail for its person, once by Message-ID: answers false when a mail with the
 * same Message-ID was stored before (a second delivery adds nothing). The mail is read later, from
 * the database, by whichever server claims it (processInboundMail).
 */
export async function storeInboundMail(db: Database, userId: string, raw: Uint8Array): Promise<boolean> {
  const rows = await db
    .insert(inboundMails)
    .values({ id: crypto.randomUUID(), messageId: messageIdOf(raw), userId, raw })
    .onConflictDoNothing()
    .returning({ id: inboundMails.id });
  return rows.length > 0;
}

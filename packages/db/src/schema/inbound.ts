import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { cascadeRef, timestampNow } from './columns';

/**
 * Each person's private forwarding address, `trips+<token>@<MAIL_DOMAIN>`: a random token per
 * person (one row each), replaced when they regenerate it, after which the old address is refused.
 */
export const inboundAddresses = sqliteTable('inbound_addresses', {
  userId: cascadeRef(() => user.id).primaryKey(),
  token: text().notNull().unique(),
  createdAt: timestampNow(),
});

/** Where an accepted mail is: waiting, being read by one server (until `claimedUntil`), done or failed for good. */
export type InboundMailStatus = 'pending' | 'processing' | 'done' | 'failed';

/**
 * Mail accepted for a forwarding address (by the SMTP listener or POST /api/inbound/mail),
 * stored once by Message-ID whichever server took it, and read from here by whichever server
 * claims it (one UPDATE: status, holder and a deadline after which another server may take over).
 */
export const inboundMails = sqliteTable(
  'inbound_mails',
  {
    id: text().primaryKey(),
    /** The mail's Message-ID (made from its bytes when it has none): a second delivery adds nothing. */
    messageId: text().notNull().unique(),
    userId: cascadeRef(() => user.id),
    raw: blob({ mode: 'buffer' }).$type<Uint8Array>().notNull(),
    status: text().$type<InboundMailStatus>().notNull().default('pending'),
    claimedBy: text(),
    claimedUntil: integer({ mode: 'timestamp_ms' }),
    attempts: integer().notNull().default(0),
    /** What came of it: the trip it went to, or why nothing was added. */
    tripId: text(),
    outcome: text(),
    receivedAt: timestampNow(),
    processedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [index('inbound_mails_status_idx').on(t.status, t.receivedAt)],
);

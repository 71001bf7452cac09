import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { cascadeRef, timestampNow, uuidKey } from './columns';

/** Where a user (a traveller or an agent) wants events POSTed, signed per Standard Webhooks with `secret`. */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: uuidKey(),
    userId: cascadeRef(() => user.id),
    url: text().notNull(),
    /** JSON array of event types (`proposal.accepted`, …, or `*`). */
    events: text({ mode: 'json' }).$type<string[]>().notNull(),
    /** `whsec_` and the base64 of 32 random bytes (the Standard Webhooks form). */
    secret: text().notNull(),
    createdAt: timestampNow(),
    /** Since when every delivery has failed (null while the last one went through). */
    failingSince: integer({ mode: 'timestamp_ms' }),
    /** Set when it failed for 24 hours: nothing more is sent or queued until it is made again. */
    disabledAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/**
 * The outbox: one row per event and endpoint, written in the same transaction as the change it
 * tells of, delivered in `seq` order one at a time per endpoint.
 */
export const webhookMessages = sqliteTable(
  'webhook_messages',
  {
    seq: integer().primaryKey({ autoIncrement: true }),
    /** The webhook-id header (`msg_…`): the same on every attempt, so receivers can drop repeats. */
    id: text().notNull().unique(),
    endpointId: cascadeRef(() => webhookEndpoints.id),
    eventType: text().notNull(),
    /** The JSON body sent: `{type, timestamp, data}`. */
    payload: text().notNull(),
    status: text({ enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    nextAttemptAt: integer({ mode: 'timestamp_ms' }).notNull(),
    /** Retried until then (24 hours after it was queued, or redelivered). */
    retryUntil: integer({ mode: 'timestamp_ms' }).notNull(),
    deliveredAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [index('webhook_messages_due_idx').on(t.status, t.endpointId, t.seq)],
);

/** Every delivery attempt: what the receiver answered, and how long it took. */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: uuidKey(),
    messageSeq: integer()
      .notNull()
      .references(() => webhookMessages.seq, { onDelete: 'cascade' }),
    at: timestampNow(),
    /** The HTTP status; null when no answer came (refused, timed out, address not allowed). */
    statusCode: integer(),
    latencyMs: integer().notNull(),
    /** The first 500 characters of the answer's body, or why there was none. */
    responseExcerpt: text(),
  },
  (t) => [index('webhook_attempts_message_idx').on(t.messageSeq, t.at)],
);

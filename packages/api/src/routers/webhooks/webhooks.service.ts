import { randomBytes } from 'node:crypto';
import type { Database } from '@naav/db';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '@naav/db/schema';
import { webhookEventDomains, type CreateWebhookInput } from '@naav/schemas/webhooks';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../context';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { grants } from '../../lib/token-scopes';
import { webhookBody, webhookRetryWindowMs } from '../../lib/webhook-outbox';
import type { Webhook, WebhookDelivery } from './webhooks.schemas';

const maxEndpointsPerUser = 10;
const iso = (d: Date | null) => d?.toISOString() ?? null;
type Row = typeof webhookEndpoints.$inferSelect;
const toWebhook = (row: Row): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  createdAt: row.createdAt.toISOString(),
  failingSince: iso(row.failingSince),
  disabledAt: iso(row.disabledAt),
});

async function ownEndpoint(db: Database, actor: Actor, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, actor.id)));
  if (!row) throw new NotFoundError('Webhook');
  return row;
}

/** Makes an endpoint; a token may ask only for events of the domains it may read. */
export async function createWebhook(db: Database, actor: Actor, input: CreateWebhookInput, now: Date) {
  const events = [...new Set(input.events)];
  if (actor.token) {
    const wanted = events.includes('*')
      ? Object.values(webhookEventDomains)
      : events.map((e) => webhookEventDomains[e as keyof typeof webhookEventDomains]);
    const missing = wanted.find((domain) => !grants(actor.token!.scopes, `${domain}:read`));
    if (missing) throw new ForbiddenError(`This API token lacks the ${missing}:read scope`);
  }
  if ((await db.$count(webhookEndpoints, eq(webhookEndpoints.userId, actor.id))) >= maxEndpointsPerUser)
    throw new ValidationError('url', `You have ${maxEndpointsPerUser} webhooks: delete one first`);
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ userId: actor.id, url: input.url, events, secret, createdAt: now })
    .returning();
  return { ...toWebhook(row!), secret };
}

export async function listWebhooks(db: Database, actor: Actor): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, actor.id))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(toWebhook);
}

export async function deleteWebhook(db: Database, actor: Actor, id: string) {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, actor.id)))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new NotFoundError('Webhook');
  return { id: row.id, deleted: true as const };
}

/** The endpoint's last 100 events, newest first, each with its attempts. */
export async function listDeliveries(db: Database, actor: Actor, id: string): Promise<WebhookDelivery[]> {
  await ownEndpoint(db, actor, id);
  const m = webhookMessages;
  const messages = await db.select().from(m).where(eq(m.endpointId, id)).orderBy(desc(m.seq)).limit(100);
  const attempts = messages.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.messageSeq,
            messages.map((x) => x.seq),
          ),
        )
        .orderBy(desc(webhookAttempts.at))
    : [];
  return messages.map((msg) => ({
    id: msg.id,
    eventType: msg.eventType,
    status: msg.status,
    attempts: msg.attempts,
    createdAt: msg.createdAt.toISOString(),
    nextAttemptAt: msg.status === 'pending' ? msg.nextAttemptAt.toISOString() : null,
    deliveredAt: iso(msg.deliveredAt),
    attemptLog: attempts
      .filter((a) => a.messageSeq === msg.seq)
      .map((a) => ({
        at: a.at.toISOString(),
        statusCode: a.statusCode,
        latencyMs: a.latencyMs,
        responseExcerpt: a.responseExcerpt,
      })),
  }));
}

/** Queues a `webhook.test` event for the endpoint (delivered after what is already queued). */
export async function sendTestEvent(db: Database, actor: Actor, id: string, now: Date) {
  const endpoint = await ownEndpoint(db, actor, id);
  if (endpoint.disabledAt) throw new ValidationError('id', 'This webhook is disabled: make it again to resume');
  const messageId = `msg_${randomBytes(16).toString('hex')}`;
  await db.insert(webhookMessages).values({
    id: messageId,
    endpointId: id,
    eventType: 'webhook.test',
    payload: webhookBody('webhook.test', { webhookId: id, message: 'A test event from Naav' }, now),
    createdAt: now,
    nextAttemptAt: now,
    retryUntil: new Date(now.getTime() + webhookRetryWindowMs),
  });
  return { id: messageId, queued: true as const };
}

/** Sends an event again (same webhook-id), retried for another 24 hours. */
export async function redeliver(db: Database, actor: Actor, id: string, messageId: string, now: Date) {
  const endpoint = await ownEndpoint(db, actor, id);
  if (endpoint.disabledAt) throw new ValidationError('id', 'This webhook is disabled: make it again to resume');
  const [row] = await db
    .update(webhookMessages)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      retryUntil: new Date(now.getTime() + webhookRetryWindowMs),
      deliveredAt: null,
    })
    .where(and(eq(webhookMessages.id, messageId), eq(webhookMessages.endpointId, id)))
    .returning({ id: webhookMessages.id });
  if (!row) throw new NotFoundError('Delivery');
  return { id: row.id, queued: true as const };
}

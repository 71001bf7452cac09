import type { Database } from '@naav/db';
import { trips, webhookEndpoints, webhookMessages } from '@naav/db/schema';
import type { WebhookData } from '@naav/schemas/webhook-events';
import type { WebhookEventType } from '@naav/schemas/webhooks';
import { type SQL, sql } from 'drizzle-orm';

/** A message is retried for this long after it was queued (or redelivered). */
export const webhookRetryWindowMs = 24 * 60 * 60 * 1000;

/** The body of every webhook: Standard Webhooks' `{type, timestamp, data}`, `data` as webhook-events.ts describes it. */
export const webhookBody = <T extends WebhookEventType>(type: T, data: WebhookData<T>, now: Date) =>
  JSON.stringify({ type, timestamp: now.toISOString(), data });

/**
 * Queues `type` for every live endpoint of `userIds` that asked for it, as one statement to put
 * in the change's own batch (one transaction): the event is queued exactly when the change is
 * stored. With `afterChange`, it goes right after a guarded statement (or a feedAfterChange
 * behind one) and queues only if that statement changed something.
 */
export function webhookInsert<T extends WebhookEventType>(
  db: Database,
  userIds: readonly string[] | SQL,
  type: T,
  data: WebhookData<T>,
  {
    now = new Date(),
    afterChange = false,
    when,
  }: {
    now?: Date;
    afterChange?: boolean /** Queued only if this condition holds when the statement runs. */;
    when?: SQL;
  } = {},
) {
  const e = webhookEndpoints;
  const at = now.getTime();
  // A list of user ids, or a subquery answering them (a trip's owner).
  const users = Array.isArray(userIds)
    ? sql.join(
        [...new Set(userIds)].map((id) => sql`${id}`),
        sql`, `,
      )
    : (userIds as SQL);
  const family = `${type.split('.')[0]}.*`;
  return db.run(
    sql`INSERT INTO ${webhookMessages} (id, endpointId, eventType, payload, status, attempts, createdAt, nextAttemptAt, retryUntil)
      SELECT 'msg_' || lower(hex(randomblob(16))), ${e.id}, ${type}, ${webhookBody(type, data, now)}, 'pending', 0, ${at}, ${at}, ${at + webhookRetryWindowMs}
      FROM ${e}
      WHERE ${e.userId} IN (${users}) AND ${e.disabledAt} IS NULL
        AND EXISTS (SELECT 1 FROM json_each(${e.events}) WHERE value IN (${type}, ${family}, '*'))
        ${afterChange ? sql`AND changes() > 0` : sql``}
        ${when ? sql`AND (${when})` : sql``}`,
  );
}

/** The webhook event of a change to a trip, to its owner's endpoints (whoever made the change). */
export const tripWebhook = <T extends WebhookEventType>(
  db: Database,
  tripId: string,
  type: T,
  data: Omit<WebhookData<T>, 'tripId'>,
  now = new Date(),
) =>
  webhookInsert(
    db,
    sql`SELECT ${trips.ownerId} FROM ${trips} WHERE ${trips.id} = ${tripId}`,
    type,
    { tripId, ...data } as WebhookData<T>,
    { now },
  );

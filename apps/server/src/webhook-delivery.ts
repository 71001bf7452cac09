import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { acquireLease, releaseLease, type Database } from '@naav/db';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '@naav/db/schema';
import ipaddr from 'ipaddr.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { addressGuard } from './webhook-address';

const day = 24 * 60 * 60 * 1000;
const excerptLength = 500;

export interface WebhookDeliveryOptions {
  db: Database;
  /** WEBHOOK_ALLOWED_HOSTS: private hosts, addresses or ranges deliveries may reach. */
  allowedHosts: readonly string[];
  /** How often due deliveries are looked for. */
  pollMs?: number;
  /** The first retry waits this long, each next one twice as long (at most an hour). */
  backoffBaseMs?: number;
  /** How long a server holds an endpoint while it delivers (renewed before each attempt). */
  leaseMs?: number;
  /** A receiver that has not answered in this time has failed. */
  timeoutMs?: number;
  clock?: () => number;
  /** Tells the owner of an endpoint that was just disabled (main.ts mails them). */
  onDisabled?: (endpoint: { id: string; userId: string; url: string }) => Promise<void>;
}

interface Attempt {
  statusCode: number | null;
  latencyMs: number;
  excerpt: string;
}

/**
 * Delivers the webhook outbox: every server runs one, and an endpoint is worked by one server at
 * a time (a lease named for it in `leases`), so its events go one at a time, in order, and each
 * attempt is made once. A failed one is retried with exponential backoff for 24 hours; an
 * endpoint whose deliveries have all failed for 24 hours is disabled. A server that dies
 * mid-delivery leaves its lease to expire; the next server sends the same event again with the
 * same webhook-id, which receivers use to drop repeats.
 */
export function startWebhookDelivery({
  db,
  allowedHosts,
  pollMs = 1000,
  backoffBaseMs = 5000,
  leaseMs = 30_000,
  timeoutMs = 10_000,
  clock = Date.now,
  onDisabled = async () => undefined,
}: WebhookDeliveryOptions) {
  const holder = randomUUID();
  const guard = addressGuard(allowedHosts);
  const m = webhookMessages;

  const post = (url: URL, headers: Record<string, string>, body: string): Promise<Attempt> => {
    const started = performance.now();
    const done = (statusCode: number | null, excerpt: string): Attempt => ({
      statusCode,
      latencyMs: Math.round(performance.now() - started),
      excerpt: excerpt.slice(0, excerptLength),
    });
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(host)) {
      const refused = guard.refusal(host, host);
      if (refused) return Promise.resolve(done(null, `Not sent: ${refused}`));
    }
    return new Promise((resolve) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        url,
        { method: 'POST', headers, lookup: guard.guardedLookup as never, timeout: timeoutMs },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (text.length < excerptLength) text += chunk;
          });
          res.on('end', () => resolve(done(res.statusCode ?? null, text)));
          res.on('error', (error) => resolve(done(res.statusCode ?? null, text || error.message)));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)));
      req.on('error', (error) => resolve(done(null, `Not delivered: ${error.message}`)));
      req.end(body);
    });
  };

  /** Sends the endpoint's due events in order while it holds the endpoint's lease; stops at the first failure. */
  const drain = async (endpointId: string) => {
    const lease = `webhook:${endpointId}`;
    for (let sent = 0; sent < 20; sent++) {
      const now = clock();
      if (!(await acquireLease(db, lease, holder, leaseMs, new Date(now)))) return;
      const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
      const [head] = await db
        .select()
        .from(m)
        .where(and(eq(m.endpointId, endpointId), eq(m.status, 'pending')))
        .orderBy(asc(m.seq))
        .limit(1);
      if (!endpoint || endpoint.disabledAt || !head || head.nextAttemptAt.getTime() > now) return;
      const timestamp = new Date(now);
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'Naav-Webhooks/1',
        'webhook-id': head.id,
        'webhook-timestamp': String(Math.floor(now / 1000)),
        'webhook-signature': new Webhook(endpoint.secret).sign(head.id, timestamp, head.payload),
      };
      const attempt = await post(new URL(endpoint.url), headers, head.payload);
      const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
      const at = clock();
      const attempts = head.attempts + 1;
      const record = db.insert(webhookAttempts).values({
        messageSeq: head.seq,
        at: new Date(at),
        statusCode: attempt.statusCode,
        latencyMs: attempt.latencyMs,
        responseExcerpt: attempt.excerpt || null,
      });
      if (ok) {
        await db.batch([
          record,
          db
            .update(m)
            .set({ status: 'delivered', attempts, deliveredAt: new Date(at) })
            .where(eq(m.seq, head.seq)),
          db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId)),
        ]);
        continue;
      }
      const failingSince = endpoint.failingSince?.getTime() ?? at;
      const disable = at - failingSince >= day;
      const wait = Math.min(backoffBaseMs * 2 ** (attempts - 1), 60 * 60 * 1000);
      const givenUp = disable || at + wait > head.retryUntil.getTime();
      await db.batch([
        record,
        db
          .update(m)
          .set(givenUp ? { status: 'failed', attempts } : { attempts, nextAttemptAt: new Date(at + wait) })
          .where(eq(m.seq, head.seq)),
        db
          .update(webhookEndpoints)
          .set({ failingSince: new Date(failingSince), ...(disable ? { disabledAt: new Date(at) } : {}) })
          .where(eq(webhookEndpoints.id, endpointId)),
        // A disabled endpoint's queue is given up with it.
        ...(disable
          ? [
              db
                .update(m)
                .set({ status: 'failed' })
                .where(and(eq(m.endpointId, endpointId), eq(m.status, 'pending'))),
            ]
          : []),
      ]);
      if (disable) {
        console.error(`Webhook ${endpointId} disabled: every delivery failed for 24 hours`);
        await onDisabled(endpoint).catch((error: unknown) => console.error('Could not tell the webhook owner:', error));
      }
      if (!givenUp) return;
    }
  };

  /** One pass: each endpoint whose first waiting event is due is drained (by this server, if it gets the lease). */
  const runOnce = async () => {
    const now = clock();
    const due = await db.all<{ endpointId: string }>(
      sql`SELECT ${m.endpointId} AS endpointId FROM ${m}
          WHERE ${m.status} = 'pending' AND ${m.nextAttemptAt} <= ${now}
            AND ${m.seq} = (SELECT min(x.seq) FROM ${m} x WHERE x.endpointId = ${m.endpointId} AND x.status = 'pending')
          LIMIT 50`,
    );
    for (const { endpointId } of due) {
      try {
        await drain(endpointId);
      } finally {
        await releaseLease(db, `webhook:${endpointId}`, holder).catch(() => undefined);
      }
    }
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = runOnce()
      .catch((error: unknown) => console.error('Webhook delivery failed:', error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, pollMs);
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

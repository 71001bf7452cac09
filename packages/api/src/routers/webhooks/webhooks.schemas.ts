import { z } from 'zod';
import { id } from '../../lib/schemas';

export { createWebhookInput } from '@naav/schemas/webhooks';

/** One of my webhook endpoints, without its secret. */
export const webhookSchema = z.object({
  id,
  url: z.string(),
  events: z.array(z.string()),
  createdAt: z.iso.datetime(),
  /** Since when every delivery has failed; null while the last one went through. */
  failingSince: z.iso.datetime().nullable(),
  /** Set after 24 hours of failures: nothing more is sent. Make the endpoint again to resume. */
  disabledAt: z.iso.datetime().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** A new endpoint: the only answer that carries its signing secret. */
export const createdWebhookSchema = webhookSchema.extend({
  /** `whsec_…`: verify each delivery's webhook-signature with it (Standard Webhooks). */
  secret: z.string(),
});

const attemptSchema = z.object({
  at: z.iso.datetime(),
  /** The receiver's HTTP status; null when no answer came (refused, timed out, address not allowed). */
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  /** The first 500 characters of the answer, or why there was none. */
  responseExcerpt: z.string().nullable(),
});

/** One event queued for an endpoint, with its attempts, newest first. */
export const webhookDeliverySchema = z.object({
  /** The webhook-id header of every attempt. */
  id: z.string(),
  eventType: z.string(),
  /** `pending` (waiting or retrying), `delivered` (a 2xx came back), `failed` (24 hours without one). */
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  attemptLog: z.array(attemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const deliveryInput = z.object({ id, messageId: z.string().min(1).max(100) });
export const queuedSchema = z.object({ id: z.string(), queued: z.literal(true) });

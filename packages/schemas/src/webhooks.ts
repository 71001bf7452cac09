import { z } from 'zod';
import type { ScopeDomain } from './tokens';

/**
 * The events a webhook endpoint may ask for, each with the part of Naav it tells about (a
 * token subscribing needs that domain's read scope). `webhook.test` is sent by "Send test event".
 */
export const webhookEventDomains = {
  'proposal.submitted': 'proposals',
  'proposal.accepted': 'proposals',
  'proposal.declined': 'proposals',
  'proposal.revisions_requested': 'proposals',
  'trip.created': 'trips',
  'trip.updated': 'trips',
  'trip.cancelled': 'trips',
  'event.created': 'trips',
  'event.updated': 'trips',
  'event.deleted': 'trips',
  'expense.created': 'budget',
  'expense.updated': 'budget',
  'expense.deleted': 'budget',
  'concierge.message': 'concierge',
  'concierge.request.updated': 'concierge',
  'booking.imported': 'trips',
} as const satisfies Record<string, ScopeDomain>;
export type WebhookEventType = keyof typeof webhookEventDomains | 'webhook.test';
export const webhookEventTypes = Object.keys(webhookEventDomains) as (keyof typeof webhookEventDomains)[];

/** What an endpoint may ask for: an event, every event of a kind (`trip.*`), or `*` for all. */
const subscribable = [
  '*',
  ...new Set(webhookEventTypes.map((type) => `${type.split('.')[0]}.*`)),
  ...webhookEventTypes,
] as [string, ...string[]];

export const createWebhookInput = z.object({
  /** Where events are POSTed: http or https, no user name or password in it. */
  url: z
    .url({ protocol: /^https?$/, message: 'Enter an http or https address' })
    .max(2000)
    .refine((u) => !/^https?:\/\/[^/]*@/.test(u), 'The address must not carry a user name or password'),
  /** The events to send: names, kinds (`trip.*`), or `*` for every one. */
  events: z.array(z.enum(subscribable)).min(1, 'Choose at least one event').max(50),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

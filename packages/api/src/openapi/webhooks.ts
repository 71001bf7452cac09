import { webhookEventData } from '@naav/schemas/webhook-events';
import type { WebhookEventType } from '@naav/schemas/webhooks';
import { z } from 'zod';

/** What each event tells, and to whom: the `description` of its entry in `webhooks:`. */
const told: Record<WebhookEventType, string> = {
  'proposal.submitted': 'An agent submitted a proposal (or a revision of it). To its client and its agent.',
  'proposal.accepted': 'The client accepted a proposal: `tripId` is the trip it became. To its client and its agent.',
  'proposal.declined': 'The client declined a proposal. To its client and its agent.',
  'proposal.revisions_requested': 'The client asked for changes: `comment` says which. To its client and its agent.',
  'trip.created': 'A trip was created. To its owner.',
  'trip.updated': 'A trip was changed, by its owner or a group member who may edit it. To its owner.',
  'trip.cancelled': 'A trip was cancelled. To its owner.',
  'event.created': 'An event was added to a trip’s itinerary. To the trip’s owner.',
  'event.updated': 'An event of a trip’s itinerary was changed. To the trip’s owner.',
  'event.deleted': 'An event was deleted from a trip’s itinerary. To the trip’s owner.',
  'expense.created': 'An expense was added to a trip. To the trip’s owner.',
  'expense.updated': 'An expense was changed. To the trip’s owner.',
  'expense.deleted': 'An expense was deleted. To the trip’s owner.',
  'concierge.message': 'A message in a traveller’s concierge conversation. To the traveller and every agent.',
  'concierge.request.updated':
    'A concierge request was assigned or moved to another status. To the traveller and every agent.',
  'booking.imported':
    'Bookings were imported into a trip (uploaded, pasted or forwarded by mail), adding events or cancelling earlier ones. To the trip’s owner.',
  'webhook.test': 'Sent by "Send test event" (POST /webhooks/{id}/test). To that endpoint only.',
};

type JsonSchema = Record<string, unknown>;
const named = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const signatureHeaders = [
  ['webhook-id', 'The event’s id (`msg_…`): the same on every attempt, so a receiver keeps each event once by it.'],
  ['webhook-timestamp', 'When this attempt was signed, in Unix seconds.'],
  [
    'webhook-signature',
    '`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the endpoint’s secret: verify it with a Standard Webhooks library.',
  ],
].map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));

/**
 * The `webhooks:` block (OpenAPI 3.1) and the named schemas of the events' data, built from the
 * schemas the outbox is typed by (webhook-events.ts): one entry per event type, the body being
 * Standard Webhooks' `{type, timestamp, data}`.
 */
export function webhookDocument() {
  const schemas: Record<string, JsonSchema> = {};
  const webhooks: Record<string, { post: JsonSchema }> = {};
  for (const [type, data] of Object.entries(webhookEventData) as [WebhookEventType, z.ZodType][]) {
    const name = z.globalRegistry.get(data)?.id as string;
    if (!schemas[name]) {
      // A schema with an id comes out as a $ref to its own $defs entry: the entry is the schema.
      const out = z.toJSONSchema(data, { unrepresentable: 'any' }) as JsonSchema & {
        $defs?: Record<string, JsonSchema>;
      };
      const { $schema: _, id: _id, $defs: _defs, ...schema } = out.$defs?.[name] ?? out;
      schemas[name] = schema;
    }
    webhooks[type] = {
      post: {
        operationId: `webhook-${type.replaceAll('.', '-').replaceAll('_', '-')}`,
        summary: `The ${type} event`,
        description: `${told[type]} Sent as a POST to every endpoint that asked for \`${type}\`, \`${type.split('.')[0]}.*\` or \`*\`; retried with backoff for 24 hours until a 2xx answer.`,
        tags: ['webhooks'],
        security: [],
        parameters: signatureHeaders,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  type: { type: 'string', const: type },
                  timestamp: { type: 'string', format: 'date-time', description: 'When the change was stored' },
                  data: named(name),
                },
                required: ['type', 'timestamp', 'data'],
              },
            },
          },
        },
        responses: {
          '204': { description: 'Received (any 2xx answer delivers the event)' },
          '400': { description: 'Refused, for example a signature that does not verify: retried' },
        },
      },
    };
  }
  return { schemas, webhooks };
}

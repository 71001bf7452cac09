import { deleteById, listMine, readById, rest, write, writeById } from '../../lib/procedures';
import { router } from '../../trpc';
import {
  createdWebhookSchema,
  createWebhookInput,
  deliveryInput,
  queuedSchema,
  webhookDeliverySchema,
  webhookSchema,
} from './webhooks.schemas';
import * as webhooks from './webhooks.service';
import { z } from 'zod';

export const webhooksRouter = router({
  list: listMine(webhookSchema, (db, actor) => webhooks.listWebhooks(db, actor)).at(
    rest('GET /webhooks', 'webhooks', 'My webhook endpoints, newest first'),
  ),

  create: write(createWebhookInput, createdWebhookSchema, webhooks.createWebhook).at(
    rest('POST /webhooks', 'webhooks', 'Add a webhook endpoint (its signing secret is in this answer only)'),
  ),

  delete: deleteById(webhooks.deleteWebhook).at(rest('DELETE /webhooks/{id}', 'webhooks', 'Delete a webhook endpoint')),

  deliveries: readById(z.array(webhookDeliverySchema), webhooks.listDeliveries).at(
    rest('GET /webhooks/{id}/deliveries', 'webhooks', "An endpoint's last 100 events with every attempt, newest first"),
  ),

  test: writeById(queuedSchema, webhooks.sendTestEvent).at(
    rest.recorded('POST /webhooks/{id}/test', 'webhooks', 'Send a test event'),
  ),

  redeliver: write(deliveryInput, queuedSchema, (db, actor, input, now) =>
    webhooks.redeliver(db, actor, input.id, input.messageId, now),
  ).at(
    rest.recorded(
      'POST /webhooks/{id}/deliveries/{messageId}/redeliver',
      'webhooks',
      'Send an event again (same webhook-id)',
    ),
  ),
});

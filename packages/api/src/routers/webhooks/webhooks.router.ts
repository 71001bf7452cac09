import { idInput } from '../../lib/schemas';
import { deleteById, listMine, rest } from '../../lib/procedures';
import { authedProcedure, router } from '../../trpc';
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
  list: listMine(rest('GET /webhooks', 'webhooks', 'My webhook endpoints, newest first'), webhookSchema, (db, actor) =>
    webhooks.listWebhooks(db, actor),
  ),

  create: authedProcedure
    .meta(rest('POST /webhooks', 'webhooks', 'Add a webhook endpoint (its signing secret is in this answer only)'))
    .input(createWebhookInput)
    .output(createdWebhookSchema)
    .mutation(({ ctx, input }) => webhooks.createWebhook(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(rest('DELETE /webhooks/{id}', 'webhooks', 'Delete a webhook endpoint'), webhooks.deleteWebhook),

  deliveries: authedProcedure
    .meta(
      rest(
        'GET /webhooks/{id}/deliveries',
        'webhooks',
        "An endpoint's last 100 events with every attempt, newest first",
      ),
    )
    .input(idInput)
    .output(z.array(webhookDeliverySchema))
    .query(({ ctx, input }) => webhooks.listDeliveries(ctx.db, ctx.actor, input.id)),

  test: authedProcedure
    .meta(rest.recorded('POST /webhooks/{id}/test', 'webhooks', 'Send a test event'))
    .input(idInput)
    .output(queuedSchema)
    .mutation(({ ctx, input }) => webhooks.sendTestEvent(ctx.db, ctx.actor, input.id, ctx.now())),

  redeliver: authedProcedure
    .meta(
      rest.recorded(
        'POST /webhooks/{id}/deliveries/{messageId}/redeliver',
        'webhooks',
        'Send an event again (same webhook-id)',
      ),
    )
    .input(deliveryInput)
    .output(queuedSchema)
    .mutation(({ ctx, input }) => webhooks.redeliver(ctx.db, ctx.actor, input.id, input.messageId, ctx.now())),
});

import { z } from 'zod';
import { deleteById, listByTrip } from '../../lib/procedures';
import { authedProcedure, router } from '../../trpc';
import {
  createPackingItemInput,
  fromTemplateInput,
  packingItemSchema,
  tripPersonSchema,
  updatePackingItemInput,
} from './packing.schemas';
import * as service from './packing.service';

export const packingRouter = router({
  list: listByTrip(
    { method: 'GET', path: '/trips/{id}/packing', tags: ['packing'], summary: "A trip's packing list" },
    packingItemSchema,
    service.listPacking,
  ),

  people: listByTrip(
    {
      method: 'GET',
      path: '/trips/{id}/packing/people',
      tags: ['packing'],
      summary: 'Who may bring an item or do a to-do on a trip',
    },
    tripPersonSchema,
    service.listTripPeople,
  ),

  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/trips/{id}/packing',
        tags: ['packing'],
        summary: "Add an item to a trip's packing list",
      },
      idempotency: 'recorded',
    })
    .input(createPackingItemInput)
    .output(packingItemSchema)
    .mutation(({ ctx, input }) => service.addPackingItem(ctx.db, ctx.actor, input)),

  update: authedProcedure
    // A tick made offline is queued by the web app and may be sent again: stored once per key.
    .meta({
      idempotency: 'recorded',
      openapi: { method: 'PATCH', path: '/packing/{id}', tags: ['packing'], summary: 'Change or tick a packing item' },
    })
    .input(updatePackingItemInput)
    .output(packingItemSchema)
    .mutation(({ ctx, input }) => service.updatePackingItem(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(
    { method: 'DELETE', path: '/packing/{id}', tags: ['packing'], summary: 'Remove a packing item' },
    service.removePackingItem,
  ),

  fromTemplate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/trips/{id}/packing/from-template',
        tags: ['packing'],
        summary: "Add a template's items to a trip's packing list",
      },
      idempotency: 'recorded',
    })
    .input(fromTemplateInput)
    .output(z.array(packingItemSchema))
    .mutation(({ ctx, input }) => service.addFromTemplate(ctx.db, ctx.actor, input)),
});

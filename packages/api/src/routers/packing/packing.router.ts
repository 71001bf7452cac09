import { z } from 'zod';
import { deleteById, listByTrip, rest } from '../../lib/procedures';
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
    rest('GET /trips/{id}/packing', 'packing', "A trip's packing list"),
    packingItemSchema,
    service.listPacking,
  ),

  people: listByTrip(
    rest('GET /trips/{id}/packing/people', 'packing', 'Who may bring an item or do a to-do on a trip'),
    tripPersonSchema,
    service.listTripPeople,
  ),

  create: authedProcedure
    .meta(rest.recorded('POST /trips/{id}/packing', 'packing', "Add an item to a trip's packing list"))
    .input(createPackingItemInput)
    .output(packingItemSchema)
    .mutation(({ ctx, input }) => service.addPackingItem(ctx.db, ctx.actor, input)),

  update: authedProcedure
    // A tick made offline is queued by the web app and may be sent again: stored once per key.
    .meta(rest.recorded('PATCH /packing/{id}', 'packing', 'Change or tick a packing item'))
    .input(updatePackingItemInput)
    .output(packingItemSchema)
    .mutation(({ ctx, input }) => service.updatePackingItem(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(rest('DELETE /packing/{id}', 'packing', 'Remove a packing item'), service.removePackingItem),

  fromTemplate: authedProcedure
    .meta(
      rest.recorded(
        'POST /trips/{id}/packing/from-template',
        'packing',
        "Add a template's items to a trip's packing list",
      ),
    )
    .input(fromTemplateInput)
    .output(z.array(packingItemSchema))
    .mutation(({ ctx, input }) => service.addFromTemplate(ctx.db, ctx.actor, input)),
});

import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import {
  createPackingTemplateInput,
  listPackingTemplatesInput,
  packingTemplateSchema,
} from './packing-templates.schemas';
import * as service from './packing-templates.service';
import { rest, write } from '../../lib/procedures';

export const packingTemplatesRouter = router({
  list: authedProcedure
    .meta(rest('GET /packing-templates', 'packing', "Naav's starter lists and the signed-in user's own templates"))
    .input(listPackingTemplatesInput)
    .output(z.array(packingTemplateSchema))
    .query(({ ctx, input }) => service.listTemplates(ctx.db, ctx.actor, input.tripId)),

  create: write(createPackingTemplateInput, packingTemplateSchema, service.saveTemplate).at(
    rest.recorded('POST /packing-templates', 'packing', "Save a trip's packing list as a template"),
  ),
});

import { z } from 'zod';
import { router } from '../../trpc';
import {
  createPackingTemplateInput,
  listPackingTemplatesInput,
  packingTemplateSchema,
} from './packing-templates.schemas';
import * as service from './packing-templates.service';
import { read, rest, write } from '../../lib/procedures';

export const packingTemplatesRouter = router({
  list: read(listPackingTemplatesInput, z.array(packingTemplateSchema), (db, actor, input) =>
    service.listTemplates(db, actor, input.tripId),
  ).at(rest('GET /packing-templates', 'packing', "Naav's starter lists and the signed-in user's own templates")),

  create: write(createPackingTemplateInput, packingTemplateSchema, service.saveTemplate).at(
    rest.recorded('POST /packing-templates', 'packing', "Save a trip's packing list as a template"),
  ),
});

import { z } from 'zod';
import { deleteById, listByTrip, rest, write } from '../../lib/procedures';
import { router } from '../../trpc';
import {
  createPackingItemInput,
  fromTemplateInput,
  packingItemSchema,
  tripPersonSchema,
  updatePackingItemInput,
} from './packing.schemas';
import * as service from './packing.service';

export const packingRouter = router({
  list: listByTrip(packingItemSchema, service.listPacking).at(
    rest('GET /trips/{id}/packing', 'packing', "A trip's packing list"),
  ),

  people: listByTrip(tripPersonSchema, service.listTripPeople).at(
    rest('GET /trips/{id}/packing/people', 'packing', 'Who may bring an item or do a to-do on a trip'),
  ),

  create: write(createPackingItemInput, packingItemSchema, service.addPackingItem).at(
    rest.recorded('POST /trips/{id}/packing', 'packing', "Add an item to a trip's packing list"),
  ),

  // A tick made offline is queued by the web app and may be sent again: stored once per key.
  update: write(updatePackingItemInput, packingItemSchema, service.updatePackingItem).at(
    rest.recorded('PATCH /packing/{id}', 'packing', 'Change or tick a packing item'),
  ),

  delete: deleteById(service.removePackingItem).at(rest('DELETE /packing/{id}', 'packing', 'Remove a packing item')),

  fromTemplate: write(fromTemplateInput, z.array(packingItemSchema), service.addFromTemplate).at(
    rest.recorded(
      'POST /trips/{id}/packing/from-template',
      'packing',
      "Add a template's items to a trip's packing list",
    ),
  ),
});

import { router } from '../../trpc';
import { companionSchema } from '../trips/trips.schemas';
import { createCompanionInput, updateCompanionInput } from './companions.schemas';
import { addCompanion, removeCompanion, updateCompanion } from './companions.service';
import { deleteById, rest, write } from '../../lib/procedures';

export const companionsRouter = router({
  create: write(createCompanionInput, companionSchema, addCompanion).at(
    rest.recorded('POST /trips/{id}/companions', 'trips', 'Add a travel companion', {
      operationId: 'trips-addCompanion',
    }),
  ),

  update: write(updateCompanionInput, companionSchema, updateCompanion).at(
    rest('PATCH /companions/{id}', 'trips', "Change a companion's name, relationship or picture"),
  ),

  delete: deleteById(removeCompanion).at(rest('DELETE /companions/{id}', 'trips', 'Remove a companion')),
});

import { authedProcedure, router } from '../../trpc';
import { companionSchema } from '../trips/trips.schemas';
import { createCompanionInput, updateCompanionInput } from './companions.schemas';
import { addCompanion, removeCompanion, updateCompanion } from './companions.service';
import { deleteById, rest } from '../../lib/procedures';

export const companionsRouter = router({
  create: authedProcedure
    .meta(
      rest.recorded('POST /trips/{id}/companions', 'trips', 'Add a travel companion', {
        operationId: 'trips-addCompanion',
      }),
    )
    .input(createCompanionInput)
    .output(companionSchema)
    .mutation(({ ctx, input }) => addCompanion(ctx.db, ctx.actor, input, ctx.now())),

  update: authedProcedure
    .meta(rest('PATCH /companions/{id}', 'trips', "Change a companion's name, relationship or picture"))
    .input(updateCompanionInput)
    .output(companionSchema)
    .mutation(({ ctx, input }) => updateCompanion(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(rest('DELETE /companions/{id}', 'trips', 'Remove a companion'), removeCompanion),
});

import { deletedSchema, idInput } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
import { companionSchema } from '../trips/trips.schemas';
import { updateCompanionInput } from './companions.schemas';
import { removeCompanion, updateCompanion } from './companions.service';

export const companionsRouter = router({
  update: authedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/companions/{id}', tags: ['trips'], summary: "Change a companion's name, relationship or picture" } })
    .input(updateCompanionInput)
    .output(companionSchema)
    .mutation(({ ctx, input }) => updateCompanion(ctx.db, ctx.actor, input)),

  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/companions/{id}', tags: ['trips'], summary: 'Remove a companion' } })
    .input(idInput)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => removeCompanion(ctx.db, ctx.actor, input.id)),
});

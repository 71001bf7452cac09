import { authedProcedure, router } from '../../trpc';
import { companionSchema } from '../trips/trips.schemas';
import { createCompanionInput, updateCompanionInput } from './companions.schemas';
import { addCompanion, removeCompanion, updateCompanion } from './companions.service';
import { deleteById } from '../../lib/procedures';

export const companionsRouter = router({
  create: authedProcedure
    .meta({
      openapi: {
        operationId: 'trips-addCompanion',
        method: 'POST',
        path: '/trips/{id}/companions',
        tags: ['trips'],
        summary: 'Add a travel companion',
      },
      idempotency: 'recorded',
    })
    .input(createCompanionInput)
    .output(companionSchema)
    .mutation(({ ctx, input }) => addCompanion(ctx.db, ctx.actor, input, ctx.now())),

  update: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/companions/{id}',
        tags: ['trips'],
        summary: "Change a companion's name, relationship or picture",
      },
    })
    .input(updateCompanionInput)
    .output(companionSchema)
    .mutation(({ ctx, input }) => updateCompanion(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(
    { method: 'DELETE', path: '/companions/{id}', tags: ['trips'], summary: 'Remove a companion' },
    removeCompanion,
  ),
});

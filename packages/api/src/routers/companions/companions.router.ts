import { idInput } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
import { deletedSchema } from '../events/events.schemas';
import { removeCompanion } from './companions.service';

export const companionsRouter = router({
  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/companions/{id}', tags: ['trips'], summary: 'Remove a companion' } })
    .input(idInput)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => removeCompanion(ctx.db, ctx.actor, input.id)),
});

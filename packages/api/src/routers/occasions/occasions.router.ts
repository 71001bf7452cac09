import { z } from 'zod';
import { deletedSchema, idInput } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
import { createOccasionInput, occasionSchema } from './occasions.schemas';
import { createOccasion, deleteOccasion, listOccasions } from './occasions.service';

export const occasionsRouter = router({
  list: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/occasions', tags: ['planner'], summary: 'My special occasions, by date' },
    })
    .input(z.void())
    .output(z.array(occasionSchema))
    .query(({ ctx }) => listOccasions(ctx.db, ctx.actor, ctx.now())),

  create: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/occasions', tags: ['planner'], summary: 'Add a special occasion' } })
    .input(createOccasionInput)
    .output(occasionSchema)
    .mutation(({ ctx, input }) => createOccasion(ctx.db, ctx.actor, input, ctx.now())),

  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/occasions/{id}',
        tags: ['planner'],
        summary: 'Delete one of my special occasions',
      },
    })
    .input(idInput)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteOccasion(ctx.db, ctx.actor, input.id)),
});

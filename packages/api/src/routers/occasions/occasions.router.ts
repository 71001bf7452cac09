import { authedProcedure, router } from '../../trpc';
import { createOccasionInput, occasionSchema } from './occasions.schemas';
import { createOccasion, deleteOccasion, listOccasions } from './occasions.service';
import { deleteById, listMine } from '../../lib/procedures';

export const occasionsRouter = router({
  list: listMine(
    { method: 'GET', path: '/occasions', tags: ['planner'], summary: 'My special occasions, by date' },
    occasionSchema,
    listOccasions,
  ),

  create: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/occasions', tags: ['planner'], summary: 'Add a special occasion' },
      idempotency: 'recorded',
    })
    .input(createOccasionInput)
    .output(occasionSchema)
    .mutation(({ ctx, input }) => createOccasion(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(
    {
      method: 'DELETE',
      path: '/occasions/{id}',
      tags: ['planner'],
      summary: 'Delete one of my special occasions',
    },
    deleteOccasion,
  ),
});

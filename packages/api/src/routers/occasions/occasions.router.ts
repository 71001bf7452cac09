import { authedProcedure, router } from '../../trpc';
import { createOccasionInput, occasionSchema } from './occasions.schemas';
import { createOccasion, deleteOccasion, listOccasions } from './occasions.service';
import { deleteById, listMine, rest } from '../../lib/procedures';

export const occasionsRouter = router({
  list: listMine(rest('GET /occasions', 'planner', 'My special occasions, by date'), occasionSchema, listOccasions),

  create: authedProcedure
    .meta(rest.recorded('POST /occasions', 'planner', 'Add a special occasion'))
    .input(createOccasionInput)
    .output(occasionSchema)
    .mutation(({ ctx, input }) => createOccasion(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(rest('DELETE /occasions/{id}', 'planner', 'Delete one of my special occasions'), deleteOccasion),
});

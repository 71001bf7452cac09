import { authedProcedure, router } from '../../trpc';
import { availabilitySchema, createAvailabilityInput } from './availability.schemas';
import { createAvailability, deleteAvailability, listAvailability } from './availability.service';
import { deleteById, listMine, rest } from '../../lib/procedures';

export const availabilityRouter = router({
  list: listMine(
    rest('GET /availability', 'planner', 'My travel availability, earliest first'),
    availabilitySchema,
    listAvailability,
  ),

  create: authedProcedure
    .meta(rest.recorded('POST /availability', 'planner', 'Share a window in which I can travel'))
    .input(createAvailabilityInput)
    .output(availabilitySchema)
    .mutation(({ ctx, input }) => createAvailability(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(
    rest('DELETE /availability/{id}', 'planner', 'Delete one of my availability windows'),
    deleteAvailability,
  ),
});

import { authedProcedure, router } from '../../trpc';
import { availabilitySchema, createAvailabilityInput } from './availability.schemas';
import { createAvailability, deleteAvailability, listAvailability } from './availability.service';
import { deleteById, listMine } from '../../lib/procedures';

export const availabilityRouter = router({
  list: listMine(
    {
      method: 'GET',
      path: '/availability',
      tags: ['planner'],
      summary: 'My travel availability, earliest first',
    },
    availabilitySchema,
    listAvailability,
  ),

  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/availability',
        tags: ['planner'],
        summary: 'Share a window in which I can travel',
      },
      idempotency: 'recorded',
    })
    .input(createAvailabilityInput)
    .output(availabilitySchema)
    .mutation(({ ctx, input }) => createAvailability(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(
    {
      method: 'DELETE',
      path: '/availability/{id}',
      tags: ['planner'],
      summary: 'Delete one of my availability windows',
    },
    deleteAvailability,
  ),
});

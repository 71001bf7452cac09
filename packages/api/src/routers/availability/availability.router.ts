import { z } from 'zod';
import { deletedSchema, idInput } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
import { availabilitySchema, createAvailabilityInput } from './availability.schemas';
import { createAvailability, deleteAvailability, listAvailability } from './availability.service';

export const availabilityRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/availability',
        tags: ['planner'],
        summary: 'My travel availability, earliest first',
      },
    })
    .input(z.void())
    .output(z.array(availabilitySchema))
    .query(({ ctx }) => listAvailability(ctx.db, ctx.actor)),

  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/availability',
        tags: ['planner'],
        summary: 'Share a window in which I can travel',
      },
    })
    .input(createAvailabilityInput)
    .output(availabilitySchema)
    .mutation(({ ctx, input }) => createAvailability(ctx.db, ctx.actor, input, ctx.now())),

  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/availability/{id}',
        tags: ['planner'],
        summary: 'Delete one of my availability windows',
      },
    })
    .input(idInput)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteAvailability(ctx.db, ctx.actor, input.id)),
});

import { z } from 'zod';
import { idInput } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
import { createTravelInput, travelSchema } from './travels.schemas';
import { createTravel, getTravel, listHistory } from './travels.service';

export const travelsRouter = router({
  history: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/travels/history', tags: ['travels'], summary: 'The travel journal, newest first' },
    })
    .input(z.void())
    .output(z.array(travelSchema))
    .query(({ ctx }) => listHistory(ctx.db, ctx.actor, ctx.now())),

  byId: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/travels/{id}', tags: ['travels'], summary: 'One journal entry' } })
    .input(idInput)
    .output(travelSchema)
    .query(({ ctx, input }) => getTravel(ctx.db, ctx.actor, input.id)),

  create: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/travels/history', tags: ['travels'], summary: 'Add a past travel to the journal' },
    })
    .input(createTravelInput)
    .output(travelSchema)
    .mutation(({ ctx, input }) => createTravel(ctx.db, ctx.actor, input)),
});

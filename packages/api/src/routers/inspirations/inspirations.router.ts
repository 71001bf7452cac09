import { z } from 'zod';
import { idInput } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
import { favouriteSchema, inspirationSchema, recommendationSchema } from './inspirations.schemas';
import { listInspirations, recommendInspirations, setFavourite } from './inspirations.service';

export const inspirationsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/inspirations', tags: ['inspirations'], summary: 'Trip ideas, with my favourites marked' } })
    .input(z.void())
    .output(z.array(inspirationSchema))
    .query(({ ctx }) => listInspirations(ctx.db, ctx.actor)),

  recommended: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/inspirations/recommended',
        tags: ['inspirations'],
        summary: 'Every idea ranked against my past travels, best first, with the reason',
      },
    })
    .input(z.void())
    .output(z.array(recommendationSchema))
    .query(({ ctx }) => recommendInspirations(ctx.db, ctx.actor)),

  favourite: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/inspirations/{id}/favourite', tags: ['inspirations'], summary: 'Mark an idea as a favourite' } })
    .input(idInput)
    .output(favouriteSchema)
    .mutation(({ ctx, input }) => setFavourite(ctx.db, ctx.actor, input.id, true, ctx.now())),

  unfavourite: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/inspirations/{id}/favourite', tags: ['inspirations'], summary: 'Remove an idea from my favourites' } })
    .input(idInput)
    .output(favouriteSchema)
    .mutation(({ ctx, input }) => setFavourite(ctx.db, ctx.actor, input.id, false, ctx.now())),
});

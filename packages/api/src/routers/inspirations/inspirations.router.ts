import { z } from 'zod';
import { idInput } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
import {
  favouriteSchema,
  inspirationSchema,
  nextTripIdeasSchema,
  recommendationSchema,
  setFavouriteInput,
} from './inspirations.schemas';
import { listInspirations, listNextTripIdeas, recommendInspirations, setFavourite } from './inspirations.service';
import { listMine } from '../../lib/procedures';

export const inspirationsRouter = router({
  list: listMine(
    {
      method: 'GET',
      path: '/inspirations',
      tags: ['inspirations'],
      summary: 'Trip ideas, with my favourites marked',
    },
    inspirationSchema,
    listInspirations,
  ),

  nextTrip: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/inspirations/next-trip',
        tags: ['inspirations'],
        summary: "Trip ideas leaning towards my next trip's destination and season, best fit first",
      },
    })
    .input(z.void())
    .output(nextTripIdeasSchema)
    .query(({ ctx }) => listNextTripIdeas(ctx.db, ctx.actor, ctx.now())),

  recommended: listMine(
    {
      method: 'GET',
      path: '/inspirations/recommended',
      tags: ['inspirations'],
      summary: 'Every idea ranked against my past travels, best first, with the reason',
    },
    recommendationSchema,
    (db, actor) => recommendInspirations(db, actor),
  ),

  favourite: authedProcedure
    .meta({
      idempotency: 'recorded',
      openapi: {
        method: 'POST',
        path: '/inspirations/{id}/favourite',
        tags: ['inspirations'],
        summary: 'Mark an idea as a favourite',
      },
    })
    .input(idInput)
    .output(favouriteSchema)
    .mutation(({ ctx, input }) => setFavourite(ctx.db, ctx.actor, input.id, true, ctx.now())),

  unfavourite: authedProcedure
    .meta({
      idempotency: 'recorded',
      openapi: {
        method: 'DELETE',
        path: '/inspirations/{id}/favourite',
        tags: ['inspirations'],
        summary: 'Remove an idea from my favourites',
      },
    })
    .input(idInput)
    .output(favouriteSchema)
    .mutation(({ ctx, input }) => setFavourite(ctx.db, ctx.actor, input.id, false, ctx.now())),

  // The heart's state as the traveller left it, in one call: replayed from an offline queue, it never undoes itself as a toggle would.
  setFavourite: authedProcedure
    .meta({
      idempotency: 'recorded',
      openapi: {
        method: 'PUT',
        path: '/inspirations/{id}/favourite',
        tags: ['inspirations'],
        summary: 'Mark (isFavourite: true) or unmark (false) an idea as a favourite',
      },
    })
    .input(setFavouriteInput)
    .output(favouriteSchema)
    .mutation(({ ctx, input }) => setFavourite(ctx.db, ctx.actor, input.id, input.isFavourite, ctx.now())),
});

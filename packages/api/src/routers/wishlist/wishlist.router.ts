import { authedProcedure, router } from '../../trpc';
import {
  createWishlistItemInput,
  importSavedPlacesInput,
  importSavedPlacesResult,
  wishlistItemSchema,
} from './wishlist.schemas';
import { createWishlistItem, deleteWishlistItem, importSavedPlaces } from './wishlist.service';
import { deleteById } from '../../lib/procedures';

export const wishlistRouter = router({
  create: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/wishlist', tags: ['interests'], summary: 'Add a wishlist item' },
      idempotency: 'recorded',
    })
    .input(createWishlistItemInput)
    .output(wishlistItemSchema)
    .mutation(({ ctx, input }) => createWishlistItem(ctx.db, ctx.actor, input, ctx.now())),

  importPlaces: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/wishlist/import',
        tags: ['interests'],
        summary:
          'Add Google Maps saved places (Takeout GeoJSON or a saved list CSV) as wishlist items with coordinates',
      },
      idempotency: 'recorded',
    })
    .input(importSavedPlacesInput)
    .output(importSavedPlacesResult)
    .mutation(({ ctx, input }) => importSavedPlaces(ctx.db, ctx.actor, input.text, ctx.now())),

  delete: deleteById(
    {
      method: 'DELETE',
      path: '/wishlist/{id}',
      tags: ['interests'],
      summary: 'Remove one of my wishlist items',
    },
    deleteWishlistItem,
  ),
});

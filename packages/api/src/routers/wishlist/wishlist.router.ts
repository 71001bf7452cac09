import { authedProcedure, router } from '../../trpc';
import { createWishlistItemInput, wishlistItemSchema } from './wishlist.schemas';
import { createWishlistItem, deleteWishlistItem } from './wishlist.service';
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

import { authedProcedure, router } from '../../trpc';
import {
  createWishlistItemInput,
  importSavedPlacesInput,
  importSavedPlacesResult,
  wishlistItemSchema,
} from './wishlist.schemas';
import { createWishlistItem, deleteWishlistItem, importSavedPlaces } from './wishlist.service';
import { deleteById, rest, write } from '../../lib/procedures';

export const wishlistRouter = router({
  create: write(createWishlistItemInput, wishlistItemSchema, createWishlistItem).at(
    rest.recorded('POST /wishlist', 'interests', 'Add a wishlist item'),
  ),

  importPlaces: authedProcedure
    .meta(
      rest.recorded(
        'POST /wishlist/import',
        'interests',
        'Add Google Maps saved places (Takeout GeoJSON or a saved list CSV) as wishlist items with coordinates',
      ),
    )
    .input(importSavedPlacesInput)
    .output(importSavedPlacesResult)
    .mutation(({ ctx, input }) => importSavedPlaces(ctx.db, ctx.actor, input.text, ctx.now())),

  delete: deleteById(deleteWishlistItem).at(
    rest('DELETE /wishlist/{id}', 'interests', 'Remove one of my wishlist items'),
  ),
});

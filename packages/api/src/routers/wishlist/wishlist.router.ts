import { router } from '../../trpc';
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

  importPlaces: write(importSavedPlacesInput, importSavedPlacesResult, (db, actor, input, now) =>
    importSavedPlaces(db, actor, input.text, now),
  ).at(
    rest.recorded(
      'POST /wishlist/import',
      'interests',
      'Add Google Maps saved places (Takeout GeoJSON or a saved list CSV) as wishlist items with coordinates',
    ),
  ),

  delete: deleteById(deleteWishlistItem).at(
    rest('DELETE /wishlist/{id}', 'interests', 'Remove one of my wishlist items'),
  ),
});

import { z } from 'zod';
import { id } from '../../lib/schemas';

// The input the web app's wishlist form checks too.
export { createWishlistItemInput, type CreateWishlistItemInput } from '@naav/schemas/interests';

export const wishlistItemSchema = z
  .object({
    id,
    title: z.string(),
    description: z.string().nullable(),
    location: z.string().nullable(),
    itemType: z.literal('experience'),
    tags: z.array(z.string()),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'WishlistItem' });
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

/** POST /api/wishlist/import: a Google Maps export's text (Takeout's Saved Places.json, or a saved list's CSV). */
export const importSavedPlacesInput = z.object({
  text: z.string().min(1, 'Choose a file').max(5_000_000, 'At most 5 MB'),
});

export const importSavedPlacesResult = z.object({
  added: z.array(wishlistItemSchema),
  /** Places already on the wishlist (same title), left as they are. */
  skipped: z.number().int(),
});

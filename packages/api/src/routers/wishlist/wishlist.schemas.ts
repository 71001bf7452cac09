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
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'WishlistItem' });
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

import { interestIconNames } from '@naav/db/schema';
import { dietaryPreference } from '@naav/schemas/interests';
import { z } from 'zod';
import { id, optionalText } from '../../lib/schemas';

export const interestCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  iconName: z.enum(interestIconNames),
  /** Six popular names offered when adding an interest of this category. */
  suggestions: z.array(z.string()),
});
export type InterestCategory = z.infer<typeof interestCategorySchema>;

// The inputs the web app's interest dialog and food preferences form check too.
export {
  createInterestInput,
  dietaryPreference,
  foodPreferencesInput,
  interestMessages,
  updateInterestInput,
  type CreateInterestInput,
  type FoodPreferencesInput,
  type UpdateInterestInput,
} from '@naav/schemas/interests';

export const interestSchema = z.object({
  id,
  categoryId: z.number().int(),
  categoryName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  priority: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Interest = z.infer<typeof interestSchema>;

export const createWishlistItemInput = z.object({
  title: z.string().trim().min(1, 'Required').max(200),
  description: optionalText(2000),
  location: optionalText(200),
  /** Items added here are always experiences. */
  itemType: z.literal('experience').default('experience'),
  /** Trimmed; blanks dropped. */
  tags: z
    .array(z.string().trim().max(50, 'A tag can be at most 50 characters'))
    .max(20, 'At most 20 tags')
    .default([])
    .transform((tags) => tags.filter((tag) => tag.length > 0)),
});
export type CreateWishlistItemInput = z.infer<typeof createWishlistItemInput>;

export const wishlistItemSchema = z.object({
  id,
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  itemType: z.literal('experience'),
  tags: z.array(z.string()),
  createdAt: z.iso.datetime(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const interestProfileSchema = z.object({
  interests: z.array(interestSchema),
  wishlist: z.array(wishlistItemSchema),
});
export type InterestProfile = z.infer<typeof interestProfileSchema>;

export const foodPreferencesSchema = z.object({
  diets: z.array(dietaryPreference),
  allergies: z.string().nullable(),
  notes: z.string().nullable(),
  /** null until the traveller saves them. */
  updatedAt: z.iso.datetime().nullable(),
});
export type FoodPreferences = z.infer<typeof foodPreferencesSchema>;


import { interestIconNames } from '@naav/db/schema';
import { dietaryPreference } from '@naav/schemas/interests';
import { z } from 'zod';
import { id } from '../../lib/schemas';
import { wishlistItemSchema } from '../wishlist/wishlist.schemas';

export const interestCategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    color: z.string(),
    iconName: z.enum(interestIconNames),
    /** Six popular names offered when adding an interest of this category. */
    suggestions: z.array(z.string()),
  })
  .meta({ id: 'InterestCategory' });
export type InterestCategory = z.infer<typeof interestCategorySchema>;

// The inputs the web app's interest dialog and food preferences form check too.
export {
  createInterestInput,
  foodPreferencesInput,
  interestMessages,
  updateInterestInput,
  type CreateInterestInput,
  type FoodPreferencesInput,
  type UpdateInterestInput,
} from '@naav/schemas/interests';

export const interestSchema = z
  .object({
    id,
    categoryId: z.number().int(),
    categoryName: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    priority: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Interest' });
export type Interest = z.infer<typeof interestSchema>;

export const interestProfileSchema = z
  .object({
    interests: z.array(interestSchema),
    wishlist: z.array(wishlistItemSchema),
  })
  .meta({ id: 'InterestProfile' });
export type InterestProfile = z.infer<typeof interestProfileSchema>;

export const foodPreferencesSchema = z.object({
  diets: z.array(dietaryPreference),
  allergies: z.string().nullable(),
  notes: z.string().nullable(),
  /** null until the traveller saves them. */
  updatedAt: z.iso.datetime().nullable(),
});
export type FoodPreferences = z.infer<typeof foodPreferencesSchema>;

/** What an interest (the Interests screen's add and edit dialog), a wishlist item and the food preferences accept. */
import { z } from './zod';
import { id, optionalText } from './fields';

/** The dialog's messages, word for word as the spec has them. */
export const interestMessages = {
  category: 'Please select a category',
  name: 'Name must be at least 2 characters',
} as const;

const interestFields = {
  /** A number; a numeric string (a form's select value) is accepted too. */
  categoryId: z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,7}$/, interestMessages.category)
          .transform(Number),
      ],
      { error: interestMessages.category },
    )
    .pipe(
      z
        .number()
        .int(interestMessages.category)
        .min(1, interestMessages.category)
        .max(1_000_000, interestMessages.category),
    ),
  name: z.string().trim().min(2, interestMessages.name).max(100),
  description: optionalText(1000),
  /** 1 Slight interest … 5 Must-have! */
  priority: z.number().int().min(1).max(5).default(3),
};

export const createInterestInput = z.object(interestFields);
export type CreateInterestInput = z.infer<typeof createInterestInput>;

/** PATCH: any of the fields; the others stay. */
export const updateInterestInput = z.object({
  id,
  categoryId: interestFields.categoryId.optional(),
  name: interestFields.name.optional(),
  description: optionalText(1000).optional(),
  priority: z.number().int().min(1).max(5).optional(),
});
export type UpdateInterestInput = z.infer<typeof updateInterestInput>;

/** POST /api/wishlist: the Wishlist tab's Add to Wishlist form. */
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

/** Dietary needs a traveller can tick; allergies are free text beside them. */
export const dietaryPreferences = ['vegetarian', 'vegan', 'halal', 'kosher', 'gluten_free'] as const;

export const dietaryPreference = z.enum(dietaryPreferences);

/** PUT /api/profile/food-preferences: the Food tab's form. */
export const foodPreferencesInput = z.object({
  /** Any of vegetarian, vegan, halal, kosher, gluten_free; duplicates are dropped. */
  diets: z
    .array(dietaryPreference)
    .max(dietaryPreferences.length * 2)
    .default([])
    .transform((diets) => dietaryPreferences.filter((d) => diets.includes(d))),
  /** Free text, e.g. "peanuts, shellfish". */
  allergies: optionalText(500),
  notes: optionalText(1000),
});
export type FoodPreferencesInput = z.infer<typeof foodPreferencesInput>;

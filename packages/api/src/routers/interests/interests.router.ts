import { z } from 'zod';
import { idInput } from '../../lib/schemas';
import { agentProcedure, authedProcedure, router } from '../../trpc';
import {
  createInterestInput,
  foodPreferencesInput,
  foodPreferencesSchema,
  interestCategorySchema,
  interestProfileSchema,
  interestSchema,
  updateInterestInput,
} from './interests.schemas';
import {
  createInterest,
  deleteInterest,
  getClientFoodPreferences,
  getFoodPreferences,
  getInterestProfile,
  listInterestCategories,
  saveFoodPreferences,
  updateInterest,
} from './interests.service';
import { deleteById, rest } from '../../lib/procedures';

export const interestsRouter = router({
  profile: authedProcedure
    .meta(rest('GET /profile/interests', 'interests', 'My interests and wishlist'))
    .input(z.void())
    .output(interestProfileSchema)
    .query(({ ctx }) => getInterestProfile(ctx.db, ctx.actor)),

  categories: authedProcedure
    .meta(rest('GET /interests/categories', 'interests', 'Interest categories with suggestions'))
    .input(z.void())
    .output(z.array(interestCategorySchema))
    .query(({ ctx }) => listInterestCategories(ctx.db)),

  create: authedProcedure
    .meta(rest.recorded('POST /interests', 'interests', 'Add an interest'))
    .input(createInterestInput)
    .output(interestSchema)
    .mutation(({ ctx, input }) => createInterest(ctx.db, ctx.actor, input, ctx.now())),

  update: authedProcedure
    .meta(rest('PATCH /interests/{id}', 'interests', 'Change one of my interests'))
    .input(updateInterestInput)
    .output(interestSchema)
    .mutation(({ ctx, input }) => updateInterest(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(rest('DELETE /interests/{id}', 'interests', 'Delete one of my interests'), deleteInterest),

  foodPreferences: authedProcedure
    .meta(rest('GET /profile/food-preferences', 'interests', 'My dietary preferences and restrictions'))
    .input(z.void())
    .output(foodPreferencesSchema)
    .query(({ ctx }) => getFoodPreferences(ctx.db, ctx.actor.id)),

  saveFoodPreferences: authedProcedure
    .meta(rest('PUT /profile/food-preferences', 'interests', 'Replace my dietary preferences and restrictions'))
    .input(foodPreferencesInput)
    .output(foodPreferencesSchema)
    .mutation(({ ctx, input }) => saveFoodPreferences(ctx.db, ctx.actor, input, ctx.now())),

  clientFoodPreferences: agentProcedure
    .meta(rest('GET /clients/{id}/food-preferences', 'agents', "A client's dietary preferences (agents only)"))
    .input(idInput)
    .output(foodPreferencesSchema)
    .query(({ ctx, input }) => getClientFoodPreferences(ctx.db, ctx.actor, input.id)),
});

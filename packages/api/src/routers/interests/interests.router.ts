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
import { deleteById } from '../../lib/procedures';

export const interestsRouter = router({
  profile: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/profile/interests', tags: ['interests'], summary: 'My interests and wishlist' },
    })
    .input(z.void())
    .output(interestProfileSchema)
    .query(({ ctx }) => getInterestProfile(ctx.db, ctx.actor)),

  categories: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/interests/categories',
        tags: ['interests'],
        summary: 'Interest categories with suggestions',
      },
    })
    .input(z.void())
    .output(z.array(interestCategorySchema))
    .query(({ ctx }) => listInterestCategories(ctx.db)),

  create: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/interests', tags: ['interests'], summary: 'Add an interest' },
      idempotency: 'recorded',
    })
    .input(createInterestInput)
    .output(interestSchema)
    .mutation(({ ctx, input }) => createInterest(ctx.db, ctx.actor, input, ctx.now())),

  update: authedProcedure
    .meta({
      openapi: { method: 'PATCH', path: '/interests/{id}', tags: ['interests'], summary: 'Change one of my interests' },
    })
    .input(updateInterestInput)
    .output(interestSchema)
    .mutation(({ ctx, input }) => updateInterest(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(
    {
      method: 'DELETE',
      path: '/interests/{id}',
      tags: ['interests'],
      summary: 'Delete one of my interests',
    },
    deleteInterest,
  ),

  foodPreferences: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/profile/food-preferences',
        tags: ['interests'],
        summary: 'My dietary preferences and restrictions',
      },
    })
    .input(z.void())
    .output(foodPreferencesSchema)
    .query(({ ctx }) => getFoodPreferences(ctx.db, ctx.actor.id)),

  saveFoodPreferences: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/profile/food-preferences',
        tags: ['interests'],
        summary: 'Replace my dietary preferences and restrictions',
      },
    })
    .input(foodPreferencesInput)
    .output(foodPreferencesSchema)
    .mutation(({ ctx, input }) => saveFoodPreferences(ctx.db, ctx.actor, input, ctx.now())),

  clientFoodPreferences: agentProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/clients/{id}/food-preferences',
        tags: ['agents'],
        summary: "A client's dietary preferences (agents only)",
      },
    })
    .input(idInput)
    .output(foodPreferencesSchema)
    .query(({ ctx, input }) => getClientFoodPreferences(ctx.db, ctx.actor, input.id)),
});

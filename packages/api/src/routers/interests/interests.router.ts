import { router } from '../../trpc';
import {
  createInterestInput,
  foodPreferencesInput,
  foodPreferencesSchema,
  interestCategorySchema,
  interestProfileSchema,
  interestSchema,
  updateInterestInput,
} from './interests.schemas';
import * as interests from './interests.service';
import { deleteById, forAgents, listMine, readMine, rest, write } from '../../lib/procedures';

export const interestsRouter = router({
  profile: readMine(interestProfileSchema, interests.getInterestProfile).at(
    rest('GET /profile/interests', 'interests', 'My interests and wishlist'),
  ),

  categories: listMine(interestCategorySchema, (db) => interests.listInterestCategories(db)).at(
    rest('GET /interests/categories', 'interests', 'Interest categories with suggestions'),
  ),

  create: write(createInterestInput, interestSchema, interests.createInterest).at(
    rest.recorded('POST /interests', 'interests', 'Add an interest'),
  ),

  update: write(updateInterestInput, interestSchema, interests.updateInterest).at(
    rest('PATCH /interests/{id}', 'interests', 'Change one of my interests'),
  ),

  delete: deleteById(interests.deleteInterest).at(
    rest('DELETE /interests/{id}', 'interests', 'Delete one of my interests'),
  ),

  foodPreferences: readMine(foodPreferencesSchema, (db, actor) => interests.getFoodPreferences(db, actor.id)).at(
    rest('GET /profile/food-preferences', 'interests', 'My dietary preferences and restrictions'),
  ),

  saveFoodPreferences: write(foodPreferencesInput, foodPreferencesSchema, interests.saveFoodPreferences).at(
    rest('PUT /profile/food-preferences', 'interests', 'Replace my dietary preferences and restrictions'),
  ),

  clientFoodPreferences: forAgents
    .readById(foodPreferencesSchema, interests.getClientFoodPreferences)
    .at(rest('GET /clients/{id}/food-preferences', 'agents', "A client's dietary preferences (agents only)")),
});

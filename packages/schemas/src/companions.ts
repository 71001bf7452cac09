/** What a travel companion accepts: the API's input and the Add a Travel Companion form's check. */
import { z } from './zod';
import { id, imageUrl, requiredText } from './fields';

/** POST /api/trips/{id}/companions: `id` is the trip's. */
export const createCompanionInput = z.object({
  id,
  name: requiredText(100),
  relationship: requiredText(60),
  imageUrl,
});
export type CreateCompanionInput = z.infer<typeof createCompanionInput>;

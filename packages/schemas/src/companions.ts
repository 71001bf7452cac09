/** What a travel companion accepts: the API's inputs and the Add and Edit companion forms' checks. */
import { z } from './zod';
import { id, imageUrl, requiredText } from './fields';

const companionFields = {
  name: requiredText(100),
  relationship: requiredText(60),
  imageUrl,
};

/** POST /api/trips/{id}/companions: `id` is the trip's. */
export const createCompanionInput = z.object({ id, ...companionFields });
export type CreateCompanionInput = z.infer<typeof createCompanionInput>;

/** PATCH /api/companions/{id}: `id` is the companion's; only the fields sent change. */
export const updateCompanionInput = z.object(companionFields).partial().extend({ id });
export type UpdateCompanionInput = z.infer<typeof updateCompanionInput>;

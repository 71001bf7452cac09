import { z } from 'zod';
import { id, imageUrl, requiredText } from '../../lib/schemas';

/** POST /api/trips/{id}/companions: `id` is the trip's. */
export const createCompanionInput = z.object({
  id,
  name: requiredText(100),
  relationship: requiredText(60),
  imageUrl,
});
export type CreateCompanionInput = z.infer<typeof createCompanionInput>;

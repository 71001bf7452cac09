import { packingCategories } from '@naav/schemas/packing';
import { z } from 'zod';
import { id } from '../../lib/schemas';

// The requests live in @naav/schemas, where the trip page's packing form checks its values with them too.
export {
  createPackingItemInput,
  type CreatePackingItemInput,
  fromTemplateInput,
  type FromTemplateInput,
  updatePackingItemInput,
  type UpdatePackingItemInput,
} from '@naav/schemas/packing';

/** One thing to pack; `assigneeName` is who brings it (null: shared, or someone no longer on the trip). */
export const packingItemSchema = z
  .object({
    id,
    tripId: id,
    name: z.string(),
    category: z.enum(packingCategories),
    quantity: z.number().int(),
    assigneeId: z.string().nullable(),
    assigneeName: z.string().nullable(),
    packed: z.boolean(),
  })
  .meta({ id: 'PackingItem' });
export type PackingItem = z.infer<typeof packingItemSchema>;

/** Someone who may bring an item or do a to-do: the owner, a member with an account, a companion. */
export const tripPersonSchema = z
  .object({ id, name: z.string(), kind: z.enum(['owner', 'member', 'companion']) })
  .meta({ id: 'TripPerson' });
export type TripPerson = z.infer<typeof tripPersonSchema>;

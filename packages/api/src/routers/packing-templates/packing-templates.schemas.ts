import { packingCategories } from '@naav/schemas/packing';
import { z } from 'zod';
import { id } from '../../lib/schemas';

export {
  createPackingTemplateInput,
  type CreatePackingTemplateInput,
  listPackingTemplatesInput,
} from '@naav/schemas/packing';

const templateItemSchema = z.object({
  name: z.string(),
  category: z.enum(packingCategories),
  quantity: z.number().int(),
});
export type TemplateItem = z.infer<typeof templateItemSchema>;

/**
 * A packing template: one of Naav's starters (`builtIn`) or one the user saved. Asked about a
 * trip, the quantities are those that trip would get, and the starter that suits it comes first
 * with `suggested` and the `reason`.
 */
export const packingTemplateSchema = z
  .object({
    id,
    name: z.string(),
    builtIn: z.boolean(),
    suggested: z.boolean(),
    reason: z.string().nullable(),
    items: z.array(templateItemSchema),
  })
  .meta({ id: 'PackingTemplate' });
export type PackingTemplate = z.infer<typeof packingTemplateSchema>;

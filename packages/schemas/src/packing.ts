/** What a packing item, a packing template and a to-do accept: the API's inputs and the trip page's forms. */
import { z } from './zod';
import { id, isoDate, requiredText } from './fields';
import { packingCategories, packingLimits } from './packing-limits';

export { packingCategories, packingLimits, type PackingCategory } from './packing-limits';

/** Who brings an item or does a to-do: a companion's id, the owner's or a member's user id; null for "shared". */
const assigneeId = id.nullable();

const packingFields = {
  name: requiredText(packingLimits.name),
  category: z.enum(packingCategories, { message: `Choose one of: ${packingCategories.join(', ')}` }),
  quantity: z.number().int('Must be a whole number').min(packingLimits.quantity.min).max(packingLimits.quantity.max),
  assigneeId,
};

/** POST /api/trips/{id}/packing: `id` is the trip's. Quantity 1 and "shared" unless given. */
export const createPackingItemInput = z.object({
  id,
  name: packingFields.name,
  category: packingFields.category,
  quantity: packingFields.quantity.default(1),
  assigneeId: assigneeId.default(null),
  packed: z.boolean().default(false),
});
export type CreatePackingItemInput = z.infer<typeof createPackingItemInput>;

/** PATCH /api/packing/{id}: `id` is the item's; only the fields sent change (a tick sends `packed` alone). */
export const updatePackingItemInput = z
  .object({ ...packingFields, packed: z.boolean() })
  .partial()
  .extend({ id });
export type UpdatePackingItemInput = z.infer<typeof updatePackingItemInput>;

/** POST /api/trips/{id}/packing/from-template: `id` is the trip's, `templateId` a starter's or one of the caller's templates. */
export const fromTemplateInput = z.object({ id, templateId: id });
export type FromTemplateInput = z.infer<typeof fromTemplateInput>;

/** POST /api/packing-templates: saves the trip's current list as one of the caller's templates. */
export const createPackingTemplateInput = z.object({ name: requiredText(packingLimits.templateName), tripId: id });
export type CreatePackingTemplateInput = z.infer<typeof createPackingTemplateInput>;

/** GET /api/packing-templates: with `tripId`, the starter that suits that trip comes first, marked `suggested`. */
export const listPackingTemplatesInput = z.object({ tripId: id.optional() });

const todoFields = {
  title: requiredText(packingLimits.todoTitle),
  dueDate: isoDate.nullable(),
  assigneeId,
};

/** POST /api/trips/{id}/todos: `id` is the trip's. */
export const createTodoInput = z.object({
  id,
  title: todoFields.title,
  dueDate: todoFields.dueDate.default(null),
  assigneeId: assigneeId.default(null),
  done: z.boolean().default(false),
});
export type CreateTodoInput = z.infer<typeof createTodoInput>;

/** PATCH /api/todos/{id}: `id` is the to-do's; only the fields sent change. */
export const updateTodoInput = z
  .object({ ...todoFields, done: z.boolean() })
  .partial()
  .extend({ id });
export type UpdateTodoInput = z.infer<typeof updateTodoInput>;

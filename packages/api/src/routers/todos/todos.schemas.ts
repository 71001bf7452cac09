import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';

// The requests live in @naav/schemas, where the trip page's to-do form checks its values with them too.
export { createTodoInput, type CreateTodoInput, updateTodoInput, type UpdateTodoInput } from '@naav/schemas/packing';

/** One to-do; `assigneeName` is who does it (null: anyone, or someone no longer on the trip). */
export const todoSchema = z
  .object({
    id,
    tripId: id,
    title: z.string(),
    dueDate: isoDate.nullable(),
    assigneeId: z.string().nullable(),
    assigneeName: z.string().nullable(),
    done: z.boolean(),
  })
  .meta({ id: 'Todo' });
export type Todo = z.infer<typeof todoSchema>;

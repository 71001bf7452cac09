import { occasionTypes } from '@naav/db/schema';
import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';

// The Add New dialog's occasion request lives in @naav/schemas, where the dialog checks its values with it too.
export { createOccasionInput, type CreateOccasionInput } from '@naav/schemas/availability';

export const occasionSchema = z
  .object({
    id,
    userId: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    date: isoDate,
    occasionType: z.enum(occasionTypes),
    isRecurring: z.boolean(),
    participants: z.array(z.string()),
    importance: z.number().int(),
    celebrated: z.boolean(),
    /** The next day it falls on, today included (recurring ones every year); null once past. */
    nextDate: isoDate.nullable(),
    /** ISO 8601 UTC. */
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Occasion' });
export type Occasion = z.infer<typeof occasionSchema>;

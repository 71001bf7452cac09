import { occasionTypes } from '@naav/db/schema';
import { z } from 'zod';
import { id, isoDate, optionalText, requiredText } from '../../lib/schemas';
import { calendarDateInput } from '../availability/availability.schemas';

/** A userId in the body is dropped like any unknown key: the owner is the signed-in user. */
export const createOccasionInput = z.object({
  title: requiredText(200),
  description: optionalText(2000),
  /** For a recurring occasion, the first year it happened. */
  date: calendarDateInput,
  occasionType: z.enum(occasionTypes).default('birthday'),
  isRecurring: z.boolean().default(false),
  /** Names, trimmed; blank entries are dropped. */
  participants: z
    .array(z.string().trim().max(100, 'A participant can be at most 100 characters'))
    .max(50, 'At most 50 participants')
    .default([])
    .transform((names) => names.filter((name) => name.length > 0)),
  /** 1 Low … 5 Very Important. */
  importance: z.number().int().min(1).max(5).default(3),
  /** Accepted for the documented payload; a new occasion is never celebrated yet. */
  celebrated: z.boolean().optional(),
});
export type CreateOccasionInput = z.infer<typeof createOccasionInput>;

export const occasionSchema = z.object({
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
});
export type Occasion = z.infer<typeof occasionSchema>;

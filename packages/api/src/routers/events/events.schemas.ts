import { eventStatuses, eventTypes } from '@naav/db/schema';
import { z } from 'zod';
import { id, isoDate, optionalText, requiredText, timeInput } from '../../lib/schemas';

const eventFields = {
  title: requiredText(160),
  type: z.enum(eventTypes),
  /** The day within the trip. */
  date: isoDate,
  startTime: timeInput.nullish(),
  endTime: timeInput.nullish(),
  location: optionalText(200),
  description: optionalText(1000),
  status: z.enum(eventStatuses).optional(),
};

const endNotBeforeStart = (v: { startTime?: string | null; endTime?: string | null }, ctx: z.RefinementCtx) => {
  if (v.startTime && v.endTime && v.endTime < v.startTime) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'The end time cannot be before the start time' });
  }
};

/** POST /api/trips/{id}/events: `id` is the trip's. */
export const createEventInput = z.object({ id, ...eventFields }).superRefine(endNotBeforeStart);
export type CreateEventInput = z.infer<typeof createEventInput>;

// `id` stays a plain string: the OpenAPI generator rejects a nonoptional path parameter.
export const updateEventInput = z
  .object(eventFields)
  .partial()
  .extend({ id })
  .superRefine(endNotBeforeStart);
export type UpdateEventInput = z.infer<typeof updateEventInput>;

export const deletedSchema = z.object({ id, deleted: z.literal(true) });

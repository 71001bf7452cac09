import { preferredDurations } from '@naav/db/schema';
import { z } from 'zod';
import { id, isoDate, optionalText } from '../../lib/schemas';

/**
 * A calendar date; a full ISO timestamp (what a browser's toISOString() sends) is
 * accepted too and cut to its date.
 */
export const calendarDateInput = z
  .union([isoDate, z.iso.datetime({ offset: true })])
  .transform((value) => value.slice(0, 10));

/**
 * The documented payload also sends a userId: like any unknown key it is dropped, since the
 * owner is always the signed-in user.
 */
export const createAvailabilityInput = z
  .object({
    startDate: calendarDateInput,
    endDate: calendarDateInput,
    isFlexible: z.boolean().default(false),
    /** Days either side; the slider runs 1–14. */
    flexibilityDays: z.number().int().min(1).max(14).default(3),
    /** Days: 3 (a weekend), 5, 7, 10, 14, 21 or 30. */
    preferredDuration: z.literal([...preferredDurations]).default(7),
    /** 1 Low priority … 5 Must travel! */
    priority: z.number().int().min(1).max(5).default(3),
    status: z.literal('active').default('active'),
    notes: optionalText(2000),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be before the start date' });
    }
  });
export type CreateAvailabilityInput = z.infer<typeof createAvailabilityInput>;

export const availabilitySchema = z.object({
  id,
  userId: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  isFlexible: z.boolean(),
  flexibilityDays: z.number().int(),
  preferredDuration: z.number().int(),
  priority: z.number().int(),
  status: z.literal('active'),
  notes: z.string().nullable(),
  /** ISO 8601 UTC. */
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const deletedSchema = z.object({ id, deleted: z.literal(true) });

/** The availability planner's lists and the requests of its Add New dialog (an availability window, a special occasion). */
import { z } from './zod';
import { isoDate, optionalText, requiredText } from './fields';

/** Days: 3 (a weekend), 5, 7, 10, 14, 21 or 30. */
export const preferredDurations = [3, 5, 7, 10, 14, 21, 30] as const;
export const occasionTypes = ['birthday', 'anniversary', 'graduation', 'wedding', 'holiday', 'other'] as const;

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
/** POST /api/availability: the dialog's Availability form. */
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

/** POST /api/occasions: the dialog's Special Occasion form. A userId in the body is dropped like any unknown key: the owner is the signed-in user. */
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

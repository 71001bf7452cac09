import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';

// The Add New dialog's requests live in @naav/schemas, where the dialog checks its values with them too.
export { createAvailabilityInput, type CreateAvailabilityInput } from '@naav/schemas/availability';

export const availabilitySchema = z
  .object({
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
  })
  .meta({ id: 'AvailabilityWindow' });
export type Availability = z.infer<typeof availabilitySchema>;

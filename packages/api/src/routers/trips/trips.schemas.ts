import { eventStatuses, eventTypes } from '@naav/db/schema';
import { z } from 'zod';
import { id, isoDate, timeOfDay } from '../../lib/schemas';

export const tripStatuses = ['current', 'upcoming', 'past', 'cancelled'] as const;

export const tripSchema = z.object({
  id,
  title: z.string(),
  destination: z.string(),
  location: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  status: z.enum(tripStatuses),
  timeZone: z.string(),
  imageUrl: z.string().nullable(),
  description: z.string().nullable(),
  accommodation: z.string().nullable(),
  transportation: z.string().nullable(),
  notes: z.string().nullable(),
  baseCurrency: z.string().length(3),
  /** Minor units of baseCurrency, null when no budget is set. */
  budgetTotal: z.number().int().nullable(),
});
export type Trip = z.infer<typeof tripSchema>;

export const eventSchema = z.object({
  id,
  tripId: id,
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  date: isoDate,
  startTime: timeOfDay.nullable(),
  endTime: timeOfDay.nullable(),
  type: z.enum(eventTypes),
  status: z.enum(eventStatuses),
});
export type TripEvent = z.infer<typeof eventSchema>;

export const companionSchema = z.object({
  id,
  name: z.string(),
  relationship: z.string(),
  imageUrl: z.string().nullable(),
});
export type Companion = z.infer<typeof companionSchema>;

export const tripIdInput = z.object({ id });

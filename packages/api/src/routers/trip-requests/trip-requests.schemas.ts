import { travelStyles, tripRequestStatuses } from '@naav/db/schema';
import { z } from 'zod';
import { id, isoDate, optionalText, requiredText, timeZone } from '../../lib/schemas';

export const preferredActivities = ['beach', 'cultural', 'adventure', 'foodie'] as const;
export const customExperienceOptions = [
  'Private guided tour',
  'Michelin-star dining',
  'Hot air balloon ride',
  'Spa day',
  'Cooking class with a local chef',
  'Yacht charter',
  'Wine tasting',
  'Helicopter tour',
] as const;

/** The trip planner form of My Trips (§3 and §5 of the first spec file). */
export const createTripRequestInput = z
  .object({
    destination: requiredText(120),
    startDate: isoDate,
    endDate: isoDate,
    /** Whole US dollars; the slider runs 1,000 to 20,000+ in steps of 500. */
    budget: z.number().int().min(1000).max(20000).multipleOf(500).default(5000),
    travelStyle: z.enum(travelStyles).default('luxury'),
    activities: z
      .array(z.enum(preferredActivities))
      .max(4)
      .default([])
      .refine((list) => new Set(list).size === list.length, 'Each activity can be chosen once'),
    customExperiences: z
      .array(z.enum(customExperienceOptions))
      .max(8)
      .default([])
      .refine((list) => new Set(list).size === list.length, 'Each experience can be chosen once'),
    notes: optionalText(2000),
    adults: z.number().int().min(1).max(12).default(2),
    children: z.number().int().min(0).max(12).default(0),
    rooms: z.number().int().min(1).max(8).default(1),
    /** IANA zone of the trip; the form prefills the destination's. Left out, the server looks the destination up. */
    timeZone: timeZone.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be before the start date' });
    }
  });
export type CreateTripRequestInput = z.infer<typeof createTripRequestInput>;

export const tripRequestSchema = z.object({
  id,
  destination: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  budget: z.number().int(),
  travelStyle: z.enum(travelStyles),
  activities: z.array(z.string()),
  customExperiences: z.array(z.string()),
  notes: z.string().nullable(),
  adults: z.number().int(),
  children: z.number().int(),
  rooms: z.number().int(),
  /** IANA zone the trip will be in; null when neither the form nor the destination gave one. */
  timeZone: z.string().nullable(),
  status: z.enum(tripRequestStatuses),
  /** The proposal sent in answer (the latest, once submitted), or null: My Trips' "Proposal sent" links to it. */
  proposalId: z.string().nullable(),
  /** When it was filed, ISO 8601 UTC. */
  createdAt: z.iso.datetime(),
});
export type TripRequest = z.infer<typeof tripRequestSchema>;

/** A client's request as an agent sees it, to start a proposal from. */
export const clientTripRequestSchema = tripRequestSchema.extend({ clientId: z.string(), clientName: z.string() });
export type ClientTripRequest = z.infer<typeof clientTripRequestSchema>;

export const clientTripRequestsInput = z.object({ clientId: id.optional() });
export type ClientTripRequestsInput = z.infer<typeof clientTripRequestsInput>;

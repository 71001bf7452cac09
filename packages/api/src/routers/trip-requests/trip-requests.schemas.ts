import { tripRequestStatuses } from '@naav/db/schema';
import { travelStyles } from '@naav/schemas/trip-requests';
import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';
import { wholeDollarsOf } from '@naav/schemas/money';

// The planner's input, which the web app's form checks too.
export { createTripRequestInput, type CreateTripRequestInput } from '@naav/schemas/trip-requests';

export const tripRequestSchema = z
  .object({
    id,
    destination: z.string(),
    startDate: isoDate,
    endDate: isoDate,
    budget: z.number().int().meta(wholeDollarsOf('The budget for the whole trip')),
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
  })
  .meta({ id: 'TripRequest' });
export type TripRequest = z.infer<typeof tripRequestSchema>;

/** A client's request as an agent sees it, to start a proposal from. */
export const clientTripRequestSchema = tripRequestSchema
  .extend({ clientId: z.string(), clientName: z.string() })
  .meta({ id: 'ClientTripRequest' });
export type ClientTripRequest = z.infer<typeof clientTripRequestSchema>;

export const clientTripRequestsInput = z.object({ clientId: id.optional() });
export type ClientTripRequestsInput = z.infer<typeof clientTripRequestsInput>;

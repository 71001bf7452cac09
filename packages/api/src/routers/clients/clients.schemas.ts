import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';
import { availabilitySchema } from '../availability/availability.schemas';
import { occasionSchema } from '../occasions/occasions.schemas';

export const clientSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.email(),
    /** The client's agent, or null while unassigned (every agent sees an unassigned client). */
    agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'Client' });
export type Client = z.infer<typeof clientSchema>;

/** Optionally one client's rows only. */
export const clientFilterInput = z.object({ clientId: id.optional() });
export type ClientFilterInput = z.infer<typeof clientFilterInput>;

const ofClient = { clientId: z.string(), clientName: z.string() };

export const clientAvailabilitySchema = availabilitySchema.extend(ofClient).meta({ id: 'ClientAvailability' });
export type ClientAvailability = z.infer<typeof clientAvailabilitySchema>;

export const clientOccasionSchema = occasionSchema.extend(ofClient).meta({ id: 'ClientOccasion' });
export type ClientOccasion = z.infer<typeof clientOccasionSchema>;

/** One row of the agent's Client Management tab. */
export const clientOverviewSchema = clientSchema
  .extend({
    /** Windows that have not ended yet, earliest first. */
    upcomingAvailability: z.array(availabilitySchema),
    /** The occasion that comes next (recurring ones every year), or null. */
    nextOccasion: occasionSchema.nullable(),
    /** Trip requests no proposal has answered yet, newest first. */
    openTripRequests: z.array(
      z.object({ id, destination: z.string(), startDate: isoDate, endDate: isoDate, createdAt: z.iso.datetime() }),
    ),
  })
  .meta({ id: 'ClientOverview' });
export type ClientOverview = z.infer<typeof clientOverviewSchema>;

/** PUT /api/clients/{id}/agent: the agent (or admin) to assign, or null to unassign. */
export const assignAgentInput = z.object({ id, agentId: id.nullable() });

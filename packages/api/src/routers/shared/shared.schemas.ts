import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';
import { eventSchema } from '../trips/trips.schemas';
import { linkShowsSchema } from '../sharing/sharing.schemas';

export const tokenInput = z.object({ token: z.string().min(20).max(100) });

/**
 * What a share link shows: the itinerary, without notes, phones, budget or expenses; booking
 * references, names and prices only where `linkShows` says the owner turned them on.
 */
export const sharedTripSchema = z
  .object({
    trip: z.object({
      id,
      title: z.string(),
      destination: z.string(),
      location: z.string(),
      startDate: isoDate,
      endDate: isoDate,
      timeZone: z.string(),
      imageUrl: z.string().nullable(),
      description: z.string().nullable(),
      accommodation: z.string().nullable(),
      transportation: z.string().nullable(),
    }),
    events: z.array(eventSchema),
    linkShows: linkShowsSchema,
  })
  .meta({ id: 'PublicTrip' });
export type SharedTrip = z.infer<typeof sharedTripSchema>;

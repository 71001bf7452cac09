import type { TripEvent } from './api-types';
import { useWaitingWrites } from './use-queued-writes';

const waitingPrefix = 'waiting-';

/** Whether an event is one added without a network and not yet stored (shown marked "Waiting to sync"). */
export const isWaitingEvent = (event: Pick<TripEvent, 'id'>) => event.id.startsWith(waitingPrefix);

/** The events added to a trip without a network and not yet stored, as the itinerary shows them. */
export function useWaitingEvents(tripId: string, tripTimeZone = 'UTC'): TripEvent[] {
  return useWaitingWrites('trips.addEvent')
    .filter((write) => write.input.id === tripId)
    .map(
      ({ input, idempotencyKey }): TripEvent => ({
        id: `${waitingPrefix}${idempotencyKey}`,
        tripId,
        title: input.title,
        description: input.description ?? null,
        location: input.location ?? null,
        date: input.date,
        startTime: input.startTime ?? null,
        endTime: input.endTime ?? null,
        type: input.type ?? 'activity',
        status: input.status ?? 'confirmed',
        timeZone: input.timeZone ?? tripTimeZone,
        endDate: input.endDate ?? null,
        endTimeZone: input.endTimeZone ?? null,
        endLocation: input.endLocation ?? null,
        confirmationNumber: input.confirmationNumber ?? null,
      }),
    );
}

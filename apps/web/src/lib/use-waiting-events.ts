import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { TripEvent } from './api-types';
import { cancelWaitingWrites, type QueuedWrite, type WriteInput } from './offline-writes';
import { useWaitingWrites } from './use-queued-writes';

const waitingPrefix = 'waiting-';

/** An event as the traveller last left it on this device, with the changes to it not yet stored. */
export type ShownEvent = TripEvent & {
  /** The keys of the queued writes (the add, or the edits) it waits for; absent once stored. */
  waitingFor?: readonly string[];
};

/** Whether an event was added without a network and is not stored yet (nothing on the server to edit). */
export const isUnstoredEvent = (event: Pick<TripEvent, 'id'>) => event.id.startsWith(waitingPrefix);

/** Whether an event, or a change to it, waits to sync (shown marked "Waiting to sync"). */
export const isWaitingEvent = (event: Pick<ShownEvent, 'id' | 'waitingFor'>) =>
  isUnstoredEvent(event) || (event.waitingFor?.length ?? 0) > 0;

type EventEdit = QueuedWrite<WriteInput<'events.update'>>;

/** An edit's fields over the stored event (a field the edit leaves out keeps its value; an emptied text is none). */
function applyEdit(event: ShownEvent, { input, idempotencyKey }: EventEdit): ShownEvent {
  const { id: _id, ...fields } = input;
  const next: ShownEvent = { ...event, waitingFor: [...(event.waitingFor ?? []), idempotencyKey] };
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    (next as Record<string, unknown>)[field] = value === '' ? null : value;
  }
  return next;
}

/**
 * A trip's events as the traveller last left them on this device: the stored ones with the edits
 * made without a network applied (in the order they were made, moved to their new day if the
 * date changed), and the events added without a network. Each of those is marked "Waiting to sync".
 */
export function useShownEvents(
  tripId: string,
  stored: readonly TripEvent[] | undefined,
  tripTimeZone = 'UTC',
): ShownEvent[] {
  const added = useWaitingWrites('events.create');
  const edits = useWaitingWrites('events.update');
  return useMemo(() => {
    const edited = (stored ?? []).map((event) =>
      edits.filter((edit) => edit.input.id === event.id).reduce<ShownEvent>(applyEdit, event),
    );
    const fresh = added
      .filter((write) => write.input.id === tripId)
      .map(
        ({ input, idempotencyKey }): ShownEvent => ({
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
          waitingFor: [idempotencyKey],
        }),
      );
    return fresh.length === 0 ? edited : [...edited, ...fresh];
  }, [stored, added, edits, tripId, tripTimeZone]);
}

/** Cancel on an event waiting to sync: its waiting add or edits are taken back and never sent. */
export function useCancelWaitingEvent(): (event: ShownEvent) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (event: ShownEvent) => void cancelWaitingWrites(queryClient, event.waitingFor ?? []),
    [queryClient],
  );
}

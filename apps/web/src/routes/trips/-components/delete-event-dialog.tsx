import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@naav/ui/toast';
import type { TripEvent } from '~/lib/api-types';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { errorMessage } from '~/components/api-errors';
import { needsConnectionText, useNeedsConnection } from '~/components/needs-connection';
import { useTRPC } from '~/lib/trpc';
import { formatDate } from '~/lib/format';

/** Asks before an event leaves the itinerary; the server deletes it. */
export function DeleteEventDialog({
  event,
  onClose,
}: {
  event: TripEvent | null;
  /** Whether `event` is set: the dialog loads on its first opening (itinerary-tab.tsx). */
  open: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const remove = useMutation(trpc.events.delete.mutationOptions());
  // Only the server deletes: offline the button waits for a connection rather than spinning.
  const offline = useNeedsConnection();
  // Keeps the last event's words while the dialog closes.
  const [shown, setShown] = useState(event);
  if (event && event !== shown) setShown(event);
  const confirm = async () => {
    if (!event) return;
    try {
      await remove.mutateAsync({ id: event.id });
    } catch (error) {
      toast({ title: 'Could not delete the event', description: errorMessage(error), tone: 'destructive' });
      return;
    }
    toast({ title: 'Event deleted', description: `${event.title} is off the itinerary.`, tone: 'success' });
    onClose();
    await queryClient.invalidateQueries(trpc.trips.pathFilter());
  };
  return (
    <ConfirmDialog
      open={event !== null}
      onClose={onClose}
      title="Delete this event?"
      description={`${shown ? `${shown.title} on ${formatDate(shown.date)} leaves the itinerary. This cannot be undone.` : ''}${offline ? ` ${needsConnectionText('Deleting an event')}` : ''}`}
      confirmLabel="Delete event"
      pending={remove.isPending}
      disabled={offline}
      onConfirm={() => void confirm()}
    />
  );
}

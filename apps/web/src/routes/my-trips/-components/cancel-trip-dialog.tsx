import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@naav/ui/toast';
import type { Trip } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { errorMessage } from '~/components/api-errors';
import { ConfirmDialog } from '~/components/confirm-dialog';

/** Asks before the current trip is cancelled; the server cancels it. */
export function CancelTripDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const cancel = useMutation(
    trpc.trips.cancel.mutationOptions({
      onSuccess: async () => {
        onClose();
        toast({ title: 'Trip cancelled', description: `${trip.title} has been cancelled.`, tone: 'success' });
        await queryClient.invalidateQueries({ queryKey: trpc.trips.pathKey() });
      },
      onError: (error) =>
        toast({ title: 'Could not cancel the trip', description: errorMessage(error), tone: 'destructive' }),
    }),
  );
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Cancel this trip?"
      description={`${trip.title} will be cancelled and no longer shown as your current trip. This cannot be undone.`}
      confirmLabel="Cancel Trip"
      cancelLabel="Keep Trip"
      pending={cancel.isPending}
      onConfirm={() => cancel.mutate({ id: trip.id })}
    />
  );
}

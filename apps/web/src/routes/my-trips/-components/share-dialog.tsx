import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import type { Trip } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { errorMessage } from '../../../components/api-errors';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyField } from './copy-field';
import { LoadError } from '../../../components/load-error';
import { LoadingBlock } from '../../../components/loading-block';

/** Share Itinerary: a read-only link to the trip that anyone who has it can open, until revoked. */
export function ShareDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const sharing = useQuery({ ...trpc.trips.sharing.queryOptions({ id: trip.id }), enabled: open });
  const options = {
    onSuccess: (data: { sharePath: string | null; calendarPath: string | null }) =>
      queryClient.setQueryData(trpc.trips.sharing.queryKey({ id: trip.id }), data),
    onError: (error: unknown) =>
      toast({ title: 'Could not change the share link', description: errorMessage(error), tone: 'destructive' }),
  };
  const share = useMutation(trpc.trips.share.mutationOptions(options));
  const unshare = useMutation(
    trpc.trips.unshare.mutationOptions({
      ...options,
      onSuccess: (data) => {
        options.onSuccess(data);
        setConfirming(false);
        toast({ title: 'Share link revoked', description: 'The old link no longer opens the trip.', tone: 'success' });
      },
    }),
  );

  const sharePath = sharing.data?.sharePath;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Share Itinerary"
      description="Anyone with the link can see the itinerary, read-only: no notes, phone numbers or budget."
    >
      {sharing.isPending ? (
        <LoadingBlock text="Loading sharing settings..." rows={1} />
      ) : sharing.isError ? (
        <LoadError what="the sharing settings" onRetry={() => void sharing.refetch()} />
      ) : sharePath ? (
        <div className="space-y-4">
          <CopyField label="Share link" copyLabel="Copy the share link" value={`${window.location.origin}${sharePath}`} />
          <div className="flex flex-wrap gap-2">
            <a href={sharePath} target="_blank" rel="noreferrer" className="text-sm font-medium text-brand-700 underline">
              Open the shared page<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
            Revoke Link
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-muted">This trip is not shared. Create a link to send to family or friends.</p>
          <Button onClick={() => share.mutate({ id: trip.id })} disabled={share.isPending}>
            {share.isPending ? 'Creating…' : 'Create Share Link'}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Revoke the share link?"
        description="Anyone who has the link will no longer be able to open the itinerary. You can create a new link later."
        confirmLabel="Revoke Link"
        cancelLabel="Keep Link"
        pending={unshare.isPending}
        onConfirm={() => unshare.mutate({ id: trip.id })}
      />
    </Dialog>
  );
}

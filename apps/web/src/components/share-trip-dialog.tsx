import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import type { RouterOutputs } from '../lib/api-types';
import { useTRPC } from '../lib/trpc';
import { errorMessage } from './api-errors';
import { CopyField } from './copy-field';
import { LoadError } from './load-error';
import { LoadingBlock } from './loading-block';
import { TripPeopleSharing } from './trip-people-sharing';

type Sharing = RouterOutputs['trips']['sharing'];

/**
 * A trip's read-only share link: create it, copy or open it, revoke it after confirming; below
 * it, sharing with family groups and people by e-mail (TripPeopleSharing). The
 * title names where it was opened from ("Share Itinerary" in My Trips' menu, "Share this trip"
 * on the trip's page).
 */
export function ShareTripDialog({
  tripId,
  title,
  description,
  open,
  onClose,
}: {
  tripId: string;
  title: string;
  description?: string;
  open: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const sharing = useQuery({ ...trpc.trips.sharing.queryOptions({ id: tripId }), enabled: open });
  const onError = (what: string) => (error: unknown) => toast({ title: what, description: errorMessage(error), tone: 'destructive' });
  const update = (data: Sharing) => queryClient.setQueryData(trpc.trips.sharing.queryKey({ id: tripId }), data);

  const share = useMutation(trpc.trips.share.mutationOptions({ onSuccess: update, onError: onError('Could not create the link') }));
  const unshare = useMutation(
    trpc.trips.unshare.mutationOptions({
      onSuccess: (data) => {
        update(data);
        setConfirmRevoke(false);
        toast({ title: 'Link revoked', description: 'The old link no longer opens this trip.', tone: 'success' });
      },
      onError: onError('Could not revoke the link'),
    }),
  );
  const close = () => {
    setConfirmRevoke(false);
    onClose();
  };

  const sharePath = sharing.data?.sharePath ?? null;
  let body: ReactNode;
  let footer: ReactNode;
  if (sharing.isPending) {
    body = <LoadingBlock text="Loading share link..." rows={1} />;
  } else if (sharing.isError) {
    body = <LoadError text="The share link could not be loaded." onRetry={() => void sharing.refetch()} />;
  } else if (!sharePath) {
    body = (
      <p className="text-sm text-ink">
        Anyone with the link can see this trip's dates, places and itinerary, without signing in. Notes, phone numbers and
        the budget stay private.
      </p>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button onClick={() => share.mutate({ id: tripId })} disabled={share.isPending}>
          {share.isPending ? 'Creating link…' : 'Create link'}
        </Button>
      </>
    );
  } else if (confirmRevoke) {
    body = (
      <div role="alert" className="rounded-lg bg-danger-50 p-3 text-sm text-danger-600">
        <p className="font-semibold">Revoke this link?</p>
        <p className="mt-1">Anyone who has it will no longer be able to open the trip. You can create a new link afterwards.</p>
      </div>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={() => setConfirmRevoke(false)} disabled={unshare.isPending}>
          Keep link
        </Button>
        <Button variant="danger" onClick={() => unshare.mutate({ id: tripId })} disabled={unshare.isPending}>
          {unshare.isPending ? 'Revoking…' : 'Revoke link'}
        </Button>
      </>
    );
  } else {
    body = (
      <div className="space-y-2">
        <CopyField label="Share link" value={new URL(sharePath, window.location.origin).toString()} />
        <p className="text-sm text-muted">Read-only: notes, phone numbers and the budget are not shown.</p>
        <a href={sharePath} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline sm:min-h-0">
          Open the shared page<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    );
    footer = (
      <>
        <Button variant="danger" onClick={() => setConfirmRevoke(true)}>
          Revoke link
        </Button>
        <Button variant="secondary" onClick={close}>
          Done
        </Button>
      </>
    );
  }

  return (
    <Dialog open={open} onClose={close} title={title} description={description} footer={footer}>
      {body}
      {/* Sharing with people who sign in: groups and a person by e-mail (a section of its own). */}
      {open ? <TripPeopleSharing tripId={tripId} tripTitle={description ?? 'this trip'} /> : null}
    </Dialog>
  );
}

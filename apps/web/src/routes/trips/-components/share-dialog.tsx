import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { useTRPC } from '../../../lib/trpc';
import { ActionIcon } from './action-icon';
import { errorMessage } from '../../../components/api-errors';
import { InlineError } from './inline-error';
import { LoadingBlock } from '../../../components/loading-block';

/** The Share button and its dialog: create the read-only link, copy it, revoke it (after confirming). */
export function ShareButton({ tripId, tripTitle }: { tripId: string; tripTitle: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <ActionIcon name="share" />
        Share
      </Button>
      {open && <ShareDialog tripId={tripId} tripTitle={tripTitle} onClose={() => setOpen(false)} />}
    </>
  );
}

function ShareDialog({ tripId, tripTitle, onClose }: { tripId: string; tripTitle: string; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const linkId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const sharing = useQuery(trpc.trips.sharing.queryOptions({ id: tripId }));
  const onError = (title: string) => (error: unknown) => toast({ title, description: errorMessage(error), tone: 'destructive' });
  const update = (data: { sharePath: string | null; calendarPath: string | null }) =>
    queryClient.setQueryData(trpc.trips.sharing.queryKey({ id: tripId }), data);

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

  const sharePath = sharing.data?.sharePath ?? null;
  const url = sharePath ? new URL(sharePath, window.location.origin).toString() : null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', tone: 'success' });
    } catch {
      // No clipboard permission (an http page, an old browser): select it for a manual copy.
      inputRef.current?.select();
      toast({ title: 'Press Ctrl+C (or ⌘C) to copy the selected link' });
    }
  };

  let body: ReactNode;
  let footer: ReactNode;
  if (sharing.isPending) {
    body = <LoadingBlock text="Loading share link..." rows={1} />;
  } else if (sharing.isError) {
    body = <InlineError text="The share link could not be loaded." onRetry={() => void sharing.refetch()} />;
  } else if (!url) {
    body = (
      <p className="text-sm text-ink">
        Anyone with the link can see this trip's dates, places and itinerary, without signing in. Notes, phone numbers and
        the budget stay private.
      </p>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={onClose}>
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
      <div>
        <label htmlFor={linkId} className="text-sm font-medium text-ink">
          Share link
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id={linkId}
            ref={inputRef}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-canvas px-3 text-sm text-ink"
          />
          <Button onClick={() => void copy()} className="shrink-0">
            <ActionIcon name="copy" />
            Copy
          </Button>
        </div>
        <p className="mt-2 text-sm text-muted">Read-only: notes, phone numbers and the budget are not shown.</p>
      </div>
    );
    footer = (
      <>
        <Button variant="danger" onClick={() => setConfirmRevoke(true)}>
          Revoke link
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </>
    );
  }

  return (
    <Dialog open onClose={onClose} title="Share this trip" description={tripTitle} footer={footer}>
      {body}
    </Dialog>
  );
}

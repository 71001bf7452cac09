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
type LinkShows = Sharing['linkShows'];

const choices: { key: keyof LinkShows; label: string; hint: string }[] = [
  { key: 'bookingReferences', label: 'Show booking references', hint: 'Confirmation numbers and other booking codes' },
  { key: 'travellerNames', label: 'Show traveller names', hint: "Your name and your companions' names" },
  { key: 'prices', label: 'Show prices', hint: 'Amounts written in titles and descriptions' },
];

const hiddenNames: Record<keyof LinkShows, string> = {
  bookingReferences: 'booking references',
  travellerNames: 'traveller names',
  prices: 'prices',
};

const listed = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** One sentence saying exactly what the link shows and what it leaves out. */
export function linkShowsSummary(shows: LinkShows): string {
  const shown = choices.filter((c) => shows[c.key]).map((c) => hiddenNames[c.key]);
  const hidden = choices.filter((c) => !shows[c.key]).map((c) => hiddenNames[c.key]);
  const also = shown.length ? `, with ${listed(shown)}` : '';
  const left = ['notes', 'phone numbers', 'the budget', 'expenses', ...hidden];
  return `The link shows the trip's title, dates, places, description and day-by-day itinerary${also}. It never shows ${listed(left)}.`;
}

/** The owner's choices of what the public link shows, as checkboxes. */
function LinkChoices({
  shows,
  disabled,
  onChange,
}: {
  shows: LinkShows;
  disabled: boolean;
  onChange: (key: keyof LinkShows, on: boolean) => void;
}) {
  return (
    <fieldset className="rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold text-ink">What strangers see</legend>
      {choices.map((c) => (
        <label key={c.key} className="flex min-h-11 items-start gap-3 py-1 text-sm text-ink">
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0"
            checked={shows[c.key]}
            disabled={disabled}
            onChange={(e) => onChange(c.key, e.target.checked)}
          />
          <span>
            <span className="block font-medium">{c.label}</span>
            <span className="block text-muted">{c.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

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
  // Before the link exists the choices are only on screen; Create link sends them.
  const [draftShows, setDraftShows] = useState<LinkShows | null>(null);
  // Once it exists, a box ticked shows ticked at once, while the choice is saved.
  const [saving, setSaving] = useState<Partial<LinkShows>>({});
  const sharing = useQuery({ ...trpc.trips.sharing.queryOptions({ id: tripId }), enabled: open });
  const onError = (what: string) => (error: unknown) =>
    toast({ title: what, description: errorMessage(error), tone: 'destructive' });
  const update = (data: Sharing) => queryClient.setQueryData(trpc.trips.sharing.queryKey({ id: tripId }), data);

  // A read of the link still under way (the live updates' catch-up) would answer the old choices after this one's.
  const settleReads = () => queryClient.cancelQueries({ queryKey: trpc.trips.sharing.queryKey({ id: tripId }) });
  const share = useMutation(
    trpc.trips.share.mutationOptions({
      onMutate: settleReads,
      onSuccess: update,
      onError: onError('Could not create the link'),
    }),
  );
  const choose = useMutation(
    trpc.trips.share.mutationOptions({
      onMutate: settleReads,
      onSuccess: update,
      onError: onError('Could not change what the link shows'),
    }),
  );
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
    setDraftShows(null);
    onClose();
  };

  const sharePath = sharing.data?.sharePath ?? null;
  const savedShows = sharing.data?.linkShows ?? { bookingReferences: false, travellerNames: false, prices: false };
  const shows = sharePath ? { ...savedShows, ...saving } : (draftShows ?? savedShows);
  const chooseShows = (key: keyof LinkShows, on: boolean) => {
    setSaving((current) => ({ ...current, [key]: on }));
    choose.mutate(
      { id: tripId, [key]: on },
      {
        onSettled: () =>
          setSaving((current) => {
            const { [key]: _done, ...rest } = current;
            return rest;
          }),
      },
    );
  };
  let body: ReactNode;
  let footer: ReactNode;
  if (sharing.isPending || sharing.isError) {
    body = sharing.isPending ? (
      <LoadingBlock text="Loading share link..." rows={1} />
    ) : (
      <LoadError text="The share link could not be loaded." onRetry={() => void sharing.refetch()} />
    );
    // The way out stays where it always is, while the link loads or after it failed to.
    footer = (
      <Button variant="secondary" onClick={close}>
        Done
      </Button>
    );
  } else if (!sharePath) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-ink">Anyone with the link can open this trip without signing in.</p>
        <LinkChoices
          shows={shows}
          disabled={share.isPending}
          onChange={(key, on) => setDraftShows({ ...shows, [key]: on })}
        />
        <p className="text-sm text-muted">{linkShowsSummary(shows)}</p>
      </div>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button onClick={() => share.mutate({ id: tripId, ...shows })} disabled={share.isPending}>
          {share.isPending ? 'Creating link…' : 'Create link'}
        </Button>
      </>
    );
  } else if (confirmRevoke) {
    body = (
      <div role="alert" className="rounded-lg bg-danger-50 p-3 text-sm text-danger-600">
        <p className="font-semibold">Revoke this link?</p>
        <p className="mt-1">
          Anyone who has it will no longer be able to open the trip. You can create a new link afterwards.
        </p>
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
      <div className="space-y-3">
        <CopyField label="Share link" value={new URL(sharePath, window.location.origin).toString()} />
        <LinkChoices shows={shows} disabled={choose.isPending} onChange={chooseShows} />
        <p className="text-sm text-muted">Read-only. {linkShowsSummary(shows)}</p>
        <a
          href={sharePath}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
        >
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, buttonClasses } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { Icon } from '~/components/icon';
import type { RouterOutputs, Trip } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { errorMessage } from '~/components/api-errors';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { CopyField } from '~/components/copy-field';
import { ownsTrip } from '~/lib/trip-permissions';
import { QueryState } from '~/components/query-state';

const fileNameOf = (title: string) =>
  `${title
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'trip'}.ics`;

/** Export to Calendar: the .ics file once, or a feed calendar apps keep in sync until revoked. */
export function CalendarDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  // A feed is its owner's to create and revoke; members of a group the trip is shared with download the file.
  const owner = ownsTrip(trip);
  const sharing = useQuery({ ...trpc.trips.sharing.queryOptions({ id: trip.id }), enabled: open && owner });
  const store = (data: RouterOutputs['trips']['sharing']) =>
    queryClient.setQueryData(trpc.trips.sharing.queryKey({ id: trip.id }), data);
  const onError = (error: unknown) =>
    toast({ title: 'Could not change the calendar feed', description: errorMessage(error), tone: 'destructive' });
  const subscribe = useMutation(trpc.trips.subscribeCalendar.mutationOptions({ onSuccess: store, onError }));
  const unsubscribe = useMutation(
    trpc.trips.unsubscribeCalendar.mutationOptions({
      onSuccess: (data) => {
        store(data);
        setConfirming(false);
        toast({ title: 'Calendar feed revoked', description: 'Calendars subscribed to it stop updating.', tone: 'success' });
      },
      onError,
    }),
  );

  const calendarPath = sharing.data?.calendarPath;
  const feedUrl = calendarPath ? `${window.location.origin}${calendarPath}` : null;
  return (
    <Dialog open={open} onClose={onClose} title="Export to Calendar" description="Put the trip and its events in your calendar app.">
      <div className="space-y-6">
        <section aria-labelledby="calendar-download-heading">
          <h3 id="calendar-download-heading" className="font-semibold text-ink">
            Download once
          </h3>
          <p className="mt-1 text-sm text-muted">An .ics file to open in Apple Calendar, Google Calendar or Outlook.</p>
          <a
            href={`/api/trips/${encodeURIComponent(trip.id)}/calendar.ics`}
            download={fileNameOf(trip.title)}
            className={buttonClasses('primary', 'md', 'mt-3')}
          >
            <Icon name="calendar" className="size-4" />
            Download .ics file
          </a>
        </section>
        {owner ? (
        <section aria-labelledby="calendar-feed-heading">
          <h3 id="calendar-feed-heading" className="font-semibold text-ink">
            Subscribe
          </h3>
          <p className="mt-1 text-sm text-muted">A private address your calendar app checks, so changes to the trip show up there.</p>
          <p className="mt-1 text-sm text-muted">
            Unlike the share link, the feed holds every event as you see it, descriptions included, which may name travellers or booking
            references: anyone with the address can read it, so give it only to your calendar app.
          </p>
          <div className="mt-3">
            <QueryState query={sharing} loading={{ text: 'Loading the calendar feed...', rows: 1 }} error={{ what: 'the calendar feed' }}>
              {() =>
                feedUrl ? (
                  <div className="space-y-3">
                <CopyField label="Calendar feed URL" copyLabel="Copy the feed URL" value={feedUrl} />
                <div className="flex flex-wrap gap-2">
                  <a href={feedUrl.replace(/^https?:/, 'webcal:')} className={buttonClasses('secondary', 'sm')}>
                    Open in calendar app
                  </a>
                  <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
                    Revoke Feed
                  </Button>
                </div>
              </div>
                ) : (
                  <Button variant="secondary" onClick={() => subscribe.mutate({ id: trip.id })} disabled={subscribe.isPending}>
                {subscribe.isPending ? 'Creating…' : 'Create Subscription Link'}
              </Button>
                )
              }
            </QueryState>
          </div>
        </section>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Revoke the calendar feed?"
        description="Calendars subscribed to this address will stop receiving updates. You can create a new address later."
        confirmLabel="Revoke Feed"
        cancelLabel="Keep Feed"
        pending={unsubscribe.isPending}
        onConfirm={() => unsubscribe.mutate({ id: trip.id })}
      />
    </Dialog>
  );
}

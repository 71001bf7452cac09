import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { useToast } from '@naav/ui/toast';
import { todayIn } from '@naav/schemas/dates';
import { Icon } from '~/components/icon';
import type { Trip, TripEvent } from '~/lib/api-types';
import { EventDialog } from '~/components/event-dialog';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { errorMessage } from '~/components/api-errors';
import { needsConnectionText, useNeedsConnection } from '~/components/needs-connection';
import { useTRPC } from '~/lib/trpc';
import { formatDate } from '~/lib/format';
import { ItineraryDays } from './itinerary-days';
import { useShownEvents } from '~/lib/use-waiting-events';
import { QueryState } from '~/components/query-state';
import { useDayPlanEvents } from '~/lib/day-plan';

// The importer (its readers' cards, time-zone maths) loads when someone opens it.
const ImportBookingsDialog = lazy(() =>
  import('~/components/import-bookings/import-bookings-dialog').then((m) => ({ default: m.ImportBookingsDialog })),
);

/** What the event dialog is open for: a new event on a day, or a stored one. */
type Editing = { date: string; description?: string } | { event: TripEvent } | null;

/**
 * The trip's day-by-day itinerary. For those who may change the trip it is the planning
 * workspace of a trip that has not ended: every day offers "Add to this day", every event Edit
 * and Delete. An ended trip is read first and corrected behind "Edit itinerary".
 * `canEdit` undefined: not known yet.
 */
export function ItineraryTab({ trip, canEdit }: { trip: Trip; canEdit?: boolean }) {
  // Read with the trip, in one request (see useDayPlanTrip on the trip page).
  const events = useDayPlanEvents(trip.id);
  // Events added or edited without a network show on their day at once, marked "Waiting to sync".
  const shown = useShownEvents(trip.id, events.data, trip.timeZone);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TripEvent | null>(null);
  const [importing, setImporting] = useState(false);
  const today = todayIn(trip.timeZone);
  const ended = trip.endDate < today;
  const [correcting, setCorrecting] = useState(false);
  // Until the answer arrives the owner's view is drawn (as the header does): nearly every visitor
  // is the owner, nothing moves when the answer comes, and the server refuses what a member may not do.
  const mayEdit = canEdit !== false;
  const planning = mayEdit && (!ended || correcting);
  // A new event starts on today while the trip is under way, on its first day before.
  const firstDay = today >= trip.startDate && today <= trip.endDate ? today : trip.startDate;

  return (
    <>
      <h2 className="sr-only">Itinerary</h2>
      {mayEdit ? (
        <div className="mb-4 flex flex-wrap justify-end gap-2">
          {ended ? (
            <Button
              variant={correcting ? 'primary' : 'secondary'}
              aria-pressed={correcting}
              onClick={() => setCorrecting((on) => !on)}
            >
              {correcting ? 'Done editing' : 'Edit itinerary'}
            </Button>
          ) : null}
          {planning ? (
            <Button variant="secondary" onClick={() => setImporting(true)}>
              <Icon name="document" />
              Import booking
            </Button>
          ) : null}
        </div>
      ) : null}
      <QueryState
        query={events}
        loading={{ text: 'Loading events...' }}
        error={{ text: 'The itinerary could not be loaded.' }}
        isEmpty={() => shown.length === 0}
        empty={
          <EmptyState
            icon={<Icon name="calendar" className="size-8" />}
            title="No events scheduled yet."
            titleAs="p"
            description={
              planning
                ? 'Add flights, stays, meals and plans day by day; each keeps the time where it happens.'
                : undefined
            }
            action={
              planning ? (
                <Button onClick={() => setEditing({ date: firstDay })}>
                  <Icon name="plus" />
                  Add the first event
                </Button>
              ) : undefined
            }
          />
        }
      >
        {() => (
          <ItineraryDays
            events={shown}
            tripStart={trip.startDate}
            tripEnd={trip.endDate}
            timeZone={trip.timeZone}
            onEdit={planning ? (event) => setEditing({ event }) : undefined}
            onDelete={planning ? setDeleting : undefined}
            onAddToDay={planning ? (date) => setEditing({ date }) : undefined}
          />
        )}
      </QueryState>
      <EventDialog
        trip={trip}
        open={editing !== null}
        event={editing && 'event' in editing ? editing.event : null}
        defaultDate={editing && 'date' in editing ? editing.date : undefined}
        defaultDescription={editing && 'date' in editing ? editing.description : undefined}
        onClose={() => setEditing(null)}
      />
      <DeleteEventDialog event={deleting} onClose={() => setDeleting(null)} />
      {importing ? (
        <Suspense fallback={null}>
          <ImportBookingsDialog
            trip={trip}
            open
            onClose={() => setImporting(false)}
            onAddByHand={(description) => setEditing({ date: firstDay, description })}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Asks before an event leaves the itinerary; the server deletes it. */
function DeleteEventDialog({ event, onClose }: { event: TripEvent | null; onClose: () => void }) {
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

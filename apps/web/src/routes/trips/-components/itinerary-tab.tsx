import { lazy, Suspense, useState } from 'react';
import { Button } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { todayIn } from '@naav/schemas/dates';
import { Icon } from '~/components/icon';
import type { Trip, TripEvent } from '~/lib/api-types';
import { LazyEventDialog } from '~/components/lazy-dialogs';
import { lazyDialog, preloadOnIntent } from '~/components/lazy-dialog';
import { ItineraryDays } from './itinerary-days';
import { useShownEvents } from '~/lib/use-waiting-events';
import { QueryState } from '~/components/query-state';
import { useDayPlanEvents } from '~/lib/day-plan';

// The importer (its readers' cards, time-zone maths) loads when someone opens it.
const ImportBookingsDialog = lazy(() =>
  import('~/components/import-bookings/import-bookings-dialog').then((m) => ({ default: m.ImportBookingsDialog })),
);

// Deleting an event asks first; the question loads on its first opening (or on intent, with the event dialog).
const DeleteEventDialog = lazyDialog(() => import('./delete-event-dialog').then((m) => m.DeleteEventDialog));
const preloadDialogs = preloadOnIntent(LazyEventDialog, DeleteEventDialog);

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
    // Pointing at or focusing the itinerary's buttons fetches the event dialogs.
    <div {...(mayEdit ? preloadDialogs : {})}>
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
      <LazyEventDialog
        trip={trip}
        open={editing !== null}
        event={editing && 'event' in editing ? editing.event : null}
        defaultDate={editing && 'date' in editing ? editing.date : undefined}
        defaultDescription={editing && 'date' in editing ? editing.description : undefined}
        onClose={() => setEditing(null)}
      />
      <DeleteEventDialog event={deleting} open={deleting !== null} onClose={() => setDeleting(null)} />
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
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { Icon } from '../../../components/icon';
import type { Trip, TripEvent } from '../../../lib/api-types';
import { EditEventDialog } from './edit-event-dialog';
import { useTRPC } from '../../../lib/trpc';
import { LoadError } from '../../../components/load-error';
import { ItineraryDays } from './itinerary-days';
import { LoadingBlock } from '../../../components/loading-block';
import { useShownEvents } from '../../../lib/use-waiting-events';

// The importer (its readers' cards, time-zone maths) loads when someone opens it.
const ImportBookingsDialog = lazy(() => import('../../../components/import-bookings/import-bookings-dialog').then((m) => ({ default: m.ImportBookingsDialog })));

/** `canEdit` undefined: not known yet (the row of the edit actions keeps its place meanwhile). */
export function ItineraryTab({ trip, canEdit }: { trip: Trip; canEdit?: boolean }) {
  const trpc = useTRPC();
  const events = useQuery(trpc.trips.events.queryOptions({ id: trip.id }));
  // Events added or edited without a network show on their day at once, marked "Waiting to sync".
  const shown = useShownEvents(trip.id, events.data);
  const [editing, setEditing] = useState<TripEvent | null>(null);
  const [importing, setImporting] = useState(false);
  return (
    <>
      <h2 className="sr-only">Itinerary</h2>
      {canEdit ? (
        <div className="mb-4 flex justify-end">
          <Button variant="secondary" onClick={() => setImporting(true)}>
            <Icon name="document" />
            Import booking
          </Button>
        </div>
      ) : canEdit === undefined ? (
        <div className="mb-4 min-h-11" aria-hidden="true" />
      ) : null}
      {events.isPending ? (
        <LoadingBlock text="Loading events..." />
      ) : events.isError ? (
        <LoadError text="The itinerary could not be loaded." onRetry={() => void events.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState icon={<Icon name="calendar" className="size-8" />} title="No events scheduled yet." titleAs="p" />
      ) : (
        <ItineraryDays events={shown} tripStart={trip.startDate} timeZone={trip.timeZone} onEdit={canEdit ? setEditing : undefined} />
      )}
      <EditEventDialog event={editing} onClose={() => setEditing(null)} />
      {importing ? (
        <Suspense fallback={null}>
          <ImportBookingsDialog trip={trip} open onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

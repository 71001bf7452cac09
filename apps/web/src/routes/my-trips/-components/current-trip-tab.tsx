import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClasses } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { Icon } from '~/components/icon';
import type { Trip, TripEvent } from '~/lib/api-types';
import { LazyEventDialog } from '~/components/lazy-dialogs';
import { useTRPC } from '~/lib/trpc';
import { isNotFound } from '~/components/api-errors';
import { ManageCompanionsCard } from '~/components/manage-companions-card';
import { DayByDayPanel } from './day-by-day-panel';
import { LoadError } from '~/components/load-error';
import { LoadingBlock } from '~/components/loading-block';
import { QuickTools } from './quick-tools';
import { dayIndexOf, todayIn } from '@naav/schemas/dates';
import { initialDayIndex } from './trip-days';
import { TripCounters } from './trip-counters';
import { TripSummaryCard } from './trip-summary-card';

export function CurrentTripTab() {
  const trpc = useTRPC();
  const current = useQuery(trpc.trips.current.queryOptions());

  if (current.isPending) return <LoadingBlock text="Loading current trip details..." />;
  // 404 is "no trip under way", also after a refetch (say once the trip is cancelled) when old data lingers.
  const noTrip = current.isError && isNotFound(current.error);
  // Any other failure of a refresh (the network dropped mid-request) keeps the trip it had on screen.
  if (current.isError && !noTrip && !current.data) {
    return <LoadError what="your current trip" onRetry={() => void current.refetch()} />;
  }
  if (noTrip || !current.data) {
    return (
      <EmptyState
        icon={<Icon name="suitcase" className="size-8" />}
        title="No Current Trip"
        description="You don't have any active trips at the moment."
        action={
          <Link to="/my-trips" search={{ tab: 'upcoming' }} className={buttonClasses('primary', 'md')}>
            Plan a Trip
          </Link>
        }
      />
    );
  }
  // Keyed by trip and dates: edited dates start the day panel afresh.
  return (
    <CurrentTrip key={`${current.data.id}:${current.data.startDate}:${current.data.endDate}`} trip={current.data} />
  );
}

function CurrentTrip({ trip }: { trip: Trip }) {
  const trpc = useTRPC();
  const events = useQuery(trpc.trips.events.queryOptions({ id: trip.id }));
  const companions = useQuery(trpc.trips.companions.queryOptions({ id: trip.id }));
  // The selected day is shared by the day panel and Add Event (which defaults to it).
  const [dayIndex, setDayIndex] = useState(() => initialDayIndex(trip.startDate, trip.endDate, todayIn(trip.timeZone)));
  // The event being changed from the day panel, in the same dialog as Add Event.
  const [editing, setEditing] = useState<TripEvent | null>(null);

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="min-w-0 space-y-6 lg:col-span-2">
        <TripSummaryCard trip={trip} />
        <TripCounters trip={trip} events={events.data} companions={companions.data} />
        <DayByDayPanel trip={trip} events={events} dayIndex={dayIndex} onDayChange={setDayIndex} onEdit={setEditing} />
        <LazyEventDialog
          trip={trip}
          open={editing !== null}
          event={editing}
          onClose={() => setEditing(null)}
          onSaved={(date) => {
            // An event moved to another day is followed there.
            const index = dayIndexOf(trip.startDate, trip.endDate, date);
            if (index !== null) setDayIndex(index);
          }}
        />
      </div>
      <div className="min-w-0 space-y-6">
        <ManageCompanionsCard trip={trip} companions={companions} />
        <QuickTools trip={trip} events={events.data} dayIndex={dayIndex} onEventAdded={setDayIndex} />
      </div>
    </div>
  );
}

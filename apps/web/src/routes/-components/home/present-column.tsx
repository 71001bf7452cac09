import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { useEffect } from 'react';
import { buttonClasses } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { EventStatusBadge } from '../../../components/event-status-badge';
import { EventTypeIcon } from '../../../components/event-type-icon';
import { Icon } from '../../../components/icon';
import { TravelImage } from '../../../components/travel-image';
import { EventStartTime } from '../../../components/event-time';
import { formatDateRange } from '../../../lib/format';
import { useTRPC } from '../../../lib/trpc';
import { LoadingBlock } from '../../../components/loading-block';
import { HomeColumn } from './home-column';
import { NewTripButton } from '../../../components/new-trip-button';

export const todaysEventLimit = 3;

export function PresentColumn() {
  const trpc = useTRPC();
  const current = useQuery(trpc.trips.current.queryOptions());
  const trip = current.data;
  // Today's events are only asked for when there is a trip under way.
  const today = useQuery({ ...trpc.trips.todaysEvents.queryOptions(), enabled: Boolean(trip) });

  useEffect(() => {
    // 404 means "no current trip"; anything else is logged and shown the same way.
    const error = current.error;
    if (error && !(error instanceof TRPCClientError && error.data?.code === 'NOT_FOUND')) {
      console.error('Could not load the current trip:', error);
    }
  }, [current.error]);

  return (
    <HomeColumn title="Present" subtitle="Your current trip" icon="compass">
      {current.isPending ? (
        <LoadingBlock text="Loading current trip details..." />
      ) : !trip ? (
        <EmptyState
          icon={<Icon name="suitcase" className="size-8" />}
          title="No Current Trip"
          titleAs="h3"
          description="You don't have any active trips at the moment."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <NewTripButton />
              <Link to="/my-trips" className={buttonClasses('secondary', 'md')}>
                Plan a Trip
              </Link>
            </div>
          }
        />
      ) : (
        <div>
          <Link to="/trips/$id" params={{ id: trip.id }} className="group block">
            <TravelImage src={trip.imageUrl} alt="" width={640} height={360} className="aspect-[16/9] w-full rounded-xl object-cover" />
            <h3 className="mt-3 text-lg font-semibold text-ink group-hover:text-brand-700 group-hover:underline">{trip.title}</h3>
          </Link>
          <p className="text-sm text-muted">
            {trip.location} · {formatDateRange(trip.startDate, trip.endDate)}
          </p>
          <h4 className="mt-5 text-sm font-semibold uppercase tracking-wide text-muted">Today's itinerary</h4>
          {today.isPending ? (
            <LoadingBlock text="Loading today's schedule..." />
          ) : (today.data ?? []).length === 0 ? (
            <p className="py-4 text-muted">No events scheduled for today</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {(today.data ?? []).slice(0, todaysEventLimit).map((event) => (
                <li key={event.id} className="flex items-start gap-3">
                  <EventTypeIcon event={event} />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-ink">{event.title}</p>
                    <p className="text-sm text-muted">
                      <EventStartTime event={event} tripTimeZone={trip.timeZone} />
                      {event.location ? ` · ${event.location}` : ''}
                    </p>
                  </div>
                  <EventStatusBadge status={event.status} />
                </li>
              ))}
            </ul>
          )}
          <Link to="/my-trips" className="mt-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            Manage this trip <Icon name="arrowRight" className="size-4" />
          </Link>
        </div>
      )}
    </HomeColumn>
  );
}

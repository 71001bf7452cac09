import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { useEffect } from 'react';
import { daysBetween, todayIn } from '@naav/schemas/dates';
import { buttonClasses } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { EventStatusBadge } from '~/components/event-status-badge';
import { EventTypeIcon } from '~/components/event-type-icon';
import { Icon } from '~/components/icon';
import { LiveStatus, useLiveTopics } from '~/components/live-topics';
import { SharedByBadge } from '~/components/shared-by-badge';
import { useMe } from '~/components/use-me';
import { TravelImage } from '~/components/travel-image';
import { EventJourney, EventStartTime } from '~/components/event-time';
import type { Trip, TripEvent } from '~/lib/api-types';
import { formatDate, formatDateRange, isJourney } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { LoadingBlock } from '~/components/loading-block';
import { HomeColumn } from './home-column';
import { NewTripButton } from '~/components/new-trip-button';
import { BeforeYouGo } from './before-you-go';

export const todaysEventLimit = 3;

/** The trip that starts soonest among the user's own and those shared with them (the list comes by start date). */
export function nextTripOf(trips: readonly Trip[] | undefined): Trip | undefined {
  return trips?.find((t) => t.status === 'upcoming');
}

/** "in 12 days", "tomorrow", from today where the trip is. */
export function startsIn(trip: Pick<Trip, 'startDate' | 'timeZone'>, now = new Date()): string {
  const days = daysBetween(todayIn(trip.timeZone, now), trip.startDate);
  return days <= 1 ? 'tomorrow' : `in ${days} days`;
}

export function PresentColumn() {
  const trpc = useTRPC();
  const current = useQuery(trpc.trips.current.queryOptions());
  const trip = current.data;
  // Today's events are only asked for when there is a trip under way.
  const today = useQuery({ ...trpc.trips.todaysEvents.queryOptions(), enabled: Boolean(trip) });
  // Nothing under way: the next trip takes the column, from the same list My Trips reads.
  const list = useQuery({ ...trpc.trips.list.queryOptions(), enabled: !current.isPending && !trip });
  const next = trip ? undefined : nextTripOf(list.data);
  // One stream for the column: the user's list of trips (their own and those shared with them: the
  // current and next trip), and the trip shown, whose events anyone who may edit it changes.
  const me = useMe();
  const live = useLiveTopics([
    me ? `trips:${me.id}` : null,
    trip ? `trip:${trip.id}` : next ? `trip:${next.id}` : null,
  ]);

  useEffect(() => {
    // 404 means "no current trip"; anything else is logged and shown the same way.
    const error = current.error;
    if (error && !(error instanceof TRPCClientError && error.data?.code === 'NOT_FOUND')) {
      console.error('Could not load the current trip:', error);
    }
  }, [current.error]);

  return (
    <HomeColumn title="Present" subtitle="Your current trip" icon="compass">
      <LiveStatus reconnecting={live.reconnecting} />
      {current.isPending || (!trip && list.isPending) ? (
        <LoadingBlock text="Loading current trip details..." />
      ) : trip ? (
        <div>
          <TripHeading trip={trip} />
          <h4 className="mt-5 text-sm font-semibold uppercase tracking-wide text-muted">Today's itinerary</h4>
          {today.isPending ? (
            <LoadingBlock text="Loading today's schedule..." />
          ) : (today.data ?? []).length === 0 ? (
            <p className="py-4 text-muted">No events scheduled for today</p>
          ) : (
            <EventList events={(today.data ?? []).slice(0, todaysEventLimit)} tripTimeZone={trip.timeZone} />
          )}
          <Link
            to="/my-trips"
            className="mt-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            Manage this trip <Icon name="arrowRight" className="size-4" />
          </Link>
        </div>
      ) : next ? (
        <NextTrip trip={next} />
      ) : (
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
      )}
    </HomeColumn>
  );
}

function TripHeading({ trip, startsLabel }: { trip: Trip; startsLabel?: string }) {
  return (
    <>
      <Link to="/trips/$id" params={{ id: trip.id }} className="group block">
        <TravelImage
          src={trip.imageUrl}
          alt=""
          width={640}
          height={360}
          className="aspect-[16/9] w-full rounded-xl object-cover"
        />
        {startsLabel ? (
          <p className="mt-3 text-sm font-semibold text-brand-700">Next trip · starts {startsLabel}</p>
        ) : null}
        <h3
          className={`${startsLabel ? 'mt-1' : 'mt-3'} text-lg font-semibold text-ink group-hover:text-brand-700 group-hover:underline`}
        >
          {trip.title}
        </h3>
      </Link>
      <p className="text-sm text-muted">
        {trip.location} · {formatDateRange(trip.startDate, trip.endDate)}
      </p>
      <SharedByBadge trip={trip} className="mt-2" />
    </>
  );
}

function EventList({
  events,
  tripTimeZone,
  withDate = false,
}: {
  events: TripEvent[];
  tripTimeZone: string;
  withDate?: boolean;
}) {
  return (
    <ul className="mt-3 space-y-3">
      {events.map((event) => (
        <li key={event.id} className="flex items-start gap-3">
          <EventTypeIcon event={event} />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-ink">{event.title}</p>
            <p className="text-sm text-muted">
              {withDate ? `${formatDate(event.date)} · ` : ''}
              {isJourney(event) ? (
                // A journey reads like a boarding pass: both ends, each in its own zone, and how long.
                <EventJourney event={event} />
              ) : (
                <>
                  {/* "4:00 PM GMT" stays on one line on a phone. */}
                  <span className="whitespace-nowrap">
                    <EventStartTime event={event} tripTimeZone={tripTimeZone} />
                  </span>
                  {event.location ? ` · ${event.location}` : ''}
                </>
              )}
            </p>
          </div>
          <EventStatusBadge status={event.status} />
        </li>
      ))}
    </ul>
  );
}

/** Nothing under way: the trip ahead, how soon it starts and its first events. */
function NextTrip({ trip }: { trip: Trip }) {
  const trpc = useTRPC();
  const events = useQuery(trpc.trips.events.queryOptions({ id: trip.id }));
  return (
    <div>
      <TripHeading trip={trip} startsLabel={startsIn(trip)} />
      <h4 className="mt-5 text-sm font-semibold uppercase tracking-wide text-muted">First on the itinerary</h4>
      {events.isPending ? (
        <LoadingBlock text="Loading the itinerary..." />
      ) : (events.data ?? []).length === 0 ? (
        <p className="py-4 text-muted">No events planned yet</p>
      ) : (
        <EventList events={(events.data ?? []).slice(0, todaysEventLimit)} tripTimeZone={trip.timeZone} withDate />
      )}
      <BeforeYouGo trip={trip} />
      <Link
        to="/trips/$id"
        params={{ id: trip.id }}
        className="mt-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        Plan this trip <Icon name="arrowRight" className="size-4" />
      </Link>
    </div>
  );
}

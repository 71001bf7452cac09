import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Badge } from '@naav/ui/badge';
import { Card } from '@naav/ui/card';
import { EmptyState } from '@naav/ui/empty-state';
import { Icon } from '~/components/icon';
import { formatDateRange } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { TripStatusBadge } from '~/routes/trips/-components/trip-status-badge';
import { accessLabels } from './family-labels';
import { QueryState } from '~/components/query-state';

/** Trips shared with my groups, each with what I may do with it. */
export function SharedTripsPanel() {
  const trpc = useTRPC();
  const trips = useQuery(trpc.family.sharedTrips.queryOptions());
  return (
    <QueryState query={trips} loading="Loading shared trips..." error="the shared trips" empty={noTrips}>
      {(data) => (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.map((trip) => (
            <Card as="li" key={trip.id} className="flex flex-col p-4 sm:p-5">
              <div className="flex flex-wrap items-center gap-2">
                <TripStatusBadge status={trip.status} />
                <Badge tone={trip.access === 'view' ? 'neutral' : 'info'}>
                  {trip.access === 'owner' ? 'Your trip' : accessLabels[trip.access]}
                </Badge>
              </div>
              <h3 className="mt-1 text-lg font-semibold text-ink">
                <Link
                  to="/trips/$id"
                  params={{ id: trip.id }}
                  className="inline-flex min-h-11 items-center rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  {trip.title}
                </Link>
              </h3>
              <p className="mt-1 flex items-center gap-1 text-sm text-muted">
                <Icon name="pin" className="size-4" aria-hidden="true" />
                {trip.destination}
              </p>
              <p className="mt-1 text-sm text-muted">{formatDateRange(trip.startDate, trip.endDate)}</p>
              <p className="mt-3 text-sm text-muted">
                {trip.access === 'owner' ? 'Shared with' : `Shared by ${trip.ownerName} with`}{' '}
                {trip.groups.map((g) => g.name).join(', ')}
              </p>
            </Card>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

const noTrips = (
  <EmptyState
    icon={<Icon name="suitcase" className="size-8" />}
    title="No shared trips yet"
    description="Share a trip with a group from its Manage dialog; trips others share with you appear here too."
  />
);

import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { Icon } from '../../../components/icon';
import { useTRPC } from '../../../lib/trpc';
import { LoadError } from '../../../components/load-error';
import { LoadingBlock } from '../../../components/loading-block';
import { TripCard } from './trip-card';

export function PastTripsTab() {
  const trpc = useTRPC();
  const trips = useQuery(trpc.trips.list.queryOptions());
  if (trips.isPending) return <LoadingBlock text="Loading past trips..." />;
  if (trips.isError) return <LoadError what="your past trips" onRetry={() => void trips.refetch()} />;
  // Most recent first: the trip just finished is the one a traveller looks for.
  const past = trips.data.filter((t) => t.status === 'past').reverse();
  if (past.length === 0) {
    return (
      <EmptyState
        icon={<Icon name="book" className="size-8" />}
        title="No Past Trips"
        description="Trips you have completed will appear here."
      />
    );
  }
  return (
    <section aria-labelledby="past-heading">
      <h2 id="past-heading" className="sr-only">
        Past Trips
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {past.map((trip) => (
          <li key={trip.id} className="flex">
            <TripCard
              trip={trip}
              actions={
                <>
                  <Link
                    to="/trips/$id"
                    params={{ id: trip.id }}
                    aria-label={`View Details of ${trip.title}`}
                    className={buttonClasses('primary', 'sm')}
                  >
                    View Details
                  </Link>
                  <Link
                    to="/travel-journal"
                    search={{ trip: trip.id }}
                    aria-label={`Travel Journal of ${trip.title}`}
                    className={buttonClasses('secondary', 'sm')}
                  >
                    <Icon name="book" className="size-4" />
                    Travel Journal
                  </Link>
                </>
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

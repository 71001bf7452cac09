import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { Icon } from '~/components/icon';
import { useTRPC } from '~/lib/trpc';
import { TripStatusBadge } from '~/routes/trips/-components/trip-status-badge';
import { pastEntries, type PastEntry } from './past-trips';
import { pastTravelsQuery } from './past-travels-query';
import { TripCard } from './trip-card';
import { TripCards, ViewDetailsLink } from './trip-cards';
import { SharedByBadge } from '~/components/shared-by-badge';
import { ownsTrip } from '~/lib/trip-permissions';

/** The trips behind: ended or cancelled trips planned here and every travel of the journal, newest first. */
export function PastTripsTab() {
  const trpc = useTRPC();
  const trips = useQuery(trpc.trips.list.queryOptions());
  // The journal can hold thousands of travels: read a page at a time, the next on request.
  const travels = useInfiniteQuery(pastTravelsQuery(trpc));
  const status = trips.isPending || travels.isPending ? 'pending' : trips.isError || travels.isError ? 'error' : 'success';
  const entries =
    trips.data && travels.data
      ? pastEntries(
          trips.data,
          travels.data.pages.flatMap((page) => page.items),
          travels.hasNextPage,
        )
      : [];
  const cards = (
    <TripCards
      status={status}
      loadingText="Loading past trips..."
      what="your past trips"
      onRetry={() => {
        void trips.refetch();
        void travels.refetch();
      }}
      empty={<EmptyState icon={<Icon name="book" className="size-8" />} title="No Past Trips" description="Trips you have completed will appear here." />}
      items={entries}
      itemKey={(entry) => `${entry.kind}-${entry.kind === 'trip' ? entry.trip.id : entry.travel.id}`}
      columns={3}
    >
      {(entry) => <PastCard entry={entry} />}
    </TripCards>
  );
  if (status !== 'success' || entries.length === 0) return cards;
  return (
    <section aria-labelledby="past-heading">
      <h2 id="past-heading" className="sr-only">
        Past Trips
      </h2>
      {cards}
      {travels.hasNextPage || travels.isFetchNextPageError ? (
        <div className="mt-6 flex flex-col items-center gap-2">
          {travels.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-red-700">
              More past trips could not be loaded.
            </p>
          ) : null}
          <button
            type="button"
            className={buttonClasses('secondary', 'sm')}
            disabled={travels.isFetchingNextPage}
            onClick={() => void travels.fetchNextPage()}
          >
            {travels.isFetchingNextPage ? 'Loading...' : travels.isFetchNextPageError ? 'Try again' : 'Show more past trips'}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function PastCard({ entry }: { entry: PastEntry }) {
  if (entry.kind === 'travel') {
    const { travel } = entry;
    return (
      <TripCard
        trip={travel}
        actions={
          <>
            <ViewDetailsLink to="/travel/$id" params={{ id: travel.id }} title={travel.title} />
            <JournalLink title={travel.title} search={{ travel: travel.id }} />
          </>
        }
      />
    );
  }
  const { trip } = entry;
  const cancelled = trip.status === 'cancelled';
  return (
    <TripCard
      trip={trip}
      badge={
        <span className="flex shrink-0 flex-wrap justify-end gap-1">
          {cancelled ? <TripStatusBadge status="cancelled" /> : null}
          <SharedByBadge trip={trip} className="justify-end" />
        </span>
      }
      actions={
        <>
          <ViewDetailsLink to="/trips/$id" params={{ id: trip.id }} title={trip.title} />
          {/* A cancelled trip never joins the journal; a shared one joins its owner's. */}
          {cancelled || !ownsTrip(trip) ? null : <JournalLink title={trip.title} search={{ trip: trip.id }} />}
        </>
      }
    />
  );
}

function JournalLink({ title, search }: { title: string; search: { trip: string } | { travel: string } }) {
  return (
    <Link to="/travel-journal" search={search} aria-label={`Travel Journal of ${title}`} className={buttonClasses('secondary', 'sm')}>
      <Icon name="book" className="size-4" />
      Travel Journal
    </Link>
  );
}

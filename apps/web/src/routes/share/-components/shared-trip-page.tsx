import { useQuery } from '@tanstack/react-query';
import { Card } from '@naav/ui/card';
import { EmptyState } from '@naav/ui/empty-state';
import { Icon } from '~/components/icon';
import { usePageTitle } from '~/components/page-title';
import { TravelImage } from '~/components/travel-image';
import type { RouterOutputs } from '~/lib/api-types';
import { formatDateRange, formatTripLength } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { isMissing } from '~/components/api-errors';
import { LoadError } from '~/components/load-error';
import { ItineraryDays } from '~/routes/trips/-components/itinerary-days';
import { LoadingBlock } from '~/components/loading-block';

type SharedTrip = RouterOutputs['shared']['trip'];

/** What a share link shows anyone, signed in or not: the trip and its itinerary, read-only. */
export function SharedTripPage({ token }: { token: string }) {
  const trpc = useTRPC();
  const shared = useQuery(trpc.shared.trip.queryOptions({ token }));

  if (shared.isPending) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <LoadingBlock text="Loading trip details..." />
      </div>
    );
  }
  if (shared.isError) {
    return isMissing(shared.error) ? <LinkInactive /> : <SharedError onRetry={() => void shared.refetch()} />;
  }
  return <SharedTrip data={shared.data} />;
}

const leftOutNames = { bookingReferences: 'booking references', travellerNames: 'traveller names', prices: 'prices' } as const;

/** What the owner chose to leave out of this link, as a sentence; null when they show everything. */
function leftOut(shows: SharedTrip['linkShows']): string | null {
  const hidden = (Object.keys(leftOutNames) as (keyof typeof leftOutNames)[]).filter((k) => !shows[k]).map((k) => leftOutNames[k]);
  if (hidden.length === 0) return null;
  const list = hidden.length === 1 ? hidden[0] : `${hidden.slice(0, -1).join(', ')} and ${hidden.at(-1)}`;
  return `The owner keeps ${list} private on this link.`;
}

function SharedTrip({ data: { trip, events, linkShows } }: { data: SharedTrip }) {
  usePageTitle(trip.title);
  const privateNote = leftOut(linkShows);
  const facts: [string, string | null][] = [
    ['Accommodation', trip.accommodation],
    ['Transportation', trip.transportation],
  ];
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <p className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
        <Icon name="globe" className="size-4" />
        Shared itinerary · read-only
      </p>
      {privateNote && <p className="mt-2 text-sm text-muted">{privateNote}</p>}
      <Card as="article" aria-labelledby="shared-trip-title" className="mt-3 overflow-hidden">
        <TravelImage src={trip.imageUrl} alt="" className="aspect-[2/1] w-full object-cover" />
        <div className="p-5 sm:p-6">
          <h1 id="shared-trip-title" className="font-display text-3xl font-semibold text-ink sm:text-4xl">
            {trip.title}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-muted">
            <span className="inline-flex items-center gap-1.5">
              <Icon name="pin" className="size-4" />
              {trip.location}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Icon name="calendar" className="size-4" />
              {formatDateRange(trip.startDate, trip.endDate)} · {formatTripLength(trip.startDate, trip.endDate)}
            </span>
          </p>
          {trip.description && <p className="mt-3 text-ink">{trip.description}</p>}
          <dl className="mt-5 grid gap-4 sm:grid-cols-2">
            {facts.map(([label, value]) => (
              <div key={label} className="rounded-lg bg-canvas p-3">
                <dt className="text-sm font-medium text-muted">{label}</dt>
                <dd className="mt-1 text-ink">{value ?? 'Not set'}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Card>

      <section aria-labelledby="shared-itinerary" className="mt-8">
        <h2 id="shared-itinerary" className="font-display text-2xl font-semibold text-ink">
          Itinerary
        </h2>
        <div className="mt-4">
          {events.length === 0 ? (
            <EmptyState icon={<Icon name="calendar" className="size-8" />} title="No events scheduled yet." titleAs="p" />
          ) : (
            <ItineraryDays events={events} tripStart={trip.startDate} timeZone={trip.timeZone} />
          )}
        </div>
      </section>
    </div>
  );
}

function LinkInactive() {
  usePageTitle('Link no longer active');
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <span aria-hidden="true" className="mb-4 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon name="globe" className="size-8" />
      </span>
      <h1 className="font-display text-3xl font-semibold text-ink">This link is no longer active</h1>
      <p className="mt-3 text-muted">The trip's owner has turned this link off, or it was never valid. Ask them for a new one.</p>
    </section>
  );
}

function SharedError({ onRetry }: { onRetry: () => void }) {
  usePageTitle('Shared trip');
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="font-display text-2xl font-semibold text-ink">Shared trip</h1>
      <div className="mt-4">
        <LoadError text="This trip could not be loaded." onRetry={onRetry} />
      </div>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, buttonClasses } from '@naav/ui/button';
import { Skeleton } from '@naav/ui/skeleton';
import type { ReactNode } from 'react';
import { Icon } from '~/components/icon';
import { usePageTitle } from '~/components/page-title';
import { WorldMap } from '~/components/world-map';
import { useTRPC } from '~/lib/trpc';
import { TravelDetail } from '~/routes/travel-journal/-components/travel-detail';

/** One travel's journal page (/travel/$id): the journal's detail panel as a page of its own. */
export function TravelPage({ id }: { id: string }) {
  const trpc = useTRPC();
  const travel = useQuery(trpc.journal.byId.queryOptions({ id }));
  // Someone else's travel is NOT_FOUND too; a malformed id is a BAD_REQUEST: neither exists for this user.
  const code = travel.error?.data?.code;
  const missing = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  usePageTitle(travel.data?.title ?? (missing ? 'Journal entry not found' : 'Travel Story'));

  if (travel.isPending)
    return (
      <Frame>
        <div role="status" aria-live="polite" className="space-y-4">
          <p className="text-muted">Loading travel...</p>
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="aspect-[4/3] w-full rounded-lg" />
            ))}
          </div>
        </div>
      </Frame>
    );

  if (missing)
    return (
      <section className="mx-auto max-w-2xl px-4 py-20 text-center">
        <span aria-hidden="true" className="mx-auto mb-4 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Icon name="compass" className="size-8" />
        </span>
        <h1 className="font-display text-3xl font-semibold text-ink">Trip not found</h1>
        <p className="mt-3 text-muted">The trip you're looking for doesn't exist or has been removed</p>
        <Link to="/travel-journal" className={`${buttonClasses('primary', 'md')} mt-8`}>
          Back to the Travel Journal
        </Link>
      </section>
    );

  if (travel.isError)
    return (
      <Frame>
        <div role="alert" className="py-10 text-center">
          <h1 className="font-display text-2xl font-semibold text-ink">This travel could not be loaded</h1>
          <p className="mt-2 text-muted">Check your connection and try again.</p>
          <Button className="mt-6" variant="secondary" onClick={() => void travel.refetch()} disabled={travel.isFetching}>
            {travel.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        </div>
      </Frame>
    );

  return (
    <Frame
      aside={
        <Link
          to="/travel-journal"
          search={{ travel: travel.data.id, view: 'map' }}
          className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 hover:underline sm:min-h-0"
        >
          <Icon name="globe" className="size-4" />
          See it on the journal map
        </Link>
      }
    >
      <TravelDetail travel={travel.data} page />
      {travel.data.latitude !== null && travel.data.longitude !== null && (
        <section aria-labelledby="travel-map-heading" className="mt-6">
          <h2 id="travel-map-heading" className="text-lg font-semibold text-ink">
            On the map
          </h2>
          <WorldMap
            className="mt-3"
            label={`World map with a pin at ${travel.data.location}`}
            pins={[
              {
                id: travel.data.id,
                label: travel.data.location,
                latitude: travel.data.latitude,
                longitude: travel.data.longitude,
              },
            ]}
            selectedId={travel.data.id}
          />
        </section>
      )}
    </Frame>
  );
}

/** The page's frame: a way back to the journal above a card. */
function Frame({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <Link to="/travel-journal" className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 hover:underline sm:min-h-0">
          <Icon name="arrowRight" className="size-4 rotate-180" />
          Travel Journal
        </Link>
        {aside}
      </nav>
      <div className="mt-4 rounded-xl border border-slate-200 bg-surface p-5 shadow-sm sm:p-8">{children}</div>
    </div>
  );
}

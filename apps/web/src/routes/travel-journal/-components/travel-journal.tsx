import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { EmptyState } from '@naav/ui/empty-state';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { Icon } from '~/components/icon';
import { usePageTitle } from '~/components/page-title';
import type { Travel } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { WaitingTravels } from './waiting-travels';
import { isFiltered, journalQueryFilters, noFilters, type JournalFilters } from './journal-filters';
import type { JournalSearch, JournalView } from './journal-search';
import { JournalError, JournalLoading } from './journal-states';
import { JournalToolbar } from './journal-toolbar';
import { NoTravelSelected, TravelDetail } from './travel-detail';
import { TravelList } from './travel-list';
import { TravelMap } from './travel-map';
import { journalPageSize } from './journal-search';
import { useDebounced } from '~/lib/use-debounced';
import { lazyDialog, preloadOnIntent } from '~/components/lazy-dialog';

// The form (and the form library) loads when an "Add a past travel" button is first pointed at, focused or pressed.
const AddTravelDialog = lazyDialog(() => import('./add-travel-dialog').then((m) => m.AddTravelDialog));
const preloadAdd = preloadOnIntent(AddTravelDialog);

/** How long typing rests before the search asks the server. */
const searchPause = 250;

/** The travel chosen in the address: by its own id, or by the trip it came from (one read each). */
function useSelectedTravel(search: JournalSearch) {
  const trpc = useTRPC();
  const byId = useQuery({
    ...trpc.journal.byId.queryOptions({ id: search.travel ?? '' }),
    enabled: search.travel !== undefined,
  });
  const byTrip = useQuery({
    ...trpc.journal.page.queryOptions({ limit: 1, tripId: search.trip ?? '', withTotal: false }),
    enabled: search.travel === undefined && search.trip !== undefined,
  });
  if (search.travel) return { travel: byId.data ?? null, loading: byId.isPending };
  if (search.trip) return { travel: byTrip.data?.items[0] ?? null, loading: byTrip.isPending };
  return { travel: null, loading: false };
}

/**
 * The Travel Journal: every past travel on a world map or as cards, searchable and filtered by
 * year and tag, with the chosen one's story beside them. The view and the chosen travel live in
 * the address (`search`), so a reload or a shared link shows the same thing. The server filters
 * and pages: the list reads a page at a time as it scrolls, the map only the pins it draws.
 */
export function TravelJournal({
  search,
  onSearchChange,
}: {
  search: JournalSearch;
  onSearchChange: (search: JournalSearch) => void;
}) {
  usePageTitle('Travel Journal');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<JournalFilters>(noFilters);
  const [adding, setAdding] = useState(false);
  const panelRef = useRef<HTMLElement>(null);

  const view: JournalView = search.view ?? 'map';
  const settledQuery = useDebounced(filters.query, searchPause);
  const asked = useMemo(() => journalQueryFilters({ ...filters, query: settledQuery }), [filters, settledQuery]);
  const overview = useQuery(trpc.journal.overview.queryOptions());
  // The first page also carries the count of matches; while new filters load, the last answer stays.
  const pages = useInfiniteQuery(
    trpc.journal.page.infiniteQueryOptions(
      { limit: journalPageSize, ...asked },
      { getNextPageParam: (page) => page.nextCursor, placeholderData: keepPreviousData },
    ),
  );
  const travels = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const matching = pages.data?.pages[0]?.total ?? 0;
  const count = overview.data?.count ?? 0;
  const selection = useSelectedTravel(search);
  const selected = selection.travel;

  function select(id: string, travel?: Travel) {
    // The card already holds the travel: the panel shows it without asking again.
    if (travel) queryClient.setQueryData(trpc.journal.byId.queryKey({ id }), travel);
    onSearchChange({ ...(search.view && { view: search.view }), travel: id });
    // On one-column layouts the panel sits below the results: bring it into sight.
    if (window.matchMedia?.('(max-width: 1023px)').matches) {
      requestAnimationFrame(() => panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    }
  }

  const resetFilters = () => setFilters(noFilters);
  // Loaded once the first page is in, whatever became of a later one.
  const loaded = overview.isSuccess && pages.data !== undefined;

  let results: ReactNode;
  // A later page that failed is said under the list, which stays.
  if (overview.isError || (pages.isError && !pages.isFetchNextPageError))
    results = (
      <JournalError
        onRetry={() => {
          void overview.refetch();
          void pages.refetch();
        }}
        retrying={overview.isFetching || pages.isFetching}
      />
    );
  else if (!loaded) results = <JournalLoading view={view} />;
  else if (count === 0)
    results = (
      <Card>
        <EmptyState
          icon={<Icon name={view === 'map' ? 'globe' : 'book'} className="size-8" />}
          titleAs="h3"
          title={view === 'map' ? 'No travel history available to display on map' : 'No travel history available'}
          description="Trips you finish appear here by themselves, and you can add the ones you took before."
          action={
            <Button onClick={() => setAdding(true)} {...preloadAdd}>
              Add a past travel
            </Button>
          }
        />
      </Card>
    );
  else if (matching === 0 && !pages.isPlaceholderData)
    results = (
      <Card>
        <EmptyState
          icon={<Icon name="compass" className="size-8" />}
          titleAs="h3"
          title="No travel history found matching your filters"
          description="Try another word, year or tag."
          action={
            <Button variant="secondary" onClick={resetFilters}>
              Reset filters
            </Button>
          }
        />
      </Card>
    );
  else if (view === 'map') results = <TravelMap filters={asked} selectedId={selected?.id ?? null} onSelect={select} />;
  else
    results = (
      <TravelList
        travels={travels}
        total={matching}
        selectedId={selected?.id ?? null}
        onSelect={select}
        hasMore={pages.hasNextPage}
        loadingMore={pages.isFetchingNextPage}
        loadMoreFailed={pages.isFetchNextPageError}
        onLoadMore={() => void pages.fetchNextPage()}
      />
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Travel Journal</h1>
          <p className="mt-2 text-muted">Where you have been, on the map and in your own words.</p>
        </div>
        <Button onClick={() => setAdding(true)} {...preloadAdd}>
          <Icon name="book" className="size-5" />
          Add a past travel
        </Button>
      </header>

      <div className="mt-6">
        <JournalToolbar
          view={view}
          onViewChange={(next) => onSearchChange({ ...search, view: next })}
          filters={filters}
          onFiltersChange={setFilters}
          years={overview.data?.years ?? []}
        />
        {/* The count's line is there from the start, so the results below do not move when it fills in. */}
        <div className="mt-3 flex min-h-5 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          {loaded && count > 0 && (
            <>
              <p aria-live="polite">
                {isFiltered(filters)
                  ? `Showing ${matching} of ${count} travels`
                  : `${count} ${count === 1 ? 'travel' : 'travels'}`}
              </p>
              {isFiltered(filters) && matching > 0 && (
                <button
                  type="button"
                  onClick={resetFilters}
                  className="rounded font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  Reset filters
                </button>
              )}
            </>
          )}
        </div>
      </div>

      <div className="mt-4 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <section aria-labelledby="journal-results-heading" className="min-w-0">
          <h2 id="journal-results-heading" className="sr-only">
            {view === 'map' ? 'Map of your travels' : 'Your travels'}
          </h2>
          <WaitingTravels />
          {results}
        </section>
        <aside
          ref={panelRef}
          aria-label="Travel details"
          className="scroll-mt-20 rounded-xl border border-slate-200 bg-surface p-5 text-ink shadow-sm lg:sticky lg:top-32 lg:max-h-[calc(100dvh-9rem)] lg:overflow-y-auto"
        >
          {selected ? (
            <TravelDetail travel={selected} />
          ) : selection.loading ? (
            <p role="status" className="text-muted">
              Loading the travel…
            </p>
          ) : (
            <NoTravelSelected />
          )}
        </aside>
      </div>

      <AddTravelDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(travel) => {
          setAdding(false);
          // Clear the filters so the new travel is in sight, on the map and in the list.
          resetFilters();
          select(travel.id, travel);
        }}
      />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { EmptyState } from '@naav/ui/empty-state';
import { useMemo, useRef, useState } from 'react';
import { Icon } from '../../../components/icon';
import { usePageTitle } from '../../../components/page-title';
import type { Travel } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { AddTravelDialog } from './add-travel-dialog';
import { filterTravels, isFiltered, journalYears, noFilters, type JournalFilters } from './journal-filters';
import type { JournalSearch, JournalView } from './journal-search';
import { JournalError, JournalLoading } from './journal-states';
import { JournalToolbar } from './journal-toolbar';
import { NoTravelSelected, TravelDetail } from './travel-detail';
import { TravelList } from './travel-list';
import { TravelMap } from './travel-map';

/** The travel chosen in the address: by its own id, or by the trip it came from. */
function selectedTravel(travels: Travel[], search: JournalSearch): Travel | null {
  if (search.travel) return travels.find((t) => t.id === search.travel) ?? null;
  if (search.trip) return travels.find((t) => t.tripId === search.trip) ?? null;
  return null;
}

/**
 * The Travel Journal: every past travel on a world map or as cards, searchable and filtered by
 * year and tag, with the chosen one's story beside them. The view and the chosen travel live in
 * the address (`search`), so a reload or a shared link shows the same thing.
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
  const history = useQuery(trpc.travels.history.queryOptions());
  const [filters, setFilters] = useState<JournalFilters>(noFilters);
  const [adding, setAdding] = useState(false);
  const panelRef = useRef<HTMLElement>(null);

  const view: JournalView = search.view ?? 'map';
  const travels = useMemo(() => history.data ?? [], [history.data]);
  const years = useMemo(() => journalYears(travels), [travels]);
  const visible = useMemo(() => filterTravels(travels, filters), [travels, filters]);
  const selected = selectedTravel(travels, search);

  function select(id: string) {
    onSearchChange({ ...(search.view && { view: search.view }), travel: id });
    // On one-column layouts the panel sits below the results: bring it into sight.
    if (window.matchMedia?.('(max-width: 1023px)').matches) {
      requestAnimationFrame(() => panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    }
  }

  const resetFilters = () => setFilters(noFilters);

  let results;
  if (history.isPending) results = <JournalLoading view={view} />;
  else if (history.isError) results = <JournalError onRetry={() => void history.refetch()} retrying={history.isFetching} />;
  else if (travels.length === 0)
    results =
      view === 'map' ? (
        <Card>
          <EmptyState
            icon={<Icon name="globe" className="size-8" />}
            titleAs="h3"
            title="No travel history available to display on map"
            description="Trips you finish appear here by themselves, and you can add the ones you took before."
            action={<Button onClick={() => setAdding(true)}>Add a past travel</Button>}
          />
        </Card>
      ) : (
        <Card>
          <EmptyState
            icon={<Icon name="book" className="size-8" />}
            titleAs="h3"
            title="No travel history available"
            description="Trips you finish appear here by themselves, and you can add the ones you took before."
            action={<Button onClick={() => setAdding(true)}>Add a past travel</Button>}
          />
        </Card>
      );
  else if (visible.length === 0)
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
  else if (view === 'map') results = <TravelMap travels={visible} selectedId={selected?.id ?? null} onSelect={select} />;
  else results = <TravelList travels={visible} selectedId={selected?.id ?? null} onSelect={select} />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Travel Journal</h1>
          <p className="mt-2 text-muted">Where you have been, on the map and in your own words.</p>
        </div>
        <Button onClick={() => setAdding(true)}>
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
          years={years}
        />
        {/* The count's line is there from the start, so the results below do not move when it fills in. */}
        <div className="mt-3 flex min-h-5 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          {history.isSuccess && travels.length > 0 && (
            <>
              <p aria-live="polite">
                {isFiltered(filters)
                  ? `Showing ${visible.length} of ${travels.length} travels`
                  : `${travels.length} ${travels.length === 1 ? 'travel' : 'travels'}`}
              </p>
              {isFiltered(filters) && visible.length > 0 && (
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
          {results}
        </section>
        <aside
          ref={panelRef}
          aria-label="Travel details"
          className="scroll-mt-20 rounded-xl border border-slate-200 bg-surface p-5 text-ink shadow-sm lg:sticky lg:top-32 lg:max-h-[calc(100dvh-9rem)] lg:overflow-y-auto"
        >
          {selected ? <TravelDetail travel={selected} /> : <NoTravelSelected />}
        </aside>
      </div>

      <AddTravelDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(travel) => {
          setAdding(false);
          // Clear the filters so the new travel is in sight, on the map and in the list.
          resetFilters();
          select(travel.id);
        }}
      />
    </div>
  );
}

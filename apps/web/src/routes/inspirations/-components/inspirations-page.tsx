import { Button } from '@naav/ui/button';
import { useToast } from '@naav/ui/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Icon } from '~/components/icon';
import { usePageTitle } from '~/components/page-title';
import type { Inspiration } from '~/lib/api-types';
import { LoadingOverlay } from '~/components/loading-overlay';
import { useTRPC } from '~/lib/trpc';
import { useQueuedWrite, useWaitingWrites } from '~/lib/use-queued-writes';
import { ExclusiveEvents } from './exclusive-events';
import { FilterPanel } from './filter-panel';
import { InspirationCard, InspirationCardSkeleton } from './inspiration-card';
import { applyFilters, initialFilters, type InspirationFilters } from './inspiration-filters';
import { SeasonalIdeas } from './seasonal-ideas';

/** Based on your past trips shows the first 3 results (§9). */
export const recommendationLimit = 3;

export function InspirationsPage() {
  usePageTitle('Travel Inspirations');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const list = useQuery(trpc.inspirations.list.queryOptions());
  const ranking = useQuery(trpc.inspirations.recommended.queryOptions());
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filters, setFilters] = useState<InspirationFilters>(initialFilters);

  // The heart is set, not flipped, on the server: a queued heart replayed never undoes a later one.
  const setFavourite = useQueuedWrite('inspirations.setFavourite');
  const [pendingId, setPendingId] = useState<string | null>(null);
  const toggleFavourite = async (idea: Inspiration) => {
    setPendingId(idea.id);
    try {
      const { queued } = await setFavourite.submit({ id: idea.id, isFavourite: !idea.isFavourite });
      if (!queued) await queryClient.invalidateQueries(trpc.inspirations.list.pathFilter());
    } catch (error) {
      toast({ title: 'Your favourites could not be saved', description: (error as Error).message, tone: 'destructive' });
    } finally {
      setPendingId(null);
    }
  };

  // A failed load reads as an empty catalogue (§8), with a way to try again.
  // Hearts set without a network show at once (the newest one per idea), until they are sent.
  const waitingHearts = new Map(useWaitingWrites('inspirations.setFavourite').map((write) => [write.input.id, write.input.isFavourite]));
  const all = (list.data ?? []).map((idea) => (waitingHearts.has(idea.id) ? { ...idea, isFavourite: waitingHearts.get(idea.id) ?? idea.isFavourite } : idea));
  const occasions = useMemo(() => [...new Set(all.map((i) => i.type))].sort(), [all]);
  const filtered = applyFilters(all, filters);
  const reasons = new Map((ranking.data ?? []).map((r, index) => [r.inspirationId, { ...r, index }]));
  const ranked = [...filtered].sort((a, b) => (reasons.get(a.id)?.index ?? Infinity) - (reasons.get(b.id)?.index ?? Infinity));
  const top = ranked.slice(0, recommendationLimit);
  const card = (idea: Inspiration, reason?: string) => (
    <InspirationCard idea={idea} reason={reason} pending={pendingId === idea.id} waiting={waitingHearts.has(idea.id)} onToggleFavourite={(i) => void toggleFavourite(i)} />
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Travel Inspirations</h1>
          <p className="mt-2 text-muted">Ideas chosen from the journeys you loved.</p>
        </div>
        <Button variant="secondary" aria-expanded={filtersOpen} aria-controls="inspiration-filters" onClick={() => setFiltersOpen((v) => !v)}>
          <Icon name="menu" className="size-5" />
          {filtersOpen ? 'Hide Filters' : 'Show Filters'}
        </Button>
      </div>
      {filtersOpen ? <FilterPanel id="inspiration-filters" filters={filters} occasions={occasions} onChange={setFilters} /> : null}

      <section aria-labelledby="past-trips-recs" className="mt-8">
        <h2 id="past-trips-recs" className="font-display text-2xl font-semibold text-ink">
          Based on your past trips
        </h2>
        <div className="mt-4">
          {list.isPending ? (
            <LoadingOverlay text="Loading recommendations...">
              <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {Array.from({ length: recommendationLimit }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders: the position is all that tells them apart
                  <li key={i}>
                    <InspirationCardSkeleton />
                  </li>
                ))}
              </ul>
            </LoadingOverlay>
          ) : top.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
              <p className="text-muted">No recommendations available based on your filters</p>
              {list.isError ? (
                <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
                  Try again
                </Button>
              ) : null}
            </div>
          ) : (
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {top.map((idea) => (
                <li key={idea.id}>{card(idea, reasons.get(idea.id)?.reason)}</li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <SeasonalIdeas
        ideas={ranked}
        renderCard={(idea) => card(idea)}
        onPickCategory={(category) => {
          setFilters((f) => ({ ...f, category }));
          setFiltersOpen(true);
        }}
      />
      <ExclusiveEvents />
    </div>
  );
}

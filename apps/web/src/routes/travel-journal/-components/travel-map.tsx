import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from '@naav/ui/button';
import { useCallback, useMemo, useState } from 'react';
import { WorldMap } from '~/components/world-map';
import { wholeWorld, type MapPin, type MapView } from '~/components/world-map-geometry';
import type { RouterInputs } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { useDebounced } from '~/lib/use-debounced';

type PinFilters = Omit<RouterInputs['journal']['pins'], 'west' | 'south' | 'east' | 'north' | 'zoom'>;

/** How long the map rests after a zoom or pan before it asks for that part's pins. */
const viewPause = 300;

/**
 * The server's grid level for a zoom factor: cells (5.6° across at level 0, half as wide at each
 * level) finer than the numbered marks the map merges itself (28 px apart, about 13° of the whole
 * world on a desktop map), so the map gets no more pins than it can tell apart.
 */
const gridZoom = (scale: number) => Math.min(12, Math.max(0, Math.round(Math.log2(scale))));

/** Degrees rounded outwards to a tenth, so small drags inside the same bounds ask the same question. */
const outwards = (view: MapView) => ({
  west: Math.max(-180, Math.floor(view.west * 10) / 10),
  south: Math.max(-90, Math.floor(view.south * 10) / 10),
  east: Math.min(180, Math.ceil(view.east * 10) / 10),
  north: Math.min(90, Math.ceil(view.north * 10) / 10),
});

/**
 * The map view: the server's pins for the part of the world in view (travels, or numbered
 * clusters of them when zoomed out), asked again as the traveller zooms and pans; the travels
 * without a place are named beneath the map.
 */
export function TravelMap({
  filters,
  selectedId,
  onSelect,
}: {
  filters: PinFilters;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const trpc = useTRPC();
  const [view, setView] = useState<MapView>(wholeWorld);
  const settled = useDebounced(view, viewPause);
  const answer = useQuery({
    ...trpc.journal.pins.queryOptions({ ...filters, ...outwards(settled), zoom: gridZoom(settled.scale) }),
    placeholderData: keepPreviousData,
  });
  const onViewChange = useCallback((next: MapView) => setView(next), []);

  // Made once per answer: the map projects and clusters its pins again whenever they change.
  const pins: MapPin[] = useMemo(
    () =>
      (answer.data?.pins ?? []).map(({ travel, count, latitude, longitude }) =>
        count === 1
          ? {
              id: travel.id,
              label: `${travel.title}, ${travel.location}`,
              tooltip: travel.location,
              latitude,
              longitude,
            }
          : { id: travel.id, label: `${count} travels near ${travel.location}`, latitude, longitude, count },
      ),
    [answer.data],
  );
  const unplaced = answer.data?.unplaced ?? [];
  const unplacedMore = (answer.data?.unplacedCount ?? 0) - unplaced.length;

  return (
    <div className="space-y-3">
      <WorldMap
        pins={pins}
        label="Map of your travels"
        selectedId={selectedId}
        onSelect={onSelect}
        onViewChange={onViewChange}
        // From a zoom or pan until its part's pins are drawn.
        busy={view !== settled || answer.isFetching}
        zoomable
      />
      {answer.isPending && (
        <p role="status" className="text-sm text-muted">
          Loading the map's travels…
        </p>
      )}
      {answer.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-ink">
          <p>The travels on the map could not be loaded.</p>
          <Button variant="secondary" onClick={() => void answer.refetch()} disabled={answer.isFetching}>
            Try again
          </Button>
        </div>
      )}
      {unplaced.length > 0 && (
        <p className="text-sm text-muted">
          Not on the map:{' '}
          {unplaced.map((travel, index) => (
            <span key={travel.id}>
              {index > 0 && ', '}
              <button
                type="button"
                aria-pressed={travel.id === selectedId}
                onClick={() => onSelect(travel.id)}
                className="rounded font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {travel.title}
              </button>{' '}
              ({travel.location})
            </span>
          ))}
          {unplacedMore > 0 && ` and ${unplacedMore} more (find them in the list)`}
        </p>
      )}
    </div>
  );
}

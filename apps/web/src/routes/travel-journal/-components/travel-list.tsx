import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Button } from '@naav/ui/button';
import { format, parseISO } from 'date-fns';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { TravelImage } from '~/components/travel-image';
import type { Travel } from '~/lib/api-types';

/** "2026-05-14" → "May 2026". */
export const monthAndYear = (date: string) => format(parseISO(date), 'MMMM yyyy');

/** Two cards a row from the `sm` breakpoint (640 px) up, as the grid lays them out. */
function useColumns(): number {
  const query = '(min-width: 640px)';
  const [wide, setWide] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    const changed = () => setWide(media.matches);
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, []);
  return wide ? 2 : 1;
}

/**
 * The list view: a card per travel (image, title, month and year, location); a card selects its
 * travel. Only the rows on screen (and a few either side) are in the page, however long the
 * journal is, and the next page is asked for as the end comes into sight.
 */
export function TravelList({
  travels,
  total,
  selectedId,
  onSelect,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
}: {
  travels: Travel[];
  /** Every travel matching the filters, loaded or not. */
  total: number;
  selectedId: string | null;
  onSelect: (id: string, travel: Travel) => void;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
}) {
  const columns = useColumns();
  const listRef = useRef<HTMLUListElement>(null);
  const [listTop, setListTop] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the column count is the trigger: the list's top moves when the layout changes
  useLayoutEffect(() => {
    setListTop((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, [columns]);
  const rowCount = Math.ceil(travels.length / columns);
  const rows = useWindowVirtualizer({
    count: rowCount,
    // A 16:9 picture over three lines of text; each row is measured once drawn.
    estimateSize: () => (columns === 2 ? 330 : 360),
    overscan: 3,
    scrollMargin: listTop,
    gap: 16,
  });
  const drawn = rows.getVirtualItems();
  const lastDrawn = drawn.at(-1)?.index ?? -1;

  // The end is in sight (or the page is not yet full): ask for the next page, once at a time.
  useEffect(() => {
    if (hasMore && !loadingMore && !loadMoreFailed && lastDrawn >= rowCount - 1) onLoadMore();
  }, [hasMore, loadingMore, loadMoreFailed, lastDrawn, rowCount, onLoadMore]);

  return (
    <div>
      <ul ref={listRef} aria-label={`${total} ${total === 1 ? 'travel' : 'travels'}`} className="relative" style={{ height: rows.getTotalSize() }}>
        {drawn.map((row) => (
          <li
            key={row.key}
            data-index={row.index}
            ref={rows.measureElement}
            className="absolute top-0 left-0 grid w-full gap-4 sm:grid-cols-2"
            style={{ transform: `translateY(${row.start - rows.options.scrollMargin}px)` }}
          >
            {travels.slice(row.index * columns, row.index * columns + columns).map((travel) => (
              <TravelCard
                key={travel.id}
                travel={travel}
                selected={travel.id === selectedId}
                onSelect={() => onSelect(travel.id, travel)}
              />
            ))}
          </li>
        ))}
      </ul>
      <div className="mt-4 min-h-11 text-center text-sm text-muted">
        {loadingMore && <p role="status">Loading more travels…</p>}
        {loadMoreFailed && (
          <div role="alert" className="space-y-2">
            <p>More travels could not be loaded.</p>
            <Button variant="secondary" onClick={onLoadMore}>
              Try again
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

function TravelCard({ travel, selected, onSelect }: { travel: Travel; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={`group flex h-full w-full min-w-0 flex-col overflow-hidden rounded-xl border bg-surface text-left shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
        selected ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'
      }`}
    >
      <TravelImage src={travel.imageUrl} alt="" className="aspect-[16/9] w-full bg-slate-100 object-cover" />
      <span className="flex flex-1 flex-col gap-1 p-4">
        <span className="font-semibold text-ink group-hover:text-brand-700 group-hover:underline">{travel.title}</span>
        <span className="text-sm text-muted">{monthAndYear(travel.startDate)}</span>
        <span className="text-sm text-muted">{travel.location}</span>
      </span>
    </button>
  );
}

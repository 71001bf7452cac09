import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { MoreButton } from '~/components/more-button';
import { Card } from '@naav/ui/card';
import { Skeleton } from '@naav/ui/skeleton';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Icon } from '~/components/icon';
import { LoadError } from '~/components/load-error';
import { useTRPC } from '~/lib/trpc';

/** Lines per page of the panel. */
export const activityPageSize = 20;

const selectClasses =
  'block min-h-11 w-full rounded-lg border border-gray-300 bg-surface px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600 sm:min-h-9';

/** "just now", "5 min ago", "2 h ago", "3 d ago", then the date. */
export function timeAgo(at: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} d ago`;
  return at.toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'short',
    year: at.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  });
}

/**
 * A trip's story: who changed what, newest first, a page at a time, optionally one person's
 * changes only. What the reader may not see (another's money) the server leaves out of each line.
 * Live: a change to the trip refetches it (LiveTopics on the trip page).
 */
export function ActivityPanel({ tripId, now = () => new Date() }: { tripId: string; now?: () => Date }) {
  const trpc = useTRPC();
  const headingId = useId();
  const filterId = useId();
  const panelId = useId();
  const [actorId, setActorId] = useState('');
  // Folded until asked for: the trip's page leads with its plan, and the story is read on demand.
  const [open, setOpen] = useState(false);
  const pages = useInfiniteQuery({
    ...trpc.trips.activity.infiniteQueryOptions(
      { id: tripId, limit: activityPageSize, ...(actorId ? { actorId } : {}) },
      { getNextPageParam: (page) => page.nextCursor, placeholderData: keepPreviousData },
    ),
    enabled: open,
  });
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const actors = pages.data?.pages[0]?.actors ?? [];
  const at = now();

  let body: ReactNode;
  if (pages.isPending) {
    body = (
      <div role="status" aria-live="polite" className="space-y-3">
        <span className="sr-only">Loading activity…</span>
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  } else if (pages.isError && !pages.data) {
    body = <LoadError what="this trip's activity" onRetry={() => void pages.refetch()} />;
  } else if (items.length === 0) {
    body = <p className="text-sm text-muted">{actorId ? 'No changes by this person yet' : 'No changes yet'}</p>;
  } else {
    body = (
      <>
        <ol className="space-y-3" aria-label="Changes, newest first">
          {items.map((item) => (
            <li key={item.id} className="text-sm leading-snug text-ink">
              <span className="font-medium">{item.byYou ? 'You' : item.actorName}</span> {item.summary}
              <span className="text-muted">
                {' · '}
                <time dateTime={item.at.toISOString()} title={item.at.toLocaleString('en-US')}>
                  {timeAgo(item.at, at)}
                </time>
              </span>
            </li>
          ))}
        </ol>
        {pages.isFetchNextPageError ? (
          <div className="mt-3">
            <LoadError what="more of this trip's activity" onRetry={() => void pages.fetchNextPage()} />
          </div>
        ) : (
          <MoreButton pages={pages} label="Show more" className="mt-4 w-full" />
        )}
      </>
    );
  }

  return (
    <Card as="section" aria-labelledby={headingId} className="p-5">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
          className="-m-2 flex min-h-11 w-[calc(100%+1rem)] items-center gap-2 rounded-lg p-2 text-left hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Icon name="clock" className="size-5 text-brand-700" />
          <span className="flex-1">Activity</span>
          <span className="text-sm font-normal text-muted">{open ? 'Hide' : 'Show'}</span>
        </button>
      </h2>
      {open ? (
        <div id={panelId}>
          {actors.length > 0 ? (
            <div className="mt-3">
              <label htmlFor={filterId} className="block text-sm font-medium text-ink">
                Changes by
              </label>
              <select
                id={filterId}
                value={actorId}
                onChange={(e) => setActorId(e.target.value)}
                className={`mt-1 ${selectClasses}`}
              >
                <option value="">Everyone</option>
                {actors.map((actor) => (
                  <option key={actor.id} value={actor.id}>
                    {actor.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="mt-4">{body}</div>
        </div>
      ) : null}
    </Card>
  );
}

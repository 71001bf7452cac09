import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@naav/ui/button';
import type { ReactNode } from 'react';
import { LoadError } from '~/components/load-error';
import { LoadingBlock } from '~/components/loading-block';

/**
 * A tab's trips as a grid of cards, with the tab's loading, error and empty states: one place
 * for what the Upcoming and Past tabs show while they wait, fail or have nothing.
 */
export function TripCards<T>({
  status,
  loadingText,
  what,
  onRetry,
  empty,
  items,
  itemKey,
  columns,
  children,
}: {
  status: 'pending' | 'error' | 'success';
  loadingText: string;
  /** For the error sentence: "your past trips". */
  what: string;
  onRetry: () => void;
  empty: ReactNode;
  items: readonly T[];
  itemKey: (item: T) => string;
  /** Two columns beside the planner form, three across the page. */
  columns: 2 | 3;
  children: (item: T) => ReactNode;
}) {
  if (status === 'pending') return <LoadingBlock text={loadingText} />;
  if (status === 'error') return <LoadError what={what} onRetry={onRetry} />;
  if (items.length === 0) return <>{empty}</>;
  return (
    <ul className={columns === 3 ? 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-6 sm:grid-cols-2'}>
      {items.map((item) => (
        <li key={itemKey(item)} className="flex">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

/** A card's main action: the trip's page, or the journal travel's. */
export function ViewDetailsLink({ title, ...target }: { title: string } & ({ to: '/trips/$id'; params: { id: string } } | { to: '/travel/$id'; params: { id: string } })) {
  return (
    <Link {...target} aria-label={`View Details of ${title}`} className={buttonClasses('primary', 'sm')}>
      View Details
    </Link>
  );
}

import { type InvalidateQueryFilters, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { EmptyState } from '@naav/ui/empty-state';
import { QueryState } from './query-state';

/** A ListDialog's words: its title and description, the New button, and its list's states. */
export interface ListDialogWords {
  title: string;
  description: string;
  newLabel: string;
  /** The loading sentence ("Loading tokens..."). */
  loading: string;
  /** What could not be loaded ("your API tokens"). */
  error: string;
  emptyTitle: string;
  emptyDescription: string;
}

/**
 * An account-menu panel listing what the person made for other programs (API tokens, webhooks):
 * the list (loading, error with retry, an empty state) with each item drawn by `children` as a
 * row, and Close and "New …" under it. The list is labelled with the panel's title.
 */
export function ListDialog<T extends { id: string }>({
  open,
  onClose,
  onNew,
  words,
  query,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onNew: () => void;
  words: ListDialogWords;
  query: { isPending: boolean; isError: boolean; data: T[] | undefined; refetch: () => unknown };
  children: (item: T) => ReactNode;
}) {
  const { title, description, newLabel, loading, error, emptyTitle, emptyDescription } = words;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onNew}>{newLabel}</Button>
        </>
      }
    >
      <QueryState
        query={query}
        loading={{ text: loading, rows: 2 }}
        error={error}
        empty={<EmptyState titleAs="h3" className="py-6 sm:py-8" title={emptyTitle} description={emptyDescription} />}
      >
        {(data) => (
          <ul className="divide-y divide-slate-200" aria-label={title}>
            {data.map((item) => (
              <li key={item.id} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
                {children(item)}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Dialog>
  );
}

/**
 * Which view a ListDialog's panel shows (`{ kind: 'list' }` first; a new item's form, a confirmation…):
 * `toList` goes back to the list, `close` also closes the panel, and `toListAndRefetch(filter)` is a
 * mutation's next step (back to the list, the list refetched).
 */
export function useListDialogViews<View extends { kind: string }>(onClose: () => void) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'list' } as View);
  const toList = () => setView({ kind: 'list' } as View);
  const close = () => {
    toList();
    onClose();
  };
  const toListAndRefetch = (filter: InvalidateQueryFilters) => () => {
    toList();
    return queryClient.invalidateQueries(filter);
  };
  return { view, setView, toList, close, toListAndRefetch };
}

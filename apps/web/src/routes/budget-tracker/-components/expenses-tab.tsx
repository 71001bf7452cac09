import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Badge } from '@naav/ui/badge';
import { Button, buttonClasses } from '@naav/ui/button';
import { useToast } from '@naav/ui/toast';
import { errorMessage } from '~/components/api-errors';
import { LazyConfirmDialog } from '~/components/lazy-dialogs';
import { preloadOnIntent } from '~/components/lazy-dialog';
import { SelectInput, TextInput } from '~/components/form-controls';
import { Icon } from '~/components/icon';
import { StackedCell, StackedRow, StackedTable } from '~/components/stacked-table';
import { formatDate } from '~/lib/format';
import { useTRPC, useTRPCClient } from '~/lib/trpc';
import { formatMoney } from '~/lib/money';
import { useWaitingWrites } from '~/lib/use-queued-writes';
import { WaitingToSync } from '~/components/waiting-to-sync';
import { withWaitingExpenses } from './waiting-expenses';
import {
  categoryColor,
  categoryIcon,
  convertFromBase,
  dateRangeLabels,
  type Category,
  type DateRangeFilter,
} from './budget-model';
import type { EditableExpense } from './expense-dialog';
import { QueryState } from '~/components/query-state';

const pageSize = 20;

const expenseColumns = [
  { header: 'Date' },
  { header: 'Description' },
  { header: 'Category' },
  { header: 'Amount', end: true },
  { header: 'Actions', end: true },
] as const;

/** The filters as the API and the CSV export take them. */
export function filterParams(range: DateRangeFilter, categoryId: string, q: string): Record<string, string> {
  const params: Record<string, string> = {};
  if (range !== 'all') params['range'] = range;
  if (categoryId) params['categoryId'] = categoryId;
  if (q.trim()) params['q'] = q.trim();
  return params;
}

/**
 * The expense table with its date, category and text filters, read from the server a page at a
 * time by cursor: "Load more" adds the next page below. Changing a filter starts from the first
 * page again. Only the first page counts the matches; the pages after it leave the count out
 * (`withTotal: false`), since counting every match costs more the more the trip holds.
 */
export function ExpensesTab({
  tripId,
  displayCurrency,
  rates,
  categories,
  onAdd,
  onEdit,
  preloadDialog,
}: {
  tripId: string;
  displayCurrency: string;
  rates: Record<string, number> | undefined;
  categories: Category[];
  /** Left out for a member who may only view the trip: no Add, Edit or Delete. */
  onAdd?: () => void;
  onEdit?: (expense: EditableExpense) => void;
  /** Fetches the expense dialog's code (on pointing at or focusing the table's buttons). */
  preloadDialog?: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [range, setRange] = useState<DateRangeFilter>('all');
  const [categoryId, setCategoryId] = useState('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);

  // Typing waits for a pause before asking the server.
  useEffect(() => {
    const timer = setTimeout(() => setQ(search), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const filtered = range !== 'all' || categoryId !== '' || search.trim() !== '';
  const client = useTRPCClient();
  const input = {
    id: tripId,
    range,
    ...(categoryId ? { categoryId: Number(categoryId) } : {}),
    ...(q.trim() ? { q: q.trim() } : {}),
    limit: pageSize,
  };
  // The filters are the query's key: a change starts again from the first page (no cursor).
  const query = useInfiniteQuery({
    queryKey: trpc.expenses.search.infiniteQueryKey(input),
    queryFn: ({ pageParam, signal }) =>
      client.expenses.search.query(pageParam ? { ...input, cursor: pageParam, withTotal: false } : input, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

  const remove = useMutation(
    trpc.expenses.delete.mutationOptions({
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries(trpc.expenses.pathFilter()),
          queryClient.invalidateQueries(trpc.budget.summary.pathFilter()),
          queryClient.invalidateQueries(trpc.balances.balances.pathFilter()),
          queryClient.invalidateQueries(trpc.balances.spending.pathFilter()),
        ]);
        toast.toast({ title: 'Expense deleted', tone: 'success' });
        setDeleting(null);
      },
      onError: (error) =>
        toast.toast({ title: 'Could not delete the expense', description: errorMessage(error), tone: 'destructive' }),
    }),
  );

  const reset = () => {
    setRange('all');
    setCategoryId('');
    setSearch('');
    setQ('');
  };
  const csvHref = `/api/trips/${encodeURIComponent(tripId)}/expenses.csv?${new URLSearchParams(filterParams(range, categoryId, q)).toString()}`;
  // Changes made without a network show at once, marked "Waiting to sync" (new ones only in the unfiltered list).
  const waitingCreates = useWaitingWrites('expenses.create');
  const waitingUpdates = useWaitingWrites('expenses.update');
  const data = query.data
    ? {
        items: withWaitingExpenses(
          query.data.pages.flatMap((p) => p.items),
          tripId,
          filtered ? [] : waitingCreates,
          waitingUpdates,
          categories,
          rates,
        ),
        total: query.data.pages[0]?.total ?? 0,
      }
    : undefined;

  // Pointing at or focusing the table's Add, Edit and Delete fetches their dialogs.
  const preload = onEdit ? preloadOnIntent({ preload: () => preloadDialog?.() }, LazyConfirmDialog) : {};
  return (
    <div {...preload}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[12rem_14rem_1fr_auto] lg:items-end">
        <SelectInput label="Date" value={range} onChange={(e) => setRange(e.target.value as DateRangeFilter)}>
          {Object.entries(dateRangeLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectInput>
        <SelectInput label="Category" value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
          <option value="">All Categories</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectInput>
        <div className="relative">
          <TextInput
            label="Search"
            type="search"
            placeholder="Description, notes or place"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            maxLength={100}
          />
          {search ? (
            <button
              type="button"
              onClick={() => setSearch('')}
              aria-label="Clear search"
              className="absolute right-1 bottom-0 inline-flex size-11 items-center justify-center rounded-lg text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Icon name="close" className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <a href={csvHref} download className={buttonClasses('secondary', 'md')}>
          Export CSV
        </a>
      </div>

      <div className="mt-4">
        <QueryState
          query={{ isPending: query.isPending, isError: query.isError, data, refetch: query.refetch }}
          loading={{ text: 'Loading expenses…' }}
          error={{ what: 'the expenses' }}
          isEmpty={(page) => page.items.length === 0}
          empty={
            <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
              <h3 className="text-lg font-semibold text-ink">No expenses found</h3>
              <p className="mt-1 text-sm text-muted">
                {filtered ? 'No expense matches these filters.' : 'Start tracking what this trip costs.'}
              </p>
              {filtered || onAdd ? (
                <Button
                  className="mt-4"
                  variant={filtered ? 'secondary' : 'primary'}
                  onClick={filtered ? reset : onAdd}
                >
                  {filtered ? 'Reset Filters' : 'Add First Expense'}
                </Button>
              ) : null}
            </div>
          }
        >
          {(data) => (
            <>
              <p className="sr-only" aria-live="polite">
                {data.total} {data.total === 1 ? 'expense' : 'expenses'} found
              </p>
              <StackedTable caption="Expenses" columns={expenseColumns} minWidth="md">
                {data.items.map((e) => (
                  // On a phone, two lines: what and how much; when, the category, Edit and Delete.
                  <StackedRow
                    key={e.id}
                    compact
                    compactClassName="max-sm:grid-cols-[auto_minmax(0,1fr)_auto] max-sm:items-center max-sm:gap-x-2"
                  >
                    <StackedCell
                      bare
                      className="whitespace-nowrap text-ink max-sm:col-start-1 max-sm:row-start-2 max-sm:text-xs max-sm:text-muted"
                    >
                      {formatDate(e.date)}
                    </StackedCell>
                    <StackedCell bare className="max-sm:col-span-2 max-sm:col-start-1 max-sm:row-start-1 max-sm:pt-1.5">
                      <span className="font-medium text-ink">{e.title}</span>
                      {e.waiting ? <WaitingToSync className="ml-2" /> : null}
                      {e.isReimbursable ? (
                        <Badge tone="info" className="ml-2">
                          Reimbursable
                        </Badge>
                      ) : null}
                      {e.location ? (
                        <span className="mt-0.5 flex items-center gap-1 text-xs text-muted max-sm:hidden">
                          <Icon name="pin" className="size-3.5" aria-hidden="true" />
                          {e.location}
                        </span>
                      ) : null}
                    </StackedCell>
                    <StackedCell bare className="max-sm:col-start-2 max-sm:row-start-2 max-sm:text-xs">
                      {e.category ? (
                        <span className="inline-flex max-w-full items-center gap-1.5 text-ink">
                          <span
                            className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-white max-sm:size-5"
                            style={{ backgroundColor: categoryColor(e.category.color) }}
                          >
                            <Icon name={categoryIcon(e.category.icon)} className="size-3.5" aria-hidden="true" />
                          </span>
                          <span className="truncate">{e.category.name}</span>
                        </span>
                      ) : (
                        <span className="text-muted">Uncategorized</span>
                      )}
                    </StackedCell>
                    <StackedCell
                      bare
                      end
                      className="whitespace-nowrap max-sm:col-start-3 max-sm:row-start-1 max-sm:pt-1.5"
                    >
                      <span className="font-medium text-ink">{formatMoney(e.amount, e.currency)}</span>
                      {/* In the display currency; on a phone read out only, to keep the card to two lines. */}
                      {e.currency !== displayCurrency ? (
                        <span className="block text-xs text-muted max-sm:sr-only">
                          ≈ {formatMoney(convertFromBase(e.amountInBase, rates, displayCurrency), displayCurrency)}
                        </span>
                      ) : null}
                    </StackedCell>
                    <StackedCell
                      bare
                      end
                      className="whitespace-nowrap sm:py-2 max-sm:col-start-3 max-sm:row-start-2 max-sm:-mr-2"
                    >
                      {/* A new expense not yet stored has no id on the server to edit or delete yet. */}
                      {e.id.startsWith('waiting-') || !onEdit ? null : (
                        <>
                          {/* Icons on a phone (each a 44 px target), words from the small breakpoint up. */}
                          <Button
                            variant="ghost"
                            size="sm"
                            className="max-sm:px-0"
                            onClick={() => onEdit(e)}
                            aria-label={`Edit ${e.title}`}
                          >
                            <Icon name="pencil" className="size-5 sm:hidden" aria-hidden="true" />
                            <span className="max-sm:hidden">Edit</span>
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            className="max-sm:px-0"
                            onClick={() => setDeleting({ id: e.id, title: e.title })}
                            aria-label={`Delete ${e.title}`}
                          >
                            <Icon name="trash" className="size-5 sm:hidden" aria-hidden="true" />
                            <span className="max-sm:hidden">Delete</span>
                          </Button>
                        </>
                      )}
                    </StackedCell>
                  </StackedRow>
                ))}
              </StackedTable>
              {data.total > pageSize ? (
                <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="text-muted">
                    Showing {data.items.length} of {data.total} expenses
                  </span>
                  {query.hasNextPage ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={query.isFetchingNextPage}
                      onClick={() => void query.fetchNextPage()}
                    >
                      {query.isFetchingNextPage ? 'Loading more…' : 'Load more'}
                    </Button>
                  ) : null}
                </div>
              ) : null}
              {query.isFetchNextPageError ? (
                <p role="alert" className="mt-2 text-sm text-danger-600">
                  More expenses could not be loaded. Choose Load more to try again.
                </p>
              ) : null}
            </>
          )}
        </QueryState>
      </div>

      <LazyConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Confirm Deletion"
        description="Are you sure you want to delete this expense? This action cannot be undone."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, buttonClasses } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { Tabs } from '@naav/ui/tabs';
import { SelectInput } from '~/components/form-controls';
import { Icon } from '~/components/icon';
import { LoadError } from '~/components/load-error';
import { LoadingBlock } from '~/components/loading-block';
import { usePageTitle } from '~/components/page-title';
import { formatDateRange } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { formatMoney } from '~/lib/money';
import { budgetCategories, expenseCurrencies } from '@naav/schemas/budget-catalogue';
import { convertFromBase } from './budget-model';
import type { EditableExpense } from './expense-dialog';
import { LiveStatus, useLiveTopics } from '~/components/live-topics';
import { ExpensesTab } from './expenses-tab';
import { summaryWithWaiting } from './waiting-expenses';
import { WaitingToSync } from '~/components/waiting-to-sync';
import { useWaitingWrites } from '~/lib/use-queued-writes';
import { useOnline } from '~/lib/use-online';

/**
 * The trip whose budget this device showed last, kept in the query cache: saved with the offline
 * copy under the signed-in traveller's id, and deleted with it at sign-out.
 */
export const lastBudgetTripKey = ['device', 'budget-trip'] as const;
import { sharedByLabel } from '~/lib/trip-permissions';
import { QueryState } from '~/components/query-state';
import { lazyDialog, preloadOnIntent } from '~/components/lazy-dialog';

// The charts (visx) load only when the Analytics tab is opened (or pointed at, focused); the Budget
// (its form) and Balances tabs likewise, and the expense dialog when Add Expense or Edit is.
const loadAnalytics = () => import('./analytics-tab');
const AnalyticsTab = lazy(loadAnalytics);
const loadBudgetTab = () => import('./budget-tab');
const BudgetTab = lazy(() => loadBudgetTab().then((m) => ({ default: m.BudgetTab })));
const loadBalancesTab = () => import('./balances-tab');
const BalancesTab = lazy(() => loadBalancesTab().then((m) => ({ default: m.BalancesTab })));
const ExpenseDialog = lazyDialog(() => import('./expense-dialog').then((m) => m.ExpenseDialog));
const preloading = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

/** Trip picker and the chosen trip's budget; the trip is in the address (?trip=). */
export function BudgetTrackerPage({
  tripParam,
  onSelectTrip,
}: {
  tripParam: string | undefined;
  onSelectTrip: (id: string, replace?: boolean) => void;
}) {
  usePageTitle('Budget Tracker');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const online = useOnline();
  const trips = useQuery(trpc.trips.list.queryOptions());
  const current = useQuery(trpc.trips.current.queryOptions());
  const list = trips.data ?? [];
  const inList = (id: string | undefined | null): id is string => Boolean(id) && list.some((t) => t.id === id);
  const lastUsed = queryClient.getQueryData<string>(lastBudgetTripKey);
  // Online: the current trip, else the first of one's own (a shared trip's budget stays with its
  // owner), else the first. Offline: the trip last used here, whose budget this device saved (the
  // current trip's may never have been opened, and would load forever).
  const own = list.filter((t) => t.access === 'owner');
  const onlineDefault =
    current.data && own.some((t) => t.id === current.data.id) ? current.data.id : (own[0] ?? list[0])?.id;
  const defaultId = !online && inList(lastUsed) ? lastUsed : onlineDefault;
  const waitingForDefault = tripParam === undefined && current.isPending && !(!online && inList(lastUsed));

  // No trip in the address: the current trip, otherwise the first; written back so a reload keeps it.
  useEffect(() => {
    if (tripParam === undefined && !waitingForDefault && defaultId) onSelectTrip(defaultId, true);
  }, [tripParam, waitingForDefault, defaultId, onSelectTrip]);

  const selectedId = tripParam ?? (waitingForDefault ? undefined : defaultId);
  const selected = list.find((t) => t.id === selectedId);
  useEffect(() => {
    if (selected && queryClient.getQueryData(lastBudgetTripKey) !== selected.id)
      queryClient.setQueryData(lastBudgetTripKey, selected.id);
  }, [selected, queryClient]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <Link to="/my-trips" className={buttonClasses('ghost', 'sm', '-ml-2')}>
        <Icon name="arrowRight" className="size-4 rotate-180" aria-hidden="true" />
        Back to My Trips
      </Link>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Budget Tracker</h1>
        {/* Shown (disabled) while the trips load, so the header keeps its height. */}
        {trips.isPending || list.length > 0 ? (
          <SelectInput
            label="Select Trip"
            value={selectedId ?? ''}
            onChange={(e) => onSelectTrip(e.target.value)}
            disabled={trips.isPending}
            className="w-full sm:w-72"
          >
            <option value="">{trips.isPending ? 'Loading trips…' : 'Choose a trip…'}</option>
            {list.map((t) => (
              <option key={t.id} value={t.id}>
                {t.sharedBy ? `${t.title} (${sharedByLabel(t)})` : t.title}
              </option>
            ))}
          </SelectInput>
        ) : null}
      </div>
      {/* Room for the budget before it arrives, so the footer does not jump as it loads. */}
      <div className="mt-6 min-h-[75vh]">
        {trips.isPending && trips.fetchStatus === 'paused' ? (
          <NotSavedHere text="Your trips were not opened here while online. They load when the connection is back." />
        ) : (
          <QueryState
            query={trips}
            loading={{ text: 'Loading your trips…' }}
            error={{ what: 'your trips' }}
            isEmpty={() => list.length === 0}
            empty={
              <Card className="p-8 text-center">
                <h2 className="text-xl font-semibold text-ink">No trips found</h2>
                <p className="mt-1 text-muted">Plan a trip first, then track what it costs here.</p>
                <Link to="/my-trips" className={buttonClasses('primary', 'md', 'mt-4')}>
                  Create a Trip
                </Link>
              </Card>
            }
          >
            {() =>
              waitingForDefault ? (
                <LoadingBlock text="Loading the budget…" />
              ) : !selected ? (
                <Card className="p-8 text-center">
                  <h2 className="text-xl font-semibold text-ink">Select a Trip to View Budget</h2>
                  <p className="mt-1 text-muted">Choose one of your trips above.</p>
                </Card>
              ) : (
                <TripBudget
                  key={selected.id}
                  tripId={selected.id}
                  access={selected.access}
                  sharedBy={selected.sharedBy ? sharedByLabel(selected) : null}
                />
              )
            }
          </QueryState>
        )}
      </div>
    </div>
  );
}

/**
 * One trip's budget. On a trip shared with them, members see its spending and balances; edit
 * members add and change expenses and record payments; the budget itself stays its owner's.
 */
function TripBudget({
  tripId,
  access,
  sharedBy,
}: {
  tripId: string;
  access: 'owner' | 'admin' | 'edit' | 'view';
  sharedBy: string | null;
}) {
  const canEdit = access !== 'view';
  const trpc = useTRPC();
  const summary = useQuery(trpc.budget.summary.queryOptions({ id: tripId }));
  // Expenses and the budget change as anyone who can see the trip edits them.
  const live = useLiveTopics([`trip:${tripId}`]);
  const categoriesQuery = useQuery(trpc.budget.categories.queryOptions());
  const categories = categoriesQuery.data ?? budgetCategories;
  // Who can pay and share, read with the screen although its dialog loads on first use: an
  // expense added offline later still offers them.
  useQuery({ ...trpc.balances.participants.queryOptions({ id: tripId }), enabled: canEdit });
  const base = summary.data?.baseCurrency;
  // Asked only once the trip is loaded; on error there are no rates (a missing rate counts as 1).
  const ratesQuery = useQuery({
    ...trpc.budget.rates.queryOptions({ base: base ?? 'USD' }),
    enabled: base !== undefined,
  });
  const rates = ratesQuery.data?.rates;
  // §8: a failed categories or rates request is logged; the built-in categories and "rate 1" stand in.
  useEffect(() => {
    if (categoriesQuery.isError)
      console.warn('Budget categories could not be loaded; using the built-in list.', categoriesQuery.error);
  }, [categoriesQuery.isError, categoriesQuery.error]);
  useEffect(() => {
    if (ratesQuery.isError)
      console.warn('Exchange rates could not be loaded; amounts are shown unconverted.', ratesQuery.error);
  }, [ratesQuery.isError, ratesQuery.error]);
  const [display, setDisplay] = useState<string | undefined>(base);
  // The display currency starts as the trip's and follows it when the trip (re)loads.
  useEffect(() => {
    if (base) setDisplay(base);
  }, [base]);
  const [dialog, setDialog] = useState<{ editing: EditableExpense | null } | null>(null);
  const [tab, setTab] = useState(0);
  const waitingCreates = useWaitingWrites('expenses.create');

  if (summary.isPending && summary.fetchStatus === 'paused')
    return (
      <NotSavedHere text="This trip's budget was not opened here while online. It loads when the connection is back." />
    );
  if (summary.isPending) return <LoadingBlock text="Loading the budget…" />;
  if (summary.isError) return <LoadError what="this trip's budget" onRetry={() => void summary.refetch()} />;
  // New expenses made without a network count in the totals at once, marked "Waiting to sync".
  const s = summaryWithWaiting(summary.data, waitingCreates, categories, rates);
  const displayCurrency = display ?? s.baseCurrency;
  const toDisplay = (minor: number) => formatMoney(convertFromBase(minor, rates, displayCurrency), displayCurrency);
  // The cards speak the display currency; the trip's own amount stands beside it when that differs.
  const inBase = (minor: number) =>
    displayCurrency === s.baseCurrency ? null : (
      <p className="text-sm text-muted" data-testid="in-base">
        {formatMoney(minor, s.baseCurrency)} in {s.baseCurrency}
      </p>
    );

  return (
    <div>
      <LiveStatus reconnecting={live.reconnecting} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-2xl font-semibold text-ink">{s.title}</h2>
          <p className="text-muted">{formatDateRange(s.startDate, s.endDate)}</p>
          {sharedBy ? (
            <p className="text-sm text-muted">
              {sharedBy}
              {canEdit ? '' : ' · you can view its expenses'}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <SelectInput
            label="Display currency"
            value={displayCurrency}
            onChange={(e) => setDisplay(e.target.value)}
            className="w-36"
          >
            {expenseCurrencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectInput>
          {canEdit ? (
            <Button onClick={() => setDialog({ editing: null })} {...preloadOnIntent(ExpenseDialog)}>
              Add Expense
            </Button>
          ) : null}
        </div>
      </div>

      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <Card className="p-4">
          <p className="text-sm text-muted">Total Expenses</p>
          <p className="mt-1 text-2xl font-semibold text-ink" data-testid="total-expenses">
            {toDisplay(s.totalSpent)}
          </p>
          {inBase(s.totalSpent)}
          <p className={`mt-1 text-sm ${s.overBudget ? 'text-danger-600' : 'text-muted'}`}>
            {s.remaining === null
              ? 'No budget set'
              : s.overBudget
                ? `${toDisplay(-s.remaining)} over budget`
                : `${toDisplay(s.remaining)} under budget`}
          </p>
          {s.waiting > 0 ? (
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
              <WaitingToSync />
              <span>
                {s.waiting} {s.waiting === 1 ? 'expense' : 'expenses'} counted before syncing
              </span>
            </p>
          ) : null}
        </Card>
        <Card className="p-4">
          <p className="text-sm text-muted">Number of Expenses</p>
          <p className="mt-1 text-2xl font-semibold text-ink">{s.expenseCount}</p>
          <p className="mt-1 text-sm text-muted">
            in {s.currencyCount} {s.currencyCount === 1 ? 'currency' : 'currencies'}
          </p>
        </Card>
        <Card className="p-4">
          <p className="text-sm text-muted">Trip Budget</p>
          <p className="mt-1 text-2xl font-semibold text-ink" data-testid="trip-budget">
            {s.budgetTotal === null ? 'No budget set' : toDisplay(s.budgetTotal)}
          </p>
          {s.budgetTotal !== null ? inBase(s.budgetTotal) : null}
          <p className="mt-1 text-sm text-muted">Base currency: {s.baseCurrency}</p>
        </Card>
      </div>
      <p className="mt-2 min-h-4 text-xs text-muted">
        {ratesQuery.data ? `Conversions use reference rates as of ${ratesQuery.data.date}.` : ''}
      </p>

      <Tabs
        className="mt-6"
        label="Budget sections"
        selectedIndex={tab}
        onChange={setTab}
        tabs={[
          {
            key: 'expenses',
            label: 'Expenses',
            content: (
              <ExpensesTab
                preloadDialog={canEdit ? ExpenseDialog.preload : undefined}
                tripId={tripId}
                displayCurrency={displayCurrency}
                rates={rates}
                categories={categories}
                {...(canEdit
                  ? { onAdd: () => setDialog({ editing: null }), onEdit: (editing) => setDialog({ editing }) }
                  : {})}
              />
            ),
          },
          {
            key: 'analytics',
            label: 'Analytics',
            content: (
              <Suspense fallback={<LoadingBlock text="Loading the charts…" />}>
                <AnalyticsTab
                  tripId={tripId}
                  summary={s}
                  displayCurrency={displayCurrency}
                  rates={rates}
                  ratesDate={ratesQuery.data?.date}
                />
              </Suspense>
            ),
            preload: preloading(loadAnalytics),
          },
          // The budget is its owner's to set.
          ...(access === 'owner'
            ? [
                {
                  key: 'budget',
                  label: 'Budget',
                  content: (
                    <Suspense fallback={<LoadingBlock text="Loading the budget…" />}>
                      <BudgetTab summary={s} categories={categories} />
                    </Suspense>
                  ),
                  preload: preloading(loadBudgetTab),
                },
              ]
            : []),
          {
            key: 'balances',
            label: 'Balances',
            content: (
              <Suspense fallback={<LoadingBlock text="Loading the balances…" />}>
                <BalancesTab tripId={tripId} canSettle={canEdit} />
              </Suspense>
            ),
            preload: preloading(loadBalancesTab),
          },
        ]}
      />

      <ExpenseDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        tripId={tripId}
        tripDates={{ startDate: s.startDate, endDate: s.endDate }}
        baseCurrency={s.baseCurrency}
        categories={categories}
        rates={rates}
        ratesDate={ratesQuery.data?.date}
        editing={dialog?.editing ?? null}
      />
    </div>
  );
}

/** Offline, for data this device never saved: says so, instead of loading until the network is back. */
function NotSavedHere({ text }: { text: string }) {
  return (
    <Card className="p-8 text-center">
      <h2 className="text-xl font-semibold text-ink">Not saved on this device</h2>
      <p className="mt-1 text-muted">{text}</p>
    </Card>
  );
}

import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { aTrip } from '~/test/fixtures';
import { trpcError, trpcMutation, trpcQuery, type OutputOf } from '~/test/trpc-handlers';
import { budgetCategories } from '@naav/schemas/budget';
import { BudgetTrackerPage } from './budget-tracker-page';

configure({ asyncUtilTimeout: 5000 });

const alps = aTrip({
  id: 'trip-a',
  title: 'Alps in Spring',
  destination: 'Austria',
  location: 'Innsbruck, Austria',
  startDate: '2026-04-01',
  endDate: '2026-04-08',
  status: 'upcoming',
  timeZone: 'Europe/Vienna',
});
const kyoto = aTrip({
  id: 'trip-b',
  title: 'Kyoto Autumn',
  destination: 'Japan',
  location: 'Kyoto, Japan',
  startDate: '2026-10-01',
  endDate: '2026-10-10',
  timeZone: 'Asia/Tokyo',
  baseCurrency: 'USD',
  budgetTotal: 100_000,
});
const trips = [alps, kyoto];

const summary: OutputOf<'budget.summary'> = {
  tripId: 'trip-b',
  title: 'Kyoto Autumn',
  startDate: '2026-10-01',
  endDate: '2026-10-10',
  baseCurrency: 'USD',
  budgetTotal: 100_000,
  totalSpent: 120_000,
  remaining: -20_000,
  overBudget: true,
  expenseCount: 3,
  currencyCount: 2,
  byCategory: [],
  byCurrency: [],
  allocated: 0,
  unallocated: 100_000,
  ratesDate: '2026-09-30',
};

// Tests about choosing the trip: what the chosen trip's budget answers does not matter.
const budgetUnavailable = [trpcError('budget.summary', 'NOT_FOUND'), trpcError('budget.categories', 'NOT_FOUND')];

function renderPage(tripParam: string | undefined) {
  const onSelect = vi.fn();
  renderWithApi(
    <ToastProvider>
      <BudgetTrackerPage tripParam={tripParam} onSelectTrip={onSelect} />
    </ToastProvider>,
  );
  return onSelect;
}

/** The Kyoto trip's budget, rates in USD and EUR, and no expenses yet. */
const kyotoWithoutExpenses = () => [
  trpcQuery('trips.list', trips),
  trpcQuery('trips.current', kyoto),
  trpcQuery('budget.summary', summary),
  trpcQuery('budget.categories', budgetCategories),
  trpcQuery('budget.rates', { base: 'USD', date: '2026-09-30', rates: { USD: 1, EUR: 0.5 } }),
  trpcQuery('expenses.search', { items: [], total: 0, page: 1, pageSize: 20, nextCursor: null }),
];

/** The page on the Alps trip; the "Budget Tracker" button opens it again without a trip, as the navigation does. */
function FromTheNavigation({ onSelect }: { onSelect: (id: string, replace?: boolean) => void }) {
  const [tripParam, setTripParam] = useState<string | undefined>('trip-a');
  return (
    <>
      <button type="button" onClick={() => setTripParam(undefined)}>
        Budget Tracker
      </button>
      <BudgetTrackerPage tripParam={tripParam} onSelectTrip={onSelect} />
    </>
  );
}

describe('Budget Tracker page', { timeout: 20_000 }, () => {
  it('with no trips says so and links to My Trips', async () => {
    server.use(trpcQuery('trips.list', []), trpcError('trips.current', 'NOT_FOUND'));
    renderPage(undefined);
    expect(await screen.findByRole('heading', { name: 'No trips found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a Trip' })).toHaveAttribute('href', '/my-trips');
  });

  it('picks the current trip by default, otherwise the first, and writes it into the address', async () => {
    server.use(trpcQuery('trips.list', trips), trpcQuery('trips.current', kyoto), ...budgetUnavailable);
    const onSelect = renderPage(undefined);
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith('trip-b', true));
  });

  it('falls back to the first trip without a current one', async () => {
    server.use(trpcQuery('trips.list', trips), trpcError('trips.current', 'NOT_FOUND'), ...budgetUnavailable);
    const onSelect = renderPage(undefined);
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith('trip-a', true));
  });

  it('lists trips shared with the user, marked, prefers their own by default, and keeps a shared trip’s budget with its owner', async () => {
    const shared = aTrip({
      id: 'trip-s',
      title: 'Tokyo with Maya',
      startDate: '2026-03-01',
      endDate: '2026-03-05',
      status: 'upcoming',
      access: 'edit',
      sharedBy: { name: 'Maya Tanaka' },
    });
    server.use(
      trpcQuery('trips.list', [shared, ...trips]),
      trpcError('trips.current', 'NOT_FOUND'),
      ...budgetUnavailable,
    );
    const onSelect = renderPage(undefined);
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith('trip-a', true));
    expect(screen.getByRole('option', { name: 'Tokyo with Maya (Shared by Maya)' })).toBeInTheDocument();
  });

  it('shows a view member a shared trip’s spending and balances, with nothing to add, change or settle', async () => {
    const shared = aTrip({
      id: 'trip-b',
      title: 'Kyoto Autumn',
      status: 'upcoming',
      access: 'view',
      sharedBy: { name: 'Maya Tanaka' },
    });
    server.use(...kyotoWithoutExpenses());
    // Added last, so they answer first.
    server.use(
      trpcQuery('trips.list', [shared]),
      trpcError('trips.current', 'NOT_FOUND'),
      trpcQuery('balances.balances', {
        currency: 'USD',
        balances: [
          { participantId: 'user:maya', name: 'Maya Tanaka', paid: 120_000, share: 60_000, net: 60_000 },
          { participantId: 'user:me', name: 'Jordan Lee', paid: 0, share: 60_000, net: -60_000 },
        ],
        transfers: [{ from: 'user:me', to: 'user:maya', amount: 60_000 }],
      }),
    );
    renderPage('trip-b');
    expect(await screen.findByText(/Shared by Maya · you can view its expenses/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Expense' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Budget' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Balances' }));
    expect(await screen.findByText('Jordan Lee pays Maya Tanaka $600.00')).toBeInTheDocument();
    expect(screen.getByText('Owes $600.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record/ })).not.toBeInTheDocument();
  });

  it('asks to select a trip when none is chosen', async () => {
    server.use(trpcQuery('trips.list', trips), trpcError('trips.current', 'NOT_FOUND'));
    const onSelect = renderPage('');
    expect(await screen.findByRole('heading', { name: 'Select a Trip to View Budget' })).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('Select Trip'), 'trip-b');
    expect(onSelect).toHaveBeenCalledWith('trip-b');
  });

  it('shows the summary cards in the display currency, which starts as the trip currency', async () => {
    server.use(...kyotoWithoutExpenses());
    renderPage('trip-b');
    expect(await screen.findByRole('heading', { name: 'Kyoto Autumn' })).toBeInTheDocument();
    expect(screen.getByLabelText('Display currency')).toHaveValue('USD');
    expect(screen.getByTestId('total-expenses')).toHaveTextContent('$1,200.00');
    expect(screen.getByText('$200.00 over budget')).toBeInTheDocument();
    expect(screen.getByText('in 2 currencies')).toBeInTheDocument();
    expect(screen.getByText('Base currency: USD')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No expenses found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add First Expense' })).toBeInTheDocument();

    // In the trip's own currency there is nothing to show beside the amounts.
    expect(screen.getByTestId('trip-budget')).toHaveTextContent('$1,000.00');
    expect(screen.queryByTestId('in-base')).not.toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByLabelText('Display currency'), 'EUR');
    expect(screen.getByTestId('total-expenses')).toHaveTextContent('€600.00');
    // Every card speaks the display currency, with the trip's amount beside it.
    expect(screen.getByTestId('trip-budget')).toHaveTextContent('€500.00');
    expect(screen.getByText('€100.00 over budget')).toBeInTheDocument();
    expect(screen.getAllByTestId('in-base').map((e) => e.textContent)).toEqual([
      '$1,200.00 in USD',
      '$1,000.00 in USD',
    ]);
  });

  it('shows yen in whole yen on the cards', async () => {
    server.use(
      trpcQuery('budget.rates', { base: 'USD', date: '2026-09-30', rates: { USD: 1, JPY: 140 } }),
      ...kyotoWithoutExpenses(),
    );
    renderPage('trip-b');
    expect(await screen.findByRole('heading', { name: 'Kyoto Autumn' })).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('Display currency'), 'JPY');
    expect(screen.getByTestId('total-expenses')).toHaveTextContent(/^¥168,000$/);
    expect(screen.getByTestId('trip-budget')).toHaveTextContent(/^¥140,000$/);
    expect(screen.getByText('¥28,000 over budget')).toBeInTheDocument();
  });

  it('counts an expense added offline in the totals at once, marked Waiting to sync, until the server has it', async () => {
    let sent = 0;
    server.use(
      ...kyotoWithoutExpenses(),
      trpcMutation('expenses.create', () => {
        sent++;
        throw new Error('expenses.create: nothing is sent while offline');
      }),
    );
    renderPage('trip-b');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add First Expense' }));
    act(() => onlineManager.setOnline(false));
    try {
      const dialog = await screen.findByRole('dialog', { name: 'Add Expense' });
      await user.type(within(dialog).getByLabelText('Description'), 'Ramen');
      await user.type(within(dialog).getByLabelText('Amount'), '30');
      await user.clear(within(dialog).getByLabelText('Date'));
      await user.type(within(dialog).getByLabelText('Date'), '2026-10-02');
      await user.click(within(dialog).getByRole('button', { name: 'Add Expense' }));
      await waitFor(() => expect(screen.getByTestId('total-expenses')).toHaveTextContent('$1,230.00'));
      expect(screen.getByText('$230.00 over budget')).toBeInTheDocument();
      expect(screen.getByText('1 expense counted before syncing')).toBeInTheDocument();
      expect(screen.getAllByText('Waiting to sync').length).toBeGreaterThan(0);
      expect(sent).toBe(0);
    } finally {
      // Unmounted first, so the waiting expense is not sent to a handler that is gone.
      cleanup();
      act(() => onlineManager.setOnline(true));
    }
  });

  it('offline, opened without a trip (from the navigation), shows the trip last used here rather than the current one', async () => {
    server.use(trpcQuery('trips.list', trips), trpcQuery('trips.current', kyoto), ...budgetUnavailable);
    const onSelect = vi.fn();
    renderWithApi(
      <ToastProvider>
        <FromTheNavigation onSelect={onSelect} />
      </ToastProvider>,
    );
    // Online, the Alps trip is chosen: it is the one used last on this device.
    await waitFor(() => expect(screen.getByLabelText('Select Trip')).toHaveValue('trip-a'));
    act(() => onlineManager.setOnline(false));
    try {
      await userEvent.setup().click(screen.getByRole('button', { name: 'Budget Tracker' }));
      await waitFor(() => expect(onSelect).toHaveBeenCalledWith('trip-a', true));
      expect(onSelect).not.toHaveBeenCalledWith('trip-b', true);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
  });

  it('offline, says what this device never saved instead of loading until the network is back', async () => {
    server.use(trpcQuery('trips.list', trips), trpcQuery('trips.current', kyoto));
    act(() => onlineManager.setOnline(false));
    try {
      renderPage(undefined);
      expect(await screen.findByRole('heading', { name: 'Not saved on this device' })).toBeInTheDocument();
      expect(
        screen.getByText('Your trips were not opened here while online. They load when the connection is back.'),
      ).toBeInTheDocument();
    } finally {
      cleanup();
      act(() => onlineManager.setOnline(true));
    }
  });
});

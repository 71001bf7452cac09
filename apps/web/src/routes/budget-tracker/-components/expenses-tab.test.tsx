import { ToastProvider } from '@naav/ui/toast';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RouterInputs, RouterOutputs } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcQueryFrom } from '~/test/trpc-handlers';
import { budgetCategories } from '@naav/schemas/budget';
import { ExpensesTab } from './expenses-tab';

type Expense = RouterOutputs['expenses']['search']['items'][number];
type SearchInput = RouterInputs['expenses']['search'];

const expense = (i: number): Expense => ({
  id: `expense-${i}`,
  tripId: 'trip-a',
  title: `Ride ${String(i).padStart(2, '0')}`,
  amount: 1_000 + i,
  currency: 'USD',
  categoryId: i % 3 === 0 ? 2 : 3,
  category: null,
  date: '2026-04-02',
  notes: null,
  paymentMethod: null,
  location: null,
  isReimbursable: false,
  exchangeRate: 1,
  rateIsManual: false,
  amountInBase: 1_000 + i,
  createdAt: '2026-04-02T10:00:00.000Z',
  updatedAt: '2026-04-02T10:00:00.000Z',
  paidBy: 'user:owner',
  shares: [{ participantId: 'user:owner', amount: 1_000 + i }],
});
const all = Array.from({ length: 45 }, (_, i) => expense(i));

/** expenses.search paged by cursor over `all` as the server pages it; every input is recorded. */
function expensesApi() {
  const asked: Partial<SearchInput>[] = [];
  const handler = trpcQueryFrom('expenses.search', (raw) => {
    const input = raw as Partial<SearchInput>;
    asked.push(input);
    const matching = all.filter((e) => input.categoryId === undefined || e.categoryId === Number(input.categoryId));
    const start = input.cursor ? Number(input.cursor) : 0;
    const size = Number(input.limit ?? 50);
    const items = matching.slice(start, start + size);
    const nextCursor = start + size < matching.length ? String(start + size) : null;
    return input.withTotal === false
      ? { items, pageSize: size, nextCursor }
      : { items, total: matching.length, pageSize: size, nextCursor };
  });
  return { handler, asked };
}

function renderTab() {
  renderWithApi(
    <ToastProvider>
      <ExpensesTab
        tripId="trip-a"
        displayCurrency="USD"
        rates={{ USD: 1 }}
        categories={budgetCategories}
        onAdd={() => {}}
        onEdit={() => {}}
      />
    </ToastProvider>,
  );
  return userEvent.setup({ delay: null });
}

const rowTitles = () =>
  within(screen.getByRole('table', { name: 'Expenses' }))
    .getAllByText(/^Ride \d\d$/)
    .map((cell) => cell.textContent);

describe('Expenses tab paged by cursor', { timeout: 20_000 }, () => {
  it('adds the next page below with Load more, without counting again, until the last', async () => {
    const api = expensesApi();
    server.use(api.handler);
    const user = renderTab();
    await screen.findByText('Ride 00');
    expect(rowTitles()).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 45 expenses')).toBeInTheDocument();
    expect(api.asked).toEqual([expect.objectContaining({ id: 'trip-a', limit: 20 })]);
    expect(api.asked[0]).not.toHaveProperty('cursor');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowTitles()).toHaveLength(40));
    expect(rowTitles().slice(18, 22)).toEqual(['Ride 18', 'Ride 19', 'Ride 20', 'Ride 21']);
    expect(screen.getByText('Showing 40 of 45 expenses')).toBeInTheDocument();
    expect(api.asked.at(-1)).toMatchObject({ cursor: '20', withTotal: false, limit: 20 });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowTitles()).toHaveLength(45));
    expect(screen.getByText('Showing 45 of 45 expenses')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('starts again from the first page when a filter changes', async () => {
    const api = expensesApi();
    server.use(api.handler);
    const user = renderTab();
    await screen.findByText('Ride 00');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowTitles()).toHaveLength(40));

    await user.selectOptions(screen.getByLabelText('Category'), '2');
    await waitFor(() => expect(rowTitles()).toEqual(all.filter((e) => e.categoryId === 2).map((e) => e.title)));
    expect(api.asked.at(-1)).toMatchObject({ categoryId: 2, limit: 20 });
    expect(api.asked.at(-1)).not.toHaveProperty('cursor');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcFieldError, trpcMutation, type InputOf } from '~/test/trpc-handlers';
import { budgetCategories } from '@naav/schemas/budget';
import { BudgetTab, type BudgetSummaryView } from './budget-tab';

configure({ asyncUtilTimeout: 5000 });

const summary: BudgetSummaryView = {
  tripId: 'trip-1',
  baseCurrency: 'USD',
  budgetTotal: 100_000,
  totalSpent: 30_000,
  remaining: 70_000,
  overBudget: false,
  allocated: 0,
  unallocated: 100_000,
  byCategory: [],
};

function renderTab(view: BudgetSummaryView = summary) {
  return renderWithApi(
    <ToastProvider>
      <BudgetTab summary={view} categories={budgetCategories} />
    </ToastProvider>,
  );
}

describe('Budget tab', { timeout: 20_000 }, () => {
  it('says an amount below 0 is not one before sending, and sends a good one in minor units', async () => {
    const sent: InputOf<'budget.update'>[] = [];
    server.use(
      trpcMutation('budget.update', (input) => {
        sent.push(input);
        return { id: input.id, baseCurrency: input.currency, budgetTotal: input.budgetTotal };
      }),
    );
    const user = userEvent.setup();
    renderTab();
    const form = await screen.findByRole('form', { name: 'Update budget' });
    const amount = within(form).getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '-5');
    await user.click(within(form).getByRole('button', { name: 'Update Budget' }));
    expect(await within(form).findByText('Enter an amount of 0 or more')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '1234.5');
    await user.click(within(form).getByRole('button', { name: 'Update Budget' }));
    expect(await screen.findByText('Budget updated')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 'trip-1', budgetTotal: 123_450, currency: 'USD' }]);
  });

  it('takes whole yen for a yen budget: no decimals, before sending as the server would say', async () => {
    const sent: InputOf<'budget.update'>[] = [];
    server.use(
      trpcMutation('budget.update', (input) => {
        sent.push(input);
        return { id: input.id, baseCurrency: input.currency, budgetTotal: input.budgetTotal };
      }),
    );
    const user = userEvent.setup();
    renderTab({ ...summary, baseCurrency: 'JPY', budgetTotal: 16_800_000, remaining: 16_770_000, unallocated: 16_800_000 });
    const card = await screen.findByRole('region', { name: 'Trip budget' });
    expect(within(card).getByText('¥168,000')).toBeInTheDocument();
    const form = within(card).getByRole('form', { name: 'Update budget' });
    const amount = within(form).getByLabelText('Amount');
    expect(amount).toHaveValue(168000);
    expect(amount).toHaveAttribute('step', '1');
    await user.clear(amount);
    await user.type(amount, '168000.5');
    await user.click(within(form).getByRole('button', { name: 'Update Budget' }));
    expect(await within(form).findByText('JPY has no decimals: enter a whole amount')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '170000');
    await user.click(within(form).getByRole('button', { name: 'Update Budget' }));
    expect(await screen.findByText('Budget updated')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 'trip-1', budgetTotal: 17_000_000, currency: 'JPY' }]);
  });

  it('without a budget shows what was spent and no progress bar', async () => {
    renderTab({ ...summary, budgetTotal: null, remaining: null, unallocated: null });
    const card = await screen.findByRole('region', { name: 'Trip budget' });
    expect(within(card).getByText('No budget set')).toBeInTheDocument();
    expect(within(card).getByText('$300.00 spent · no budget set')).toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/of no budget/)).not.toBeInTheDocument();
  });

  it('sends the categories given an amount, and shows what the server says of the allocation', async () => {
    const sent: InputOf<'budget.setCategoryBudgets'>[] = [];
    server.use(
      trpcMutation('budget.setCategoryBudgets', (input) => {
        sent.push(input);
        return input.allocations.map((a) => ({ categoryId: Number(a.categoryId), amount: a.amount }));
      }),
    );
    const user = userEvent.setup();
    renderTab();
    const form = await screen.findByRole('form', { name: 'Category budgets' });
    await user.type(within(form).getByLabelText('Accommodation budget (USD)'), '400');
    await user.type(within(form).getByLabelText('Activities budget (USD)'), '50.25');
    expect(within(form).getByText(/These add up to \$450\.25 of \$1,000\.00/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save Category Budgets' }));
    expect(await screen.findByText('Category budgets saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        id: 'trip-1',
        allocations: [
          { categoryId: 1, amount: 40_000 },
          { categoryId: 4, amount: 5_025 },
        ],
      },
    ]);

    server.use(trpcFieldError('budget.setCategoryBudgets', 'allocations', 'The category budgets add up to more than the trip budget'));
    await user.click(within(form).getByRole('button', { name: 'Save Category Budgets' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The category budgets add up to more than the trip budget');
    expect(await screen.findByText('Could not save the category budgets')).toBeInTheDocument();
  });
});

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useEffect } from 'react';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { useToast } from '@naav/ui/toast';
import { errorMessage, fieldErrorsOf, schemaErrors } from '~/components/api-errors';
import { sendForm, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { useTRPC } from '~/lib/trpc';
import { amountStep, formatMoney, fromMinorUnits, toMinorUnits } from '~/lib/money';
import { categoryBudgetsInput, expenseCurrencies, updateBudgetInput, type ExpenseCurrency } from '@naav/schemas/budget';
import { categoryColor, progressPercent, type Category } from './budget-model';

export interface BudgetSummaryView {
  tripId: string;
  baseCurrency: string;
  budgetTotal: number | null;
  totalSpent: number;
  remaining: number | null;
  overBudget: boolean;
  allocated: number;
  unallocated: number | null;
  byCategory: { categoryId: number | null; total: number; budget: number | null }[];
}

/** A spending bar: red when over, capped at 100 %. Without a budget there is nothing to measure: only what was spent. */
export function SpendingBar({
  label,
  spent,
  budget,
  currency,
}: {
  label: string;
  spent: number;
  budget: number | null;
  currency: string;
}) {
  if (budget === null) {
    return (
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <span className="font-medium text-ink">{label}</span>
        <span className="text-muted">{formatMoney(spent, currency)} spent · no budget set</span>
      </p>
    );
  }
  const percent = progressPercent(spent, budget);
  const over = spent > budget;
  return (
    <div>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <span className="font-medium text-ink">{label}</span>
        <span className={over ? 'font-medium text-danger-600' : 'text-muted'}>
          {formatMoney(spent, currency)} of {formatMoney(budget, currency)}
          {over ? ' · over budget' : ''}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%${over ? ', over budget' : ''}`}
        data-over={over ? 'true' : 'false'}
        className="mt-1.5 h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full ${over ? 'bg-danger-600' : 'bg-brand-600'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

interface BudgetForm {
  /** The amount as typed; empty for no budget. */
  budgetTotal: string;
  currency: string;
}

interface AllocationForm {
  /** One row per category, the amount as typed; empty for none. */
  allocations: { categoryId: number; amount: string }[];
}

const budgetFormFrom = (summary: BudgetSummaryView): BudgetForm => ({
  budgetTotal: summary.budgetTotal === null ? '' : fromMinorUnits(summary.budgetTotal, summary.baseCurrency),
  currency: summary.baseCurrency,
});

const allocationFormFrom = (summary: BudgetSummaryView, categories: Category[]): AllocationForm => {
  const saved = new Map(summary.byCategory.map((c) => [c.categoryId, c.budget ?? null]));
  return {
    allocations: categories.map((c) => {
      const budget = saved.get(c.id) ?? null;
      return { categoryId: c.id, amount: budget === null ? '' : fromMinorUnits(budget, summary.baseCurrency) };
    }),
  };
};

/** The categories' amounts as minor units; one left empty (or not a number) is 0. */
const typedAllocations = (form: AllocationForm) =>
  form.allocations.map((a) => ({ categoryId: a.categoryId, amount: toMinorUnits(a.amount) ?? 0 }));

/** The trip budget, its update form, and the allocation per category. */
export function BudgetTab({ summary, categories }: { summary: BudgetSummaryView; categories: Category[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const base = summary.baseCurrency;
  const allocationOf = (id: number) => summary.byCategory.find((c) => c.categoryId === id)?.budget ?? null;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.budget.pathFilter()),
      queryClient.invalidateQueries(trpc.expenses.pathFilter()),
      queryClient.invalidateQueries(trpc.balances.balances.pathFilter()),
      queryClient.invalidateQueries(trpc.balances.spending.pathFilter()),
      queryClient.invalidateQueries(trpc.trips.pathFilter()),
    ]);

  const update = useMutation(trpc.budget.update.mutationOptions());
  const allocate = useMutation(trpc.budget.setCategoryBudgets.mutationOptions());

  /** The request the budget form makes: minor units, null for no budget. */
  const toBudgetRequest = (form: BudgetForm) => ({
    id: summary.tripId,
    budgetTotal: form.budgetTotal.trim() === '' ? null : (toMinorUnits(form.budgetTotal) ?? Number.NaN),
    currency: form.currency as ExpenseCurrency,
  });
  const checkBudget = schemaValidator(updateBudgetInput, toBudgetRequest);
  const budgetForm = useAppForm({
    defaultValues: budgetFormFrom(summary),
    validators: {
      // The form's own words for an amount that is not one, or below 0; then what the server would say.
      onSubmit: ({ value }) => {
        const minor = toBudgetRequest(value).budgetTotal;
        if (minor !== null && (Number.isNaN(minor) || minor < 0))
          return { fields: { budgetTotal: 'Enter an amount of 0 or more' } };
        return checkBudget({ value });
      },
    },
    onSubmit: async ({ value }) => {
      if (
        !(
          await sendForm(budgetForm, () => update.mutateAsync(toBudgetRequest(value)), {
            toast: toast.toast,
            title: 'Could not update the budget',
          })
        ).ok
      )
        return;
      await refresh();
      toast.toast({ title: 'Budget updated', tone: 'success' });
    },
  });

  /** The request the allocation form makes: the categories given an amount above 0. */
  const toAllocationRequest = (form: AllocationForm) => ({
    id: summary.tripId,
    allocations: typedAllocations(form).filter((a) => a.amount > 0),
  });
  const allocationForm = useAppForm({
    defaultValues: allocationFormFrom(summary, categories),
    validators: {
      // One message for the whole allocation, under it, as the server's for `allocations` is.
      onSubmit: ({ value }) => {
        if (typedAllocations(value).some((a) => a.amount < 0)) return 'Amounts cannot be negative';
        return schemaErrors(categoryBudgetsInput, toAllocationRequest(value)).allocations;
      },
    },
    onSubmit: async ({ value }) => {
      try {
        await allocate.mutateAsync(toAllocationRequest(value));
      } catch (error) {
        // The server's word on the allocation, where the check before sending shows its own; editing clears it.
        allocationForm.setErrorMap({ onSubmit: fieldErrorsOf(error)['allocations'] ?? errorMessage(error) });
        toast.toast({
          title: 'Could not save the category budgets',
          description: errorMessage(error),
          tone: 'destructive',
        });
        return;
      }
      await refresh();
      toast.toast({ title: 'Category budgets saved', tone: 'success' });
    },
  });

  // A new summary (after saving, or another trip) is what both forms show and start from.
  useEffect(() => {
    budgetForm.reset(budgetFormFrom(summary));
    allocationForm.reset(allocationFormFrom(summary, categories));
  }, [summary, categories, budgetForm, allocationForm]);

  const currency = useStore(budgetForm.store, (state) => state.values.currency);
  const typedSum = useStore(allocationForm.store, (state) =>
    typedAllocations(state.values).reduce((s, a) => s + a.amount, 0),
  );
  const allocating = useStore(allocationForm.store, (state) => state.isSubmitting);
  const allocationError = useStore(allocationForm.store, (state) => {
    const message = state.errorMap.onSubmit;
    return typeof message === 'string' ? message : null;
  });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card as="section" className="p-4 sm:p-6" aria-label="Trip budget">
        <h3 className="text-lg font-semibold text-ink">Trip Budget</h3>
        <p className="mt-1 text-2xl font-semibold text-ink">
          {summary.budgetTotal === null ? 'No budget set' : formatMoney(summary.budgetTotal, base)}
        </p>
        <div className="mt-4">
          <SpendingBar
            label="Spending progress"
            spent={summary.totalSpent}
            budget={summary.budgetTotal}
            currency={base}
          />
        </div>
        {summary.remaining !== null ? (
          <p className={`mt-2 text-sm ${summary.overBudget ? 'text-danger-600' : 'text-muted'}`}>
            {summary.overBudget
              ? `${formatMoney(-summary.remaining, base)} over budget`
              : `${formatMoney(summary.remaining, base)} left to spend`}
          </p>
        ) : null}
        <form
          onSubmit={submitWith(budgetForm)}
          noValidate
          className="mt-6 space-y-4 border-t border-slate-200 pt-4"
          aria-label="Update budget"
        >
          <h4 className="font-semibold text-ink">Update Budget</h4>
          <div className="grid gap-4 sm:grid-cols-2">
            <budgetForm.AppField name="budgetTotal">
              {(field) => (
                <field.NumberField
                  label="Amount"
                  min="0"
                  step={amountStep(currency)}
                  hint="Leave empty for no budget."
                />
              )}
            </budgetForm.AppField>
            <budgetForm.AppField name="currency">
              {(field) => (
                <field.SelectField
                  label="Currency"
                  hint={currency !== base ? `Expenses will be counted in ${currency} from now on.` : undefined}
                >
                  {expenseCurrencies.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </field.SelectField>
              )}
            </budgetForm.AppField>
          </div>
          <budgetForm.AppForm>
            <budgetForm.SubmitButton label="Update Budget" busyLabel="Saving…" />
          </budgetForm.AppForm>
        </form>
      </Card>

      <Card as="section" className="p-4 sm:p-6" aria-label="Category budgets">
        <h3 className="text-lg font-semibold text-ink">Category Budgets</h3>
        {summary.budgetTotal === null ? (
          <p className="mt-2 text-sm text-muted">Set a trip budget first, then share it out between categories.</p>
        ) : (
          <p className="mt-1 text-sm text-muted">
            Allocated {formatMoney(summary.allocated, base)} · Unallocated{' '}
            <span className={summary.unallocated !== null && summary.unallocated < 0 ? 'text-danger-600' : 'text-ink'}>
              {formatMoney(summary.unallocated ?? 0, base)}
            </span>
          </p>
        )}
        <form onSubmit={submitWith(allocationForm)} noValidate className="mt-4 space-y-4" aria-label="Category budgets">
          {categories.map((c, i) => {
            const spent = summary.byCategory.find((x) => x.categoryId === c.id)?.total ?? 0;
            const budget = allocationOf(c.id);
            return (
              <div key={c.id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex items-center gap-2">
                  <span
                    className="size-3 rounded-full"
                    style={{ backgroundColor: categoryColor(c.color) }}
                    aria-hidden="true"
                  />
                  <span className="flex-1 font-medium text-ink">{c.name}</span>
                </div>
                {budget !== null ? (
                  <div className="mt-2">
                    <SpendingBar label={`${c.name} spending`} spent={spent} budget={budget} currency={base} />
                  </div>
                ) : null}
                <allocationForm.AppField name={`allocations[${i}].amount`}>
                  {(field) => (
                    <field.NumberField
                      label={`${c.name} budget (${base})`}
                      min="0"
                      step={amountStep(base)}
                      disabled={summary.budgetTotal === null}
                      className="mt-2"
                    />
                  )}
                </allocationForm.AppField>
              </div>
            );
          })}
          {summary.budgetTotal !== null ? (
            <p className={`text-sm ${typedSum > summary.budgetTotal ? 'text-danger-600' : 'text-muted'}`}>
              These add up to {formatMoney(typedSum, base)} of {formatMoney(summary.budgetTotal, base)};{' '}
              {formatMoney(summary.budgetTotal - typedSum, base)} unallocated.
            </p>
          ) : null}
          {allocationError ? (
            <p role="alert" className="text-sm text-danger-600">
              {allocationError}
            </p>
          ) : null}
          <Button type="submit" disabled={allocating || summary.budgetTotal === null}>
            {allocating ? 'Saving…' : 'Save Category Budgets'}
          </Button>
        </form>
      </Card>
    </div>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { useToast } from '@naav/ui/toast';
import { errorMessage, fieldErrorsOf } from '../../../components/api-errors';
import { SelectInput, TextInput } from '../../../components/form-controls';
import { useTRPC } from '../../../lib/trpc';
import { formatMoney, fromMinorUnits, toMinorUnits } from '../../../lib/money';
import { expenseCurrencies, type ExpenseCurrency } from '@naav/schemas/budget';
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

/** A spending bar: red when over, capped at 100 %. */
export function SpendingBar({ label, spent, budget, currency }: { label: string; spent: number; budget: number | null; currency: string }) {
  const percent = progressPercent(spent, budget);
  const over = budget !== null && spent > budget;
  return (
    <div>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <span className="font-medium text-ink">{label}</span>
        <span className={over ? 'font-medium text-danger-600' : 'text-muted'}>
          {formatMoney(spent, currency)} of {budget === null ? 'no budget' : formatMoney(budget, currency)}
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
        <div className={`h-full rounded-full ${over ? 'bg-danger-600' : 'bg-brand-600'}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The trip budget, its update form, and the allocation per category. */
export function BudgetTab({ summary, categories }: { summary: BudgetSummaryView; categories: Category[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const base = summary.baseCurrency;
  const [amount, setAmount] = useState(summary.budgetTotal === null ? '' : fromMinorUnits(summary.budgetTotal));
  const [currency, setCurrency] = useState(base);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const allocationOf = (id: number) => summary.byCategory.find((c) => c.categoryId === id)?.budget ?? null;
  const [allocation, setAllocation] = useState<Record<number, string>>({});
  const [allocationError, setAllocationError] = useState<string | null>(null);

  useEffect(() => {
    setAmount(summary.budgetTotal === null ? '' : fromMinorUnits(summary.budgetTotal));
    setCurrency(summary.baseCurrency);
    const saved = new Map(summary.byCategory.map((c) => [c.categoryId, c.budget ?? null]));
    setAllocation(
      Object.fromEntries(
        categories.map((c) => {
          const budget = saved.get(c.id) ?? null;
          return [c.id, budget === null ? '' : fromMinorUnits(budget)];
        }),
      ),
    );
  }, [summary, categories]);

  const refresh = () =>
    Promise.all([queryClient.invalidateQueries(trpc.budget.pathFilter()), queryClient.invalidateQueries(trpc.expenses.pathFilter()), queryClient.invalidateQueries(trpc.trips.pathFilter())]);

  const update = useMutation(
    trpc.budget.update.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setErrors({});
        toast.toast({ title: 'Budget updated', tone: 'success' });
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.toast({ title: 'Could not update the budget', description: errorMessage(error), tone: 'destructive' });
      },
    }),
  );
  const allocate = useMutation(
    trpc.budget.setCategoryBudgets.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setAllocationError(null);
        toast.toast({ title: 'Category budgets saved', tone: 'success' });
      },
      onError: (error) => {
        setAllocationError(fieldErrorsOf(error)['allocations'] ?? errorMessage(error));
        toast.toast({ title: 'Could not save the category budgets', description: errorMessage(error), tone: 'destructive' });
      },
    }),
  );

  const submitBudget = (e: FormEvent) => {
    e.preventDefault();
    const minor = amount.trim() === '' ? null : toMinorUnits(amount);
    if (amount.trim() !== '' && (minor === null || minor < 0)) {
      setErrors({ budgetTotal: 'Enter an amount of 0 or more' });
      return;
    }
    update.mutate({ id: summary.tripId, budgetTotal: minor, currency: currency as ExpenseCurrency });
  };

  const typedAllocation = categories.map((c) => ({ categoryId: c.id, amount: toMinorUnits(allocation[c.id] ?? '') ?? 0 }));
  const typedSum = typedAllocation.reduce((s, a) => s + a.amount, 0);
  const submitAllocation = (e: FormEvent) => {
    e.preventDefault();
    if (typedAllocation.some((a) => a.amount < 0)) {
      setAllocationError('Amounts cannot be negative');
      return;
    }
    allocate.mutate({ id: summary.tripId, allocations: typedAllocation.filter((a) => a.amount > 0) });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card as="section" className="p-4 sm:p-6" aria-label="Trip budget">
        <h3 className="text-lg font-semibold text-ink">Trip Budget</h3>
        <p className="mt-1 text-2xl font-semibold text-ink">{summary.budgetTotal === null ? 'No budget set' : formatMoney(summary.budgetTotal, base)}</p>
        <div className="mt-4">
          <SpendingBar label="Spending progress" spent={summary.totalSpent} budget={summary.budgetTotal} currency={base} />
        </div>
        {summary.remaining !== null ? (
          <p className={`mt-2 text-sm ${summary.overBudget ? 'text-danger-600' : 'text-muted'}`}>
            {summary.overBudget ? `${formatMoney(-summary.remaining, base)} over budget` : `${formatMoney(summary.remaining, base)} left to spend`}
          </p>
        ) : null}
        <form onSubmit={submitBudget} noValidate className="mt-6 space-y-4 border-t border-slate-200 pt-4" aria-label="Update budget">
          <h4 className="font-semibold text-ink">Update Budget</h4>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label="Amount"
              type="number"
              min="0"
              step="0.01"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={errors['budgetTotal']}
              hint="Leave empty for no budget."
            />
            <SelectInput
              label="Currency"
              value={currency}
              onChange={(e) => setCurrency(e.target.value)}
              error={errors['currency']}
              hint={currency !== base ? `Expenses will be counted in ${currency} from now on.` : undefined}
            >
              {expenseCurrencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectInput>
          </div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Update Budget'}
          </Button>
        </form>
      </Card>

      <Card as="section" className="p-4 sm:p-6" aria-label="Category budgets">
        <h3 className="text-lg font-semibold text-ink">Category Budgets</h3>
        {summary.budgetTotal === null ? (
          <p className="mt-2 text-sm text-muted">Set a trip budget first, then share it out between categories.</p>
        ) : (
          <p className="mt-1 text-sm text-muted">
            Allocated {formatMoney(summary.allocated, base)} · Unallocated{' '}
            <span className={summary.unallocated !== null && summary.unallocated < 0 ? 'text-danger-600' : 'text-ink'}>{formatMoney(summary.unallocated ?? 0, base)}</span>
          </p>
        )}
        <form onSubmit={submitAllocation} noValidate className="mt-4 space-y-4" aria-label="Category budgets">
          {categories.map((c) => {
            const spent = summary.byCategory.find((x) => x.categoryId === c.id)?.total ?? 0;
            const budget = allocationOf(c.id);
            return (
              <div key={c.id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex items-center gap-2">
                  <span className="size-3 rounded-full" style={{ backgroundColor: categoryColor(c.color) }} aria-hidden="true" />
                  <span className="flex-1 font-medium text-ink">{c.name}</span>
                </div>
                {budget !== null ? (
                  <div className="mt-2">
                    <SpendingBar label={`${c.name} spending`} spent={spent} budget={budget} currency={base} />
                  </div>
                ) : null}
                <TextInput
                  label={`${c.name} budget (${base})`}
                  type="number"
                  min="0"
                  step="0.01"
                  inputMode="decimal"
                  value={allocation[c.id] ?? ''}
                  disabled={summary.budgetTotal === null}
                  onChange={(e) => setAllocation((a) => ({ ...a, [c.id]: e.target.value }))}
                  className="mt-2"
                />
              </div>
            );
          })}
          {summary.budgetTotal !== null ? (
            <p className={`text-sm ${typedSum > summary.budgetTotal ? 'text-danger-600' : 'text-muted'}`}>
              These add up to {formatMoney(typedSum, base)} of {formatMoney(summary.budgetTotal, base)}; {formatMoney(summary.budgetTotal - typedSum, base)} unallocated.
            </p>
          ) : null}
          {allocationError ? (
            <p role="alert" className="text-sm text-danger-600">
              {allocationError}
            </p>
          ) : null}
          <Button type="submit" disabled={allocate.isPending || summary.budgetTotal === null}>
            {allocate.isPending ? 'Saving…' : 'Save Category Budgets'}
          </Button>
        </form>
      </Card>
    </div>
  );
}

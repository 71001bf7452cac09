import type { RouterInputs, RouterOutputs } from '~/lib/api-types';
import type { QueuedWrite } from '~/lib/offline-writes';
import type { Category } from './budget-model';

type Expense = RouterOutputs['expenses']['search']['items'][number];
export type ShownExpense = Expense & { waiting: boolean };

/**
 * An expense row made from what an Add Expense request sends, stored as the server stores it:
 * the rate frozen (the manual one, else `rate`), the amount in the base currency.
 */
export function expenseFromCreate(
  input: RouterInputs['expenses']['create'],
  { id, at, rate, categories }: { id: string; at: string; rate: number; categories: readonly Category[] },
): Expense {
  const frozen = input.exchangeRate ?? rate;
  const categoryId = input.categoryId == null ? null : Number(input.categoryId);
  return {
    id,
    tripId: input.tripId,
    title: input.title,
    amount: input.amount,
    currency: input.currency,
    categoryId,
    category: categories.find((c) => c.id === categoryId) ?? null,
    date: input.date,
    notes: input.notes ?? null,
    paymentMethod: input.paymentMethod ?? null,
    location: input.location ?? null,
    isReimbursable: input.isReimbursable ?? false,
    exchangeRate: frozen,
    rateIsManual: input.exchangeRate != null,
    amountInBase: Math.round(input.amount * frozen),
    createdAt: at,
    updatedAt: at,
    // Who paid and the parts are the server's to decide (the caller and equal parts unless sent).
    paidBy: input.paidBy ?? '',
    shares: [],
  };
}

/** A new expense as the list shows it before the server has stored it (its rate from today's table). */
function fromCreate(
  write: QueuedWrite<RouterInputs['expenses']['create']>,
  categories: Category[],
  rates: Record<string, number> | undefined,
): ShownExpense {
  const { input } = write;
  const rate = rates?.[input.currency] ? 1 / rates[input.currency]! : 1;
  const at = new Date(write.madeAt).toISOString();
  return {
    ...expenseFromCreate(input, { id: `waiting-${write.idempotencyKey}`, at, rate, categories }),
    waiting: true,
  };
}

/**
 * The expenses the list shows: new ones not yet sent first (newest first, marked waiting), then
 * the server's, each with its newest unsent edit laid over it.
 */
export function withWaitingExpenses(
  items: Expense[],
  tripId: string,
  creates: QueuedWrite<RouterInputs['expenses']['create']>[],
  updates: QueuedWrite<RouterInputs['expenses']['update']>[],
  categories: Category[],
  rates: Record<string, number> | undefined,
): ShownExpense[] {
  const added = creates
    .filter((write) => write.input.tripId === tripId)
    .map((write) => fromCreate(write, categories, rates))
    .reverse();
  const edits = new Map(updates.map((write) => [write.input.id, write]));
  const stored = items.map((item): ShownExpense => {
    const edit = edits.get(item.id);
    if (!edit) return { ...item, waiting: false };
    const changed = fromCreate(edit, categories, rates);
    return { ...changed, id: item.id, createdAt: item.createdAt, category: changed.category };
  });
  return [...added, ...stored];
}

type Summary = RouterOutputs['budget']['summary'];

/**
 * The trip's summary with the new expenses not yet sent counted in (their amounts at today's
 * rates), so the totals the traveller sees include what they added offline; `waiting` says how
 * many, so the screen can mark the totals "Waiting to sync" until the server has them.
 */
export function summaryWithWaiting(
  summary: Summary,
  creates: QueuedWrite<RouterInputs['expenses']['create']>[],
  categories: Category[],
  rates: Record<string, number> | undefined,
): Summary & { waiting: number } {
  const added = creates
    .filter((write) => write.input.tripId === summary.tripId)
    .map((write) => fromCreate(write, categories, rates));
  if (added.length === 0) return { ...summary, waiting: 0 };
  const extra = added.reduce((sum, expense) => sum + expense.amountInBase, 0);
  const totalSpent = summary.totalSpent + extra;
  const remaining = summary.budgetTotal === null ? null : summary.budgetTotal - totalSpent;
  const known = new Set(summary.byCurrency.map((c) => c.currency));
  const newCurrencies = new Set(added.map((expense) => expense.currency).filter((currency) => !known.has(currency)));
  const byCategory = summary.byCategory.map((category) => {
    const mine = added.filter((expense) => expense.categoryId === category.categoryId);
    return mine.length === 0
      ? category
      : {
          ...category,
          total: category.total + mine.reduce((sum, e) => sum + e.amountInBase, 0),
          count: category.count + mine.length,
        };
  });
  return {
    ...summary,
    totalSpent,
    remaining,
    overBudget: remaining !== null && remaining < 0,
    expenseCount: summary.expenseCount + added.length,
    currencyCount: summary.currencyCount + newCurrencies.size,
    byCategory,
    waiting: added.length,
  };
}

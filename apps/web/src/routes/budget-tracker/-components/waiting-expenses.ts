import type { RouterInputs, RouterOutputs } from '../../../lib/api-types';
import type { QueuedWrite } from '../../../lib/offline-writes';
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
  };
}

/** A new expense as the list shows it before the server has stored it (its rate from today's table). */
function fromCreate(write: QueuedWrite<RouterInputs['expenses']['create']>, categories: Category[], rates: Record<string, number> | undefined): ShownExpense {
  const { input } = write;
  const rate = rates?.[input.currency] ? 1 / rates[input.currency]! : 1;
  const at = new Date(write.madeAt).toISOString();
  return { ...expenseFromCreate(input, { id: `waiting-${write.idempotencyKey}`, at, rate, categories }), waiting: true };
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

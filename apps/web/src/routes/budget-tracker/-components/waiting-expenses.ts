import type { RouterInputs, RouterOutputs } from '../../../lib/api-types';
import type { QueuedWrite } from '../../../lib/offline-writes';
import type { Category } from './budget-model';

type Expense = RouterOutputs['expenses']['search']['items'][number];
export type ShownExpense = Expense & { waiting: boolean };

/** A new expense as the list shows it before the server has stored it (its rate from today's table). */
function fromCreate(write: QueuedWrite<RouterInputs['expenses']['create']>, categories: Category[], rates: Record<string, number> | undefined): ShownExpense {
  const { input } = write;
  const rate = input.exchangeRate ?? (rates?.[input.currency] ? 1 / rates[input.currency]! : 1);
  const madeAt = new Date(write.madeAt).toISOString();
  const categoryId = input.categoryId == null ? null : Number(input.categoryId);
  return {
    id: `waiting-${write.idempotencyKey}`,
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
    exchangeRate: rate,
    rateIsManual: input.exchangeRate != null,
    amountInBase: Math.round(input.amount * rate),
    createdAt: madeAt,
    updatedAt: madeAt,
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

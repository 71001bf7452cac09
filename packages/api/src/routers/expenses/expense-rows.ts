// How expenses are read: their columns, filters and keyset order, shared by the list, the
// page, the stream and the writes that answer the row they wrote.
import type { Database } from '@naav/db';
import { expenses, trips } from '@naav/db/schema';
import { addDaysIso, addMonthsIso } from '@naav/schemas/dates';
import { categoryById, type ExpenseCurrency } from '@naav/schemas/budget';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import { decodeCursor, encodeCursor, isIsoDate } from '../../lib/cursor';
import { searchMatch } from '../../lib/search';
import { tripAccessRank } from '../../lib/trip-access';
import type { DateRange, Expense, ListExpensesInput } from './expenses.schemas';
import { paidBySql, sharesSql } from './expense-shares';
import { visibleTripIds, safeMinorSql, safeRateSql } from './owned-trip';

export const expenseColumns = {
  id: expenses.id,
  tripId: expenses.tripId,
  title: expenses.title,
  amount: safeMinorSql(expenses.amount),
  currency: expenses.currency,
  categoryId: expenses.categoryId,
  date: expenses.date,
  notes: expenses.notes,
  paymentMethod: expenses.paymentMethod,
  location: expenses.location,
  isReimbursable: expenses.isReimbursable,
  exchangeRate: safeRateSql(expenses.rateToBase),
  rateIsManual: expenses.rateIsManual,
  amountInBase: safeMinorSql(expenses.amountBase),
  createdAt: expenses.createdAt,
  updatedAt: expenses.updatedAt,
  paidBy: paidBySql,
  shares: sharesSql,
};

export type Row = Omit<Expense, 'category' | 'createdAt' | 'updatedAt' | 'currency' | 'shares'> & {
  currency: string;
  /** JSON [{participantId, amount}]. */
  shares: string;
  createdAt: Date;
  updatedAt: Date;
};

export const toExpense = (row: Row): Expense => {
  const category = row.categoryId === null ? undefined : categoryById.get(row.categoryId);
  return {
    ...row,
    currency: row.currency as ExpenseCurrency,
    shares: JSON.parse(row.shares) as Expense['shares'],
    category: category ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** The inclusive [from, to] dates of a date filter, around `today` (YYYY-MM-DD). */
export function rangeBounds(range: DateRange, today: string): { from: string; to: string } | null {
  switch (range) {
    case 'all':
      return null;
    case 'today':
      return { from: today, to: today };
    case 'week':
      // The last 7 days: today and the 6 before it.
      return { from: addDaysIso(today, -6), to: today };
    case 'month':
      // The last calendar month: the days after the same date a month ago, up to today.
      return { from: addDaysIso(addMonthsIso(today, -1), 1), to: today };
  }
}

export function filterConditions(
  tripId: string,
  input: Pick<ListExpensesInput, 'range' | 'categoryId' | 'q'>,
  today: string,
): SQL[] {
  // Transfers (settle-up payments) are not spending: they count in balances only.
  const where: SQL[] = [eq(expenses.tripId, tripId), eq(expenses.kind, 'expense')];
  const bounds = rangeBounds(input.range, today);
  if (bounds) where.push(gte(expenses.date, bounds.from), lte(expenses.date, bounds.to));
  if (input.categoryId !== undefined)
    where.push(input.categoryId === 0 ? isNull(expenses.categoryId) : eq(expenses.categoryId, input.categoryId));
  if (input.q) {
    const match = searchMatch(input.q);
    // Punctuation alone names no word: nothing matches it.
    where.push(
      match === null
        ? sql`0`
        : sql`${expenses}.rowid IN (SELECT rowid FROM expense_search WHERE expense_search MATCH ${match})`,
    );
  }
  return where;
}

/** Where a keyset page starts: just after this expense in the lists' order. */
export interface ExpenseCursor {
  date: string;
  createdAt: number;
  id: string;
}

/** An opaque cursor for the expenses after `expense`. */
export function expenseCursor(expense: Pick<Expense, 'date' | 'createdAt' | 'id'>): string {
  return encodeCursor([expense.date, Date.parse(expense.createdAt), expense.id]);
}

export const readCursor = (cursor: string): ExpenseCursor =>
  decodeCursor(cursor, ([date, createdAt, id]) =>
    isIsoDate(date) && Number.isSafeInteger(createdAt) && typeof id === 'string'
      ? { date, createdAt: createdAt as number, id }
      : null,
  );

/** Newest date first, then the newest entry, then id: the order of every list and of the index. */
export const listOrder = [desc(expenses.date), desc(expenses.createdAt), asc(expenses.id)];

/** The expenses after the cursor's in listOrder; `date <= …` lets the index start at the cursor. */
const afterCursor = (c: ExpenseCursor) =>
  and(
    lte(expenses.date, c.date),
    or(
      lt(expenses.date, c.date),
      sql`${expenses.createdAt} < ${c.createdAt}`,
      and(sql`${expenses.createdAt} = ${c.createdAt}`, gt(expenses.id, c.id)),
    ),
  )!;

/** The expenses matching `filters` in the lists' order, after the cursor's when given. */
export const listedAfter = (
  db: Database,
  filters: SQL | undefined,
  after: ExpenseCursor | undefined,
  columns: typeof expenseColumns = expenseColumns,
) =>
  db
    .select(columns)
    .from(expenses)
    .where(listedWhere(filters, after))
    .orderBy(...listOrder);

/** The condition of listedAfter: the filters, and after the cursor's expense when given. */
export const listedWhere = (filters: SQL | undefined, after: ExpenseCursor | undefined) =>
  after ? and(filters, afterCursor(after)) : filters;

/** What the actor may do with the trip of an expense (see tripAccessRank; no row: no such expense). */
export const expenseTripAccessQuery = (db: Database, actor: Actor, id: string) =>
  db
    .select({ rank: tripAccessRank(actor) })
    .from(trips)
    .where(eq(trips.id, sql`(SELECT ${expenses.tripId} FROM ${expenses} WHERE ${expenses.id} = ${id})`));

/** An expense of a trip the actor may see, as a query to run alone or in a batch. */
export const expenseQuery = (db: Database, actor: Actor, id: string) =>
  db
    .select(expenseColumns)
    .from(expenses)
    .where(and(eq(expenses.id, id), inArray(expenses.tripId, visibleTripIds(db, actor))))
    .limit(1);

export const expenseFrom = (rows: Row[]): Expense => {
  const [row] = rows;
  if (!row) throw new NotFoundError('Expense');
  return toExpense(row);
};

import { randomUUID } from 'node:crypto';
import { applyExpenseToTotals, clearTripTotals, recomputeTripTotals, type Database } from '@naav/db';
import { addDaysIso, addMonthsIso, todayIn } from '@naav/schemas/dates';
import { categoryBudgets, expenseIdempotencyKeys, expenses, expenseTotals, trips } from '@naav/db/schema';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError, ValidationError } from '../../errors';
import { IdempotencyKeyReusedError, readIdempotencyKey, requestFingerprint } from '../../lib/idempotency';
import { searchMatch } from '../../lib/search';
import { decodeCursor, encodeCursor, isIsoDate } from '../../lib/cursor';
import { budgetCategories, categoryById, isExpenseCurrency, type ExpenseCurrency } from '@naav/schemas/budget';
import { maxAmount, maxExchangeRate } from './expenses.schemas';
import type {
  BudgetSummary,
  CategoryBudgetsInput,
  DateRange,
  Expense,
  ExpenseBody,
  ExpensePage,
  ListExpensesInput,
  UpdateBudgetInput,
  UpdateExpenseInput,
} from './expenses.schemas';
import { feedInsert, topic } from '../../lib/live/feed';
import { convertMinor, crossRate, rateTableFrom, storedRatesSql, type RateTable } from './rates';

/**
 * Money as stored, read back as a whole number within JavaScript's safe integers (and a rate
 * as a finite number), whatever a row holds: rows written before amounts and rates were
 * bounded, or edited by hand, must not make the budget screens fail (the database driver
 * refuses to read integers beyond 2^53, and answers are checked to be safe integers).
 */
const safeMinorSql = (column: SQLWrapper) =>
  sql<number>`CAST(max(-${sql.raw(String(Number.MAX_SAFE_INTEGER))}, min(${sql.raw(String(Number.MAX_SAFE_INTEGER))}, round(coalesce(${column}, 0)))) AS INTEGER)`;
const safeRateSql = (column: SQLWrapper) => sql<number>`max(0, min(${sql.raw(String(maxExchangeRate))}, coalesce(${column}, 0)))`;
/** A sum of safe amounts kept safe. */
const safeMinor = (n: number) => Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, n));

interface OwnedTrip {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  baseCurrency: ExpenseCurrency;
  budgetTotal: number | null;
}

/**
 * The actor's trip with the rates in use (the newest stored table, read in the same query);
 * run it alone or first in a batch, then hand its rows to ownedTripFrom.
 */
function ownedTripQuery(db: Database, actor: Actor, tripId: string) {
  return db
    .select({
      id: trips.id,
      title: trips.title,
      startDate: trips.startDate,
      endDate: trips.endDate,
      timeZone: trips.timeZone,
      baseCurrency: trips.baseCurrency,
      budgetTotal: sql<number | null>`CASE WHEN ${trips.budgetTotal} IS NULL THEN NULL ELSE ${safeMinorSql(trips.budgetTotal)} END`,
      rates: storedRatesSql,
    })
    .from(trips)
    .where(and(eq(trips.id, tripId), eq(trips.ownerId, actor.id)))
    .limit(1);
}

type OwnedTripRow = Awaited<ReturnType<typeof ownedTripQuery>>[number];

/** Someone else's trip is NOT_FOUND like a missing one (naming `field` when the trip came in the body). */
function ownedTripFrom(rows: OwnedTripRow[], field?: string): OwnedTrip & { rates: RateTable } {
  const [trip] = rows;
  if (!trip) {
    if (field) throw new NotFoundError(`Trip (${field})`);
    throw new NotFoundError('Trip');
  }
  // Trips made before the budget tracker may carry a currency it does not list: count them as USD.
  return { ...trip, baseCurrency: isExpenseCurrency(trip.baseCurrency) ? trip.baseCurrency : 'USD', rates: rateTableFrom(trip.rates) };
}

/** An expense dated outside its trip needs the traveller's confirmation (allowOutsideTrip). */
function checkDateInTrip(input: ExpenseBody, trip: OwnedTrip): void {
  if (input.allowOutsideTrip || (trip.startDate <= input.date && input.date <= trip.endDate)) return;
  throw new ValidationError('date', `This date is outside the trip (${trip.startDate} to ${trip.endDate}); send allowOutsideTrip: true to keep it`);
}

/** The actor's trip; someone else's is NOT_FOUND like a missing one. */
async function ownedTrip(db: Database, actor: Actor, tripId: string, field?: string) {
  return ownedTripFrom(await ownedTripQuery(db, actor, tripId), field);
}

/** The actor's trips, as a subquery: an expense or a sum is only read through one of them. */
const ownedTripIds = (db: Database, actor: Actor) => db.select({ id: trips.id }).from(trips).where(eq(trips.ownerId, actor.id));

const expenseColumns = {
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
};

type Row = Omit<Expense, 'category' | 'createdAt' | 'updatedAt' | 'currency'> & { currency: string; createdAt: Date; updatedAt: Date };

const toExpense = (row: Row): Expense => {
  const category = row.categoryId === null ? undefined : categoryById.get(row.categoryId);
  return {
    ...row,
    currency: row.currency as ExpenseCurrency,
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

function filterConditions(tripId: string, input: Pick<ListExpensesInput, 'range' | 'categoryId' | 'q'>, today: string): SQL[] {
  const where: SQL[] = [eq(expenses.tripId, tripId)];
  const bounds = rangeBounds(input.range, today);
  if (bounds) where.push(gte(expenses.date, bounds.from), lte(expenses.date, bounds.to));
  if (input.categoryId !== undefined) where.push(input.categoryId === 0 ? isNull(expenses.categoryId) : eq(expenses.categoryId, input.categoryId));
  if (input.q) {
    const match = searchMatch(input.q);
    // Punctuation alone names no word: nothing matches it.
    where.push(match === null ? sql`0` : sql`${expenses}.rowid IN (SELECT rowid FROM expense_search WHERE expense_search MATCH ${match})`);
  }
  return where;
}

/** Where a keyset page starts: just after this expense in the lists' order. */
interface ExpenseCursor {
  date: string;
  createdAt: number;
  id: string;
}

/** An opaque cursor for the expenses after `expense`. */
export function expenseCursor(expense: Pick<Expense, 'date' | 'createdAt' | 'id'>): string {
  return encodeCursor([expense.date, Date.parse(expense.createdAt), expense.id]);
}

const readCursor = (cursor: string): ExpenseCursor =>
  decodeCursor(cursor, ([date, createdAt, id]) =>
    isIsoDate(date) && Number.isSafeInteger(createdAt) && typeof id === 'string' ? { date, createdAt: createdAt as number, id } : null,
  );

/** Newest date first, then the newest entry, then id: the order of every list and of the index. */
const listOrder = [desc(expenses.date), desc(expenses.createdAt), asc(expenses.id)];

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
const listedAfter = (db: Database, filters: SQL | undefined, after: ExpenseCursor | undefined) =>
  db
    .select(expenseColumns)
    .from(expenses)
    .where(after ? and(filters, afterCursor(after)) : filters)
    .orderBy(...listOrder);

/** The expenses this many rows are read per query when every one is answered (the unpaged list and the CSV). */
export const expenseStreamPageSize = 500;

/**
 * A trip's expenses matching the filters, newest first: one page by number (`page`) or after
 * a cursor (`limit`, `cursor`), or every one. One round trip for a page without a date range;
 * with one, the trip's time zone decides "today" first.
 */
export async function searchExpenses(db: Database, actor: Actor, input: ListExpensesInput, now: Date): Promise<ExpensePage> {
  if (input.page === undefined && input.limit === undefined && input.cursor === undefined) {
    const items: Expense[] = [];
    for await (const page of (await openExpenseStream(db, actor, input, now)).pages) items.push(...page);
    return { items, total: items.length, page: 1, pageSize: items.length, nextCursor: null };
  }
  return (await searchTripExpenses(db, actor, input, now)).page;
}

/** One page of a trip's expenses, with the trip it read. */
async function searchTripExpenses(db: Database, actor: Actor, input: ListExpensesInput, now: Date): Promise<{ trip: OwnedTrip; page: ExpensePage }> {
  const byCursor = input.limit !== undefined || input.cursor !== undefined;
  if (byCursor && input.page !== undefined) throw new ValidationError('page', 'send either page or cursor/limit, not both');
  const after = input.cursor === undefined ? undefined : readCursor(input.cursor);
  const size = byCursor ? (input.limit ?? input.pageSize) : input.pageSize;
  const page = input.page ?? 1;
  const listed = (tripId: string, today: string) => {
    const filters = and(inArray(expenses.tripId, ownedTripIds(db, actor)), ...filterConditions(tripId, input, today));
    const query = listedAfter(db, filters, after);
    return {
      // One row more than the page tells whether another page follows.
      rows: byCursor ? query.limit(size + 1) : query.limit(size + 1).offset((page - 1) * size),
      count: db.select({ n: count() }).from(expenses).where(filters),
    };
  };
  // Counting every match grows with the rows: a caller that pages on without it says so.
  const withTotal = input.withTotal ?? true;
  const toPage = (rows: Row[], counted: { n: number }[]): ExpensePage => {
    const items = rows.slice(0, size).map(toExpense);
    const last = items.at(-1);
    const nextCursor = rows.length > size && last ? expenseCursor(last) : null;
    const total = withTotal ? { total: counted[0]?.n ?? 0 } : {};
    return byCursor ? { items, ...total, pageSize: size, nextCursor } : { items, ...total, page, pageSize: size, nextCursor };
  };

  if (input.range === 'all') {
    // "Today" plays no part: the trip and its expenses in one batch.
    const { rows, count: counted } = listed(input.id, '');
    if (!withTotal) {
      const [trip, found] = await db.batch([ownedTripQuery(db, actor, input.id), rows]);
      return { trip: ownedTripFrom(trip), page: toPage(found, []) };
    }
    const [trip, found, totals] = await db.batch([ownedTripQuery(db, actor, input.id), rows, counted]);
    return { trip: ownedTripFrom(trip), page: toPage(found, totals) };
  }
  const trip = await ownedTrip(db, actor, input.id);
  const { rows, count: counted } = listed(trip.id, todayIn(trip.timeZone, now));
  if (!withTotal) return { trip, page: toPage(await rows, []) };
  const [found, totals] = await db.batch([rows, counted]);
  return { trip, page: toPage(found, totals) };
}

/**
 * Every expense of a trip matching the filters, newest first, read page by page after a
 * cursor: the trip is checked here (someone else's throws NOT_FOUND before anything is
 * answered), then each page is one indexed query, and the event loop is handed back between
 * pages so that other requests run while a 100,000-row trip is answered.
 */
export async function openExpenseStream(
  db: Database,
  actor: Actor,
  input: Pick<ListExpensesInput, 'id' | 'range' | 'categoryId' | 'q'>,
  now: Date,
  pageSize = expenseStreamPageSize,
): Promise<{ trip: OwnedTrip; pages: AsyncGenerator<Expense[]> }> {
  const trip = await ownedTrip(db, actor, input.id);
  const filters = and(inArray(expenses.tripId, ownedTripIds(db, actor)), ...filterConditions(trip.id, input, todayIn(trip.timeZone, now)));
  async function* pages() {
    let after: ExpenseCursor | undefined;
    for (;;) {
      const rows = await listedAfter(db, filters, after).limit(pageSize);
      const items = rows.map(toExpense);
      if (items.length > 0) yield items;
      const last = rows.at(-1);
      if (rows.length < pageSize || !last) return;
      after = { date: last.date, createdAt: last.createdAt.getTime(), id: last.id };
      await yieldToEventLoop();
    }
  }
  return { trip, pages: pages() };
}

/** The actor's expense (through their trip), as a query to run alone or in a batch. */
const expenseQuery = (db: Database, actor: Actor, id: string) =>
  db
    .select(expenseColumns)
    .from(expenses)
    .where(and(eq(expenses.id, id), inArray(expenses.tripId, ownedTripIds(db, actor))))
    .limit(1);

const expenseFrom = (rows: Row[]): Expense => {
  const [row] = rows;
  if (!row) throw new NotFoundError('Expense');
  return toExpense(row);
};

export async function getExpense(db: Database, actor: Actor, id: string): Promise<Expense> {
  return expenseFrom(await expenseQuery(db, actor, id));
}

/** The frozen rate for an expense: the typed-in one, or the reference rate of the day. */
function rateFor(input: ExpenseBody, base: ExpenseCurrency, table: RateTable): { rate: number; manual: boolean } {
  if (input.currency === base) return { rate: 1, manual: false };
  if (input.exchangeRate !== null) return { rate: input.exchangeRate, manual: true };
  return { rate: crossRate(table, input.currency, base), manual: false };
}

/**
 * round(amount × rate), which must stay within the bound of amounts themselves (10^12 minor
 * units), so that sums of many expenses stay exact. Names the rate when it was typed in.
 */
function amountInBase(amount: number, rate: { rate: number; manual: boolean }, base: ExpenseCurrency): number {
  const converted = convertMinor(amount, rate.rate);
  if (!(converted <= maxAmount)) {
    throw new ValidationError(rate.manual ? 'exchangeRate' : 'amount', `makes more than 10^12 minor units of ${base}, the most an expense may count`);
  }
  return converted;
}

/**
 * Adds an expense with its rate to the trip's base currency frozen. With an idempotency
 * key, a repeated call (a retry after a lost answer) returns the expense the first one
 * made instead of adding another; the key and the expense are written in one batch. The
 * same key with another body is refused (422), as for every other keyed write.
 * Two round trips: the trip, the rates in use and the key read together, then the writes
 * with the new row read back.
 */
export async function createExpense(
  db: Database,
  actor: Actor,
  input: ExpenseBody,
  { now, idempotencyKey: sentKey = null, rates }: { now: Date; idempotencyKey?: string | null; rates?: RateTable },
): Promise<Expense> {
  const idempotencyKey = readIdempotencyKey(sentKey);
  const fingerprint = idempotencyKey === null ? null : requestFingerprint(input);
  // The expense an earlier call with the same key made, if any, with the body it came with.
  const replayQuery = () =>
    db
      .select({ ...expenseColumns, fingerprint: expenseIdempotencyKeys.fingerprint })
      .from(expenses)
      .innerJoin(expenseIdempotencyKeys, eq(expenseIdempotencyKeys.expenseId, expenses.id))
      .where(and(eq(expenseIdempotencyKeys.userId, actor.id), eq(expenseIdempotencyKeys.key, idempotencyKey ?? '')))
      .limit(1);
  const replay = ({ fingerprint: first, ...row }: Awaited<ReturnType<typeof replayQuery>>[number]) => {
    // Keys stored before bodies were fingerprinted answer their expense whatever the body.
    if (first !== null && first !== fingerprint) throw new IdempotencyKeyReusedError();
    return toExpense(row);
  };
  const [tripRows, earlier] = await db.batch([ownedTripQuery(db, actor, input.tripId), replayQuery()]);
  const trip = ownedTripFrom(tripRows, 'tripId');
  if (idempotencyKey !== null && earlier[0]) return replay(earlier[0]);

  checkDateInTrip(input, trip);

  const { rate, manual } = rateFor(input, trip.baseCurrency, rates ?? trip.rates);
  const amountBase = amountInBase(input.amount, { rate, manual }, trip.baseCurrency);
  const { exchangeRate: _typed, allowOutsideTrip: _confirmed, ...fields } = input;
  const id = randomUUID();
  const insert = db.insert(expenses).values({
    ...fields,
    id,
    rateToBase: rate,
    rateIsManual: manual,
    amountBase,
    createdAt: now,
    updatedAt: now,
  });
  const addToTotals = db.run(applyExpenseToTotals(id, 1));
  const feed = feedInsert(db, topic.trip(input.tripId), id, 'expense');
  const created = expenseQuery(db, actor, id);
  try {
    const written =
      idempotencyKey === null
        ? (await db.batch([insert, addToTotals, feed, created]))[3]
        : (await db.batch([insert, addToTotals, feed, db.insert(expenseIdempotencyKeys).values({ userId: actor.id, key: idempotencyKey, expenseId: id, fingerprint, createdAt: now }), created]))[4];
    return expenseFrom(written);
  } catch (error) {
    // The same key raced in from a concurrent retry: the batch rolled back, answer the winner's expense.
    const [winner] = idempotencyKey === null ? [] : await replayQuery();
    if (winner) return replay(winner);
    throw error;
  }
}

/**
 * Replaces an expense's fields. Its frozen rate stays unless the currency or the trip
 * changes or a rate is typed in; the amount in the base currency follows the new amount.
 */
export async function updateExpense(db: Database, actor: Actor, input: UpdateExpenseInput, now: Date, rates?: RateTable): Promise<Expense> {
  const [existingRows, tripRows] = await db.batch([expenseQuery(db, actor, input.id), ownedTripQuery(db, actor, input.tripId)]);
  const existing = expenseFrom(existingRows);
  const trip = ownedTripFrom(tripRows, 'tripId');
  // Confirmed once is enough: only a new date or another trip is checked again.
  if (input.date !== existing.date || trip.id !== existing.tripId) checkDateInTrip(input, trip);
  const keepRate = input.exchangeRate === null && existing.currency === input.currency && existing.tripId === trip.id;
  const { rate, manual } = keepRate ? { rate: existing.exchangeRate, manual: existing.rateIsManual } : rateFor(input, trip.baseCurrency, rates ?? trip.rates);
  const amountBase = amountInBase(input.amount, { rate, manual }, trip.baseCurrency);
  const { id, exchangeRate: _typed, allowOutsideTrip: _confirmed, ...fields } = input;
  const [, , , , , updated] = await db.batch([
    db.run(applyExpenseToTotals(id, -1)),
    db
      .update(expenses)
      .set({ ...fields, rateToBase: rate, rateIsManual: manual, amountBase, updatedAt: now })
      .where(eq(expenses.id, id)),
    db.run(applyExpenseToTotals(id, 1)),
    feedInsert(db, topic.trip(trip.id), id, 'expense'),
    // Moved to another trip: the first one's totals changed too.
    feedInsert(db, topic.trip(existing.tripId), id, 'expense'),
    expenseQuery(db, actor, id),
  ]);
  return expenseFrom(updated);
}

export async function deleteExpense(db: Database, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  const existing = await getExpense(db, actor, id);
  const [, deleted] = await db.batch([
    db.run(applyExpenseToTotals(id, -1)),
    db.delete(expenses).where(eq(expenses.id, id)).returning({ id: expenses.id }),
    feedInsert(db, topic.trip(existing.tripId), id, 'expense'),
  ]);
  if (deleted.length === 0) throw new NotFoundError('Expense');
  return { id, deleted: true };
}

/** Totals of a trip in its base currency, per category and per currency, summed in SQL. */
export async function budgetSummary(db: Database, actor: Actor, tripId: string): Promise<BudgetSummary> {
  // One round trip: the trip with the rates' date, its running sums (a few dozen rows, however
  // many expenses the trip has) and its allocations, the last two only through the actor's trips.
  const owned = inArray(trips.id, ownedTripIds(db, actor));
  const [tripRows, sums, allocations] = await db.batch([
    ownedTripQuery(db, actor, tripId),
    db
      .select({
        categoryId: expenseTotals.categoryId,
        currency: expenseTotals.currency,
        n: expenseTotals.count,
        amount: safeMinorSql(expenseTotals.amount),
        total: safeMinorSql(expenseTotals.amountBase),
      })
      .from(expenseTotals)
      .innerJoin(trips, and(eq(trips.id, expenseTotals.tripId), owned))
      .where(and(eq(expenseTotals.tripId, tripId), sql`${expenseTotals.count} > 0`)),
    db
      .select({ categoryId: categoryBudgets.categoryId, amount: safeMinorSql(categoryBudgets.amount) })
      .from(categoryBudgets)
      .innerJoin(trips, and(eq(trips.id, categoryBudgets.tripId), owned))
      .where(eq(categoryBudgets.tripId, tripId)),
  ]);
  const trip = ownedTripFrom(tripRows);
  const group = <K>(key: (r: (typeof sums)[number]) => K) => {
    const out = new Map<K, { total: number; amount: number; n: number }>();
    for (const r of sums) {
      const g = out.get(key(r)) ?? { total: 0, amount: 0, n: 0 };
      out.set(key(r), { total: safeMinor(g.total + r.total), amount: safeMinor(g.amount + r.amount), n: g.n + r.n });
    }
    return out;
  };
  const categoryRows = [...group((r) => (r.categoryId === 0 ? null : r.categoryId)).entries()].map(([categoryId, g]) => ({ categoryId, ...g }));
  const currencyRows = [...group((r) => r.currency).entries()].map(([currency, g]) => ({ currency, ...g }));
  const totals = {
    spent: safeMinor(currencyRows.reduce((sum, r) => sum + Number(r.total), 0)),
    n: currencyRows.reduce((sum, r) => sum + r.n, 0),
    currencies: currencyRows.length,
  };
  const spent = totals.spent;
  const budgetOf = new Map(allocations.map((a) => [a.categoryId, a.amount]));
  const spentOf = new Map(categoryRows.map((r) => [r.categoryId, r]));
  // Every category with spending or an allocation, in the catalogue's order; uncategorised last.
  const byCategory: BudgetSummary['byCategory'] = budgetCategories
    .filter((c) => spentOf.has(c.id) || budgetOf.has(c.id))
    .map((c) => ({
      categoryId: c.id,
      name: c.name,
      icon: c.icon,
      color: c.color,
      total: Number(spentOf.get(c.id)?.total ?? 0),
      count: spentOf.get(c.id)?.n ?? 0,
      budget: budgetOf.get(c.id) ?? null,
    }));
  const none = spentOf.get(null);
  if (none) byCategory.push({ categoryId: null, name: 'Uncategorized', icon: 'tag', color: '#888888', total: Number(none.total), count: none.n, budget: null });
  const allocated = safeMinor(allocations.reduce((sum, a) => sum + a.amount, 0));
  return {
    tripId: trip.id,
    title: trip.title,
    startDate: trip.startDate,
    endDate: trip.endDate,
    baseCurrency: trip.baseCurrency,
    budgetTotal: trip.budgetTotal,
    totalSpent: spent,
    remaining: trip.budgetTotal === null ? null : safeMinor(trip.budgetTotal - spent),
    overBudget: trip.budgetTotal !== null && spent > trip.budgetTotal,
    expenseCount: totals.n,
    currencyCount: totals.currencies,
    byCategory,
    byCurrency: currencyRows
      .filter((r) => isExpenseCurrency(r.currency))
      .map((r) => ({ currency: r.currency as ExpenseCurrency, total: Number(r.total), amount: Number(r.amount), count: r.n }))
      .sort((a, b) => b.total - a.total || a.currency.localeCompare(b.currency)),
    allocated,
    unallocated: trip.budgetTotal === null ? null : safeMinor(trip.budgetTotal - allocated),
    ratesDate: trip.rates.date,
  };
}

/**
 * Sets the trip's budget and currency. A new currency re-bases the trip: each frozen rate
 * and each category allocation is carried over through today's cross rate, once.
 */
export async function updateBudget(db: Database, actor: Actor, input: UpdateBudgetInput, now: Date, rates?: RateTable) {
  const [tripRows, [allocated]] = await db.batch([
    ownedTripQuery(db, actor, input.id),
    db
      .select({ sum: sql<number>`coalesce(sum(${categoryBudgets.amount}), 0)` })
      .from(categoryBudgets)
      .where(and(eq(categoryBudgets.tripId, input.id), inArray(categoryBudgets.tripId, ownedTripIds(db, actor)))),
  ]);
  const trip = ownedTripFrom(tripRows);
  const factor = crossRate(rates ?? trip.rates, trip.baseCurrency, input.currency);
  const allocatedAfter = Math.round(Number(allocated?.sum ?? 0) * factor);
  if (input.budgetTotal !== null && allocatedAfter > input.budgetTotal) {
    throw new ValidationError('budgetTotal', `is less than the ${allocatedAfter / 100} already allocated to categories`);
  }
  const statements = [
    db.update(trips).set({ budgetTotal: input.budgetTotal, baseCurrency: input.currency, updatedAt: now }).where(eq(trips.id, trip.id)),
    feedInsert(db, topic.trip(trip.id), trip.id, 'budget'),
  ] as const;
  if (input.currency === trip.baseCurrency) await db.batch(statements);
  else {
    const newRate = sql`(CASE WHEN ${expenses.currency} = ${input.currency} THEN 1.0 ELSE ${expenses.rateToBase} * ${factor} END)`;
    await db.batch([
      ...statements,
      db
        .update(expenses)
        .set({
          rateToBase: newRate,
          amountBase: sql`CAST(round(${expenses.amount} * ${newRate}) AS INTEGER)`,
          rateIsManual: sql`CASE WHEN ${expenses.currency} = ${input.currency} THEN 0 ELSE ${expenses.rateIsManual} END`,
        })
        .where(eq(expenses.tripId, trip.id)),
      db
        .update(categoryBudgets)
        .set({ amount: sql`CAST(round(${categoryBudgets.amount} * ${factor}) AS INTEGER)` })
        .where(eq(categoryBudgets.tripId, trip.id)),
      db.run(clearTripTotals(trip.id)),
      db.run(recomputeTripTotals(trip.id)),
    ]);
  }
  return { id: trip.id, baseCurrency: input.currency, budgetTotal: input.budgetTotal };
}

/** A trip's allocations, only through the actor's trips (NOT_FOUND comes from the trip read beside it). */
const categoryBudgetsQuery = (db: Database, actor: Actor, tripId: string) =>
  db
    .select({ categoryId: categoryBudgets.categoryId, amount: safeMinorSql(categoryBudgets.amount) })
    .from(categoryBudgets)
    .where(and(eq(categoryBudgets.tripId, tripId), inArray(categoryBudgets.tripId, ownedTripIds(db, actor))))
    .orderBy(asc(categoryBudgets.categoryId));

export async function listCategoryBudgets(db: Database, actor: Actor, tripId: string) {
  const [trip, allocations] = await db.batch([ownedTripQuery(db, actor, tripId), categoryBudgetsQuery(db, actor, tripId)]);
  ownedTripFrom(trip);
  return allocations;
}

/** Replaces a trip's category allocation; together they may not exceed the trip's budget. */
export async function setCategoryBudgets(db: Database, actor: Actor, input: CategoryBudgetsInput, now: Date) {
  const trip = await ownedTrip(db, actor, input.id);
  const kept = input.allocations.filter((a) => a.amount > 0);
  const sum = kept.reduce((s, a) => s + a.amount, 0);
  if (kept.length > 0 && trip.budgetTotal === null) throw new ValidationError('allocations', 'set the trip budget before allocating it');
  if (trip.budgetTotal !== null && sum > trip.budgetTotal) {
    throw new ValidationError('allocations', `add up to more than the trip budget (${sum / 100} > ${trip.budgetTotal / 100})`);
  }
  const clear = db.delete(categoryBudgets).where(eq(categoryBudgets.tripId, trip.id));
  const feed = feedInsert(db, topic.trip(trip.id), trip.id, 'budget');
  const after = categoryBudgetsQuery(db, actor, trip.id);
  if (kept.length === 0) return (await db.batch([clear, feed, after]))[2];
  const insert = db.insert(categoryBudgets).values(kept.map((a) => ({ tripId: trip.id, categoryId: a.categoryId, amount: a.amount, updatedAt: now })));
  return (await db.batch([clear, insert, feed, after]))[3];
}

const csvCell = (value: string | number | boolean | null) => {
  if (value === null) return '';
  let text = String(value);
  // A leading = + - @ would make a spreadsheet run the cell as a formula.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The (filtered) expenses as CSV, one line each, amounts in major units: the header line,
 * then the lines of each page as it is read (see openExpenseStream), every line ending in CRLF.
 */
export async function expensesCsv(
  db: Database,
  actor: Actor,
  input: Pick<ListExpensesInput, 'id' | 'range' | 'categoryId' | 'q'>,
  now: Date,
  pageSize = expenseStreamPageSize,
): Promise<{ fileName: string; chunks: AsyncGenerator<string> }> {
  const { trip, pages } = await openExpenseStream(db, actor, input, now, pageSize);
  const header = ['Date', 'Description', 'Category', 'Amount', 'Currency', `Amount (${trip.baseCurrency})`, 'Exchange rate', 'Payment method', 'Location', 'Reimbursable', 'Notes'];
  const row = (cells: Parameters<typeof csvCell>[0][]) => `${cells.map(csvCell).join(',')}\r\n`;
  const line = (e: Expense) =>
    row([
      e.date,
      e.title,
      e.category?.name ?? '',
      (e.amount / 100).toFixed(2),
      e.currency,
      (e.amountInBase / 100).toFixed(2),
      e.exchangeRate,
      e.paymentMethod,
      e.location,
      e.isReimbursable ? 'yes' : 'no',
      e.notes,
    ]);
  async function* chunks() {
    yield row(header);
    for await (const page of pages) yield page.map(line).join('');
  }
  const slug = trip.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'trip';
  return { fileName: `${slug}-expenses.csv`, chunks: chunks() };
}

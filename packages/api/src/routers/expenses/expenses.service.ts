import { randomUUID } from 'node:crypto';
import { applyExpenseToTotals, storeExpenseShareAmounts, type Database } from '@naav/db';
import { todayIn } from '@naav/schemas/dates';
import { expenseIdempotencyKeys, expenses, expenseShares } from '@naav/db/schema';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError, ValidationError } from '../../errors';
import { IdempotencyKeyReusedError, readIdempotencyKey, requestFingerprint } from '../../lib/idempotency';
import type { ExpenseCurrency } from '@naav/schemas/budget';
import { maxAmount } from './expenses.schemas';
import type { Expense, ExpenseBody, ExpensePage, ListExpensesInput, UpdateExpenseInput } from './expenses.schemas';
import { activity } from '../../lib/live/activity';
import { tripWebhook } from '../../lib/webhook-outbox';
import { checkTripAccess } from '../../lib/trip-access';
import { feedInsert, topic } from '../../lib/live/feed';
import { budgetOverNotice, tripFeed } from '../../lib/trip-notices';
import { convertMinor, crossRate, type RateTable } from './rates';
import {
  expenseColumns,
  expenseCursor,
  expenseFrom,
  expenseQuery,
  expenseTripAccessQuery,
  filterConditions,
  listedAfter,
  readCursor,
  toExpense,
  type Row,
} from './expense-rows';
import { openExpenseStream } from './expense-stream.service';
import { participantIdsSql } from './expense-shares';
import { splitAmount } from '../balances/split';
import { ownedTrip, ownedTripFrom, visibleTripIds, ownedTripQuery, type OwnedTrip } from './owned-trip';

/**
 * The payer (`paidBy`, else `payer`) and the parts of an expense among the trip's participants
 * (`split`, else equal among all); the rounding remainder goes to the payer.
 */
function sharesOf(input: ExpenseBody, payer: string, people: { pid: string }[]) {
  const ids = people.map((p) => p.pid);
  const paidBy = input.paidBy ?? payer;
  if (!ids.includes(paidBy)) throw new ValidationError('paidBy', 'Not a participant of this trip');
  return { paidBy, shares: splitAmount(input.amount, paidBy, ids, input.split) };
}

/** An expense dated outside its trip needs the traveller's confirmation (allowOutsideTrip). */
function checkDateInTrip(input: ExpenseBody, trip: OwnedTrip): void {
  if (input.allowOutsideTrip || (trip.startDate <= input.date && input.date <= trip.endDate)) return;
  throw new ValidationError(
    'date',
    `This date is outside the trip (${trip.startDate} to ${trip.endDate}); send allowOutsideTrip: true to keep it`,
  );
}

/**
 * A trip's expenses matching the filters, newest first: one page by number (`page`) or after
 * a cursor (`limit`, `cursor`), or every one. One round trip for a page without a date range;
 * with one, the trip's time zone decides "today" first.
 */
export async function searchExpenses(
  db: Database,
  actor: Actor,
  input: ListExpensesInput,
  now: Date,
): Promise<ExpensePage> {
  if (input.page === undefined && input.limit === undefined && input.cursor === undefined) {
    const items: Expense[] = [];
    for await (const page of (await openExpenseStream(db, actor, input, now)).pages) items.push(...page);
    return { items, total: items.length, page: 1, pageSize: items.length, nextCursor: null };
  }
  return (await searchTripExpenses(db, actor, input, now)).page;
}

/** One page of a trip's expenses, with the trip it read. */
async function searchTripExpenses(
  db: Database,
  actor: Actor,
  input: ListExpensesInput,
  now: Date,
): Promise<{ trip: OwnedTrip; page: ExpensePage }> {
  const byCursor = input.limit !== undefined || input.cursor !== undefined;
  if (byCursor && input.page !== undefined)
    throw new ValidationError('page', 'send either page or cursor/limit, not both');
  const after = input.cursor === undefined ? undefined : readCursor(input.cursor);
  const size = byCursor ? (input.limit ?? input.pageSize) : input.pageSize;
  const page = input.page ?? 1;
  const listed = (tripId: string, today: string) => {
    const filters = and(inArray(expenses.tripId, visibleTripIds(db, actor)), ...filterConditions(tripId, input, today));
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
    return byCursor
      ? { items, ...total, pageSize: size, nextCursor }
      : { items, ...total, page, pageSize: size, nextCursor };
  };

  if (input.range === 'all') {
    // "Today" plays no part: the trip and its expenses in one batch.
    const { rows, count: counted } = listed(input.id, '');
    if (!withTotal) {
      const [trip, found] = await db.batch([ownedTripQuery(db, actor, input.id), rows]);
      return { trip: ownedTripFrom(trip, undefined, 'view'), page: toPage(found, []) };
    }
    const [trip, found, totals] = await db.batch([ownedTripQuery(db, actor, input.id), rows, counted]);
    return { trip: ownedTripFrom(trip, undefined, 'view'), page: toPage(found, totals) };
  }
  const trip = await ownedTrip(db, actor, input.id, undefined, 'view');
  const { rows, count: counted } = listed(trip.id, todayIn(trip.timeZone, now));
  if (!withTotal) return { trip, page: toPage(await rows, []) };
  const [found, totals] = await db.batch([rows, counted]);
  return { trip, page: toPage(found, totals) };
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
  if (!(Math.abs(converted) <= maxAmount)) {
    throw new ValidationError(
      rate.manual ? 'exchangeRate' : 'amount',
      `makes more than 10^12 minor units of ${base}, the most an expense may count`,
    );
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
  const [tripRows, earlier, people] = await db.batch([
    ownedTripQuery(db, actor, input.tripId),
    replayQuery(),
    db.all<{ pid: string }>(participantIdsSql(input.tripId)),
  ]);
  // Edit members add expenses as the owner does; view members only read them.
  const trip = ownedTripFrom(tripRows, 'tripId', 'edit');
  if (idempotencyKey !== null && earlier[0]) return replay(earlier[0]);

  checkDateInTrip(input, trip);
  const { paidBy, shares } = sharesOf(input, `user:${actor.id}`, people);

  const { rate, manual } = rateFor(input, trip.baseCurrency, rates ?? trip.rates);
  const amountBase = amountInBase(input.amount, { rate, manual }, trip.baseCurrency);
  const { exchangeRate: _typed, allowOutsideTrip: _confirmed, split: _split, ...fields } = input;
  const id = randomUUID();
  const insert = db.insert(expenses).values({
    ...fields,
    paidBy,
    id,
    rateToBase: rate,
    rateIsManual: manual,
    amountBase,
    createdAt: now,
    updatedAt: now,
  });
  const addToTotals = db.run(applyExpenseToTotals(id, 1));
  const addShares = db.insert(expenseShares).values(shares.map((share) => ({ ...share, expenseId: id })));
  const [parts, remainder] = storeExpenseShareAmounts(id);
  const [storeParts, storeRemainder] = [db.run(parts), db.run(remainder)];
  const feed = tripFeed(
    db,
    topic.trip(input.tripId),
    id,
    'expense',
    activity(actor.id, input.tripId, 'expense.added', spent(input)),
    now,
  );
  const overBudget = budgetOverNotice(db, input.tripId);
  const hook = tripWebhook(
    db,
    input.tripId,
    'expense.created',
    { expenseId: id, ...spent(input), amountBase, paidBy },
    now,
  );
  const created = expenseQuery(db, actor, id);
  try {
    const remembered =
      idempotencyKey === null
        ? []
        : [
            db
              .insert(expenseIdempotencyKeys)
              .values({ userId: actor.id, key: idempotencyKey, expenseId: id, fingerprint, createdAt: now }),
          ];
    const answers = await db.batch([
      insert,
      addShares,
      storeParts,
      storeRemainder,
      addToTotals,
      ...feed,
      overBudget,
      hook,
      ...remembered,
      created,
    ]);
    const written = answers[answers.length - 1] as Awaited<typeof created>;
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
export async function updateExpense(
  db: Database,
  actor: Actor,
  input: UpdateExpenseInput,
  now: Date,
  rates?: RateTable,
): Promise<Expense> {
  const [existingRows, access, tripRows, people] = await db.batch([
    expenseQuery(db, actor, input.id),
    expenseTripAccessQuery(db, actor, input.id),
    ownedTripQuery(db, actor, input.tripId),
    db.all<{ pid: string }>(participantIdsSql(input.tripId)),
  ]);
  const existing = expenseFrom(existingRows);
  checkTripAccess(access[0]?.rank, 'edit', 'Expense');
  const trip = ownedTripFrom(tripRows, 'tripId', 'edit');
  // The payer stays unless another is named (or the expense moves to another trip).
  const stays = trip.id === existing.tripId ? existing.paidBy : `user:${actor.id}`;
  const { paidBy, shares } = sharesOf(input, stays, people);
  // Confirmed once is enough: only a new date or another trip is checked again.
  if (input.date !== existing.date || trip.id !== existing.tripId) checkDateInTrip(input, trip);
  const keepRate = input.exchangeRate === null && existing.currency === input.currency && existing.tripId === trip.id;
  const { rate, manual } = keepRate
    ? { rate: existing.exchangeRate, manual: existing.rateIsManual }
    : rateFor(input, trip.baseCurrency, rates ?? trip.rates);
  const amountBase = amountInBase(input.amount, { rate, manual }, trip.baseCurrency);
  const { id, exchangeRate: _typed, allowOutsideTrip: _confirmed, split: _split, ...fields } = input;
  const [storeParts, storeRemainder] = storeExpenseShareAmounts(id);
  const [, , , , , , , , , , , , updated] = await db.batch([
    db.run(applyExpenseToTotals(id, -1)),
    db
      .update(expenses)
      .set({ ...fields, paidBy, rateToBase: rate, rateIsManual: manual, amountBase, updatedAt: now })
      .where(eq(expenses.id, id)),
    db.delete(expenseShares).where(eq(expenseShares.expenseId, id)),
    db.insert(expenseShares).values(shares.map((share) => ({ ...share, expenseId: id }))),
    db.run(storeParts),
    db.run(storeRemainder),
    db.run(applyExpenseToTotals(id, 1)),
    ...tripFeed(
      db,
      topic.trip(trip.id),
      id,
      'expense',
      activity(actor.id, trip.id, 'expense.changed', spent(input)),
      now,
    ),
    budgetOverNotice(db, trip.id),
    // Moved to another trip: the first one's totals changed too.
    feedInsert(db, topic.trip(existing.tripId), id, 'expense'),
    tripWebhook(db, trip.id, 'expense.updated', { expenseId: id, ...spent(input), amountBase, paidBy }, now),
    expenseQuery(db, actor, id),
  ]);
  return expenseFrom(updated);
}

/** An expense as the trip's activity tells it (its owner alone reads it). */
const spent = (e: { title: string; amount: number; currency: string }) => ({
  title: e.title,
  amount: e.amount,
  currency: e.currency,
});

export async function deleteExpense(
  db: Database,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<{ id: string; deleted: true }> {
  const [found, access] = await db.batch([expenseQuery(db, actor, id), expenseTripAccessQuery(db, actor, id)]);
  const existing = expenseFrom(found);
  checkTripAccess(access[0]?.rank, 'edit', 'Expense');
  const [, deleted] = await db.batch([
    db.run(applyExpenseToTotals(id, -1)),
    db.delete(expenses).where(eq(expenses.id, id)).returning({ id: expenses.id }),
    ...tripFeed(
      db,
      topic.trip(existing.tripId),
      id,
      'expense',
      activity(actor.id, existing.tripId, 'expense.deleted', spent(existing)),
      now,
    ),
    tripWebhook(db, existing.tripId, 'expense.deleted', { expenseId: id, ...spent(existing) }),
  ]);
  if (deleted.length === 0) throw new NotFoundError('Expense');
  return { id, deleted: true };
}

import { clearTripTotals, recomputeTripTotals, storeTripShareAmounts, type Database } from '@naav/db';
import { categoryBudgets, expenses, expenseTotals, trips } from '@naav/db/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { ValidationError } from '../../errors';
import { budgetCategories, isExpenseCurrency, type ExpenseCurrency } from '@naav/schemas/budget';
import type { BudgetSummary, CategoryBudgetsInput, UpdateBudgetInput } from './budget.schemas';
import { activity } from '../../lib/live/activity';
import { topic } from '../../lib/live/feed';
import { budgetOverNotice, tripFeed } from '../../lib/trip-notices';
import { crossRate, type RateTable } from '../expenses/rates';
import {
  ownedTrip,
  ownedTripFrom,
  visibleTripIds,
  ownedTripQuery,
  safeMinor,
  safeMinorSql,
} from '../expenses/owned-trip';

/** Totals of a trip in its base currency, per category and per currency, summed in SQL. */
export async function budgetSummary(db: Database, actor: Actor, tripId: string): Promise<BudgetSummary> {
  // One round trip: the trip with the rates' date, its running sums (a few dozen rows, however
  // many expenses the trip has) and its allocations, the last two only through the actor's trips.
  const owned = inArray(trips.id, visibleTripIds(db, actor));
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
  // Members see the spending; the budget itself stays its owner's to change.
  const trip = ownedTripFrom(tripRows, undefined, 'view');
  const group = <K>(key: (r: (typeof sums)[number]) => K) => {
    const out = new Map<K, { total: number; amount: number; n: number }>();
    for (const r of sums) {
      const g = out.get(key(r)) ?? { total: 0, amount: 0, n: 0 };
      out.set(key(r), { total: safeMinor(g.total + r.total), amount: safeMinor(g.amount + r.amount), n: g.n + r.n });
    }
    return out;
  };
  const categoryRows = [...group((r) => (r.categoryId === 0 ? null : r.categoryId)).entries()].map(
    ([categoryId, g]) => ({ categoryId, ...g }),
  );
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
  if (none)
    byCategory.push({
      categoryId: null,
      name: 'Uncategorized',
      icon: 'tag',
      color: '#888888',
      total: Number(none.total),
      count: none.n,
      budget: null,
    });
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
      .map((r) => ({
        currency: r.currency as ExpenseCurrency,
        total: Number(r.total),
        amount: Number(r.amount),
        count: r.n,
      }))
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
      .where(and(eq(categoryBudgets.tripId, input.id), inArray(categoryBudgets.tripId, visibleTripIds(db, actor)))),
  ]);
  const trip = ownedTripFrom(tripRows);
  const factor = crossRate(rates ?? trip.rates, trip.baseCurrency, input.currency);
  const allocatedAfter = Math.round(Number(allocated?.sum ?? 0) * factor);
  if (input.budgetTotal !== null && allocatedAfter > input.budgetTotal) {
    throw new ValidationError(
      'budgetTotal',
      `is less than the ${allocatedAfter / 100} already allocated to categories`,
    );
  }
  const statements = [
    db
      .update(trips)
      .set({ budgetTotal: input.budgetTotal, baseCurrency: input.currency, updatedAt: now })
      .where(eq(trips.id, trip.id)),
    ...tripFeed(
      db,
      topic.trip(trip.id),
      trip.id,
      'budget',
      activity(actor.id, trip.id, 'budget.changed', { what: 'budget' }),
      now,
    ),
  ] as const;
  // The owner hears once when spending is above the new budget (after the totals are in the new currency).
  if (input.currency === trip.baseCurrency) await db.batch([...statements, budgetOverNotice(db, trip.id)]);
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
      ...storeTripShareAmounts(trip.id).map((statement) => db.run(statement)),
      db
        .update(categoryBudgets)
        .set({ amount: sql`CAST(round(${categoryBudgets.amount} * ${factor}) AS INTEGER)` })
        .where(eq(categoryBudgets.tripId, trip.id)),
      db.run(clearTripTotals(trip.id)),
      db.run(recomputeTripTotals(trip.id)),
      budgetOverNotice(db, trip.id),
    ]);
  }
  return { id: trip.id, baseCurrency: input.currency, budgetTotal: input.budgetTotal };
}

/** A trip's allocations, only through the actor's trips (NOT_FOUND comes from the trip read beside it). */
const categoryBudgetsQuery = (db: Database, actor: Actor, tripId: string) =>
  db
    .select({ categoryId: categoryBudgets.categoryId, amount: safeMinorSql(categoryBudgets.amount) })
    .from(categoryBudgets)
    .where(and(eq(categoryBudgets.tripId, tripId), inArray(categoryBudgets.tripId, visibleTripIds(db, actor))))
    .orderBy(asc(categoryBudgets.categoryId));

export async function listCategoryBudgets(db: Database, actor: Actor, tripId: string) {
  const [trip, allocations] = await db.batch([
    ownedTripQuery(db, actor, tripId),
    categoryBudgetsQuery(db, actor, tripId),
  ]);
  ownedTripFrom(trip, undefined, 'view');
  return allocations;
}

/** Replaces a trip's category allocation; together they may not exceed the trip's budget. */
export async function setCategoryBudgets(db: Database, actor: Actor, input: CategoryBudgetsInput, now: Date) {
  const trip = await ownedTrip(db, actor, input.id);
  const kept = input.allocations.filter((a) => a.amount > 0);
  const sum = kept.reduce((s, a) => s + a.amount, 0);
  if (kept.length > 0 && trip.budgetTotal === null)
    throw new ValidationError('allocations', 'set the trip budget before allocating it');
  if (trip.budgetTotal !== null && sum > trip.budgetTotal) {
    throw new ValidationError(
      'allocations',
      `add up to more than the trip budget (${sum / 100} > ${trip.budgetTotal / 100})`,
    );
  }
  const clear = db.delete(categoryBudgets).where(eq(categoryBudgets.tripId, trip.id));
  const feed = tripFeed(
    db,
    topic.trip(trip.id),
    trip.id,
    'budget',
    activity(actor.id, trip.id, 'budget.changed', { what: 'category budgets' }),
    now,
  );
  const after = categoryBudgetsQuery(db, actor, trip.id);
  if (kept.length === 0) return (await db.batch([clear, ...feed, after]))[3];
  const insert = db
    .insert(categoryBudgets)
    .values(kept.map((a) => ({ tripId: trip.id, categoryId: a.categoryId, amount: a.amount, updatedAt: now })));
  return (await db.batch([clear, insert, ...feed, after]))[4];
}

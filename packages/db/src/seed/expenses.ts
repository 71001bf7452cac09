import { addDaysIso, todayIn } from '@naav/schemas/dates';
import { clearTripTotals, recomputeTripTotals } from '../expense-totals';
import { categoryBudgets, expenses } from '../schema/index';
import type { Database } from '../client';
import { upsertRows } from './upsert';

type ExpenseRow = typeof expenses.$inferInsert;

/**
 * Expenses of the demo's Lisbon trip (base EUR) and of the other traveller's Barcelona
 * trip, on the trips' days. Rates are frozen as they were entered, like real ones.
 */
export async function seedExpenses(db: Database, now: Date): Promise<void> {
  const today = todayIn('Europe/Lisbon', now);
  const day = (offset: number) => addDaysIso(today, offset);
  const row = (
    r: Omit<ExpenseRow, 'amountBase' | 'rateIsManual' | 'isReimbursable'> & {
      isReimbursable?: boolean;
      rateIsManual?: boolean;
    },
  ): ExpenseRow => ({
    notes: null,
    paymentMethod: null,
    location: null,
    categoryId: null,
    isReimbursable: false,
    rateIsManual: false,
    ...r,
    amountBase: Math.round(r.amount * r.rateToBase),
  });

  await upsertRows(db, expenses, [
    row({
      id: 'expense-lisbon-hotel',
      tripId: 'trip-lisbon',
      title: 'Memmo Alfama, 3 nights',
      amount: 68_700,
      currency: 'EUR',
      categoryId: 1,
      date: day(-2),
      paymentMethod: 'Credit Card',
      location: 'Alfama, Lisbon',
      rateToBase: 1,
    }),
    row({
      id: 'expense-lisbon-flight',
      tripId: 'trip-lisbon',
      title: 'TAP flight TP 202',
      amount: 84_250,
      currency: 'USD',
      categoryId: 2,
      date: day(-2),
      paymentMethod: 'Credit Card',
      rateToBase: 0.8677,
      isReimbursable: true,
      notes: 'Work conference part of the trip',
    }),
    row({
      id: 'expense-lisbon-pasteis',
      tripId: 'trip-lisbon',
      title: 'Pastéis de Belém',
      amount: 1_240,
      currency: 'EUR',
      categoryId: 3,
      date: day(-1),
      paymentMethod: 'Cash',
      location: 'Belém',
      rateToBase: 1,
    }),
    row({
      id: 'expense-lisbon-fado',
      tripId: 'trip-lisbon',
      title: 'Fado dinner',
      amount: 9_800,
      currency: 'EUR',
      categoryId: 3,
      date: day(-1),
      paymentMethod: 'Debit Card',
      location: 'Bairro Alto',
      rateToBase: 1,
    }),
    row({
      id: 'expense-lisbon-tram',
      tripId: 'trip-lisbon',
      title: 'Tram 28 day passes',
      amount: 2_040,
      currency: 'EUR',
      categoryId: 2,
      date: day(0),
      paymentMethod: 'Mobile Payment',
      rateToBase: 1,
    }),
    row({
      id: 'expense-lisbon-tiles',
      tripId: 'trip-lisbon',
      title: 'Azulejo tiles',
      amount: 4_500,
      currency: 'GBP',
      categoryId: 5,
      date: day(0),
      paymentMethod: 'Credit Card',
      location: 'LX Factory',
      rateToBase: 1.1358,
    }),
  ]);
  // Not upserted: the traveller may have replaced the allocation (new rows, same categories).
  await db
    .insert(categoryBudgets)
    .values([
      { id: 'category-budget-lisbon-accommodation', tripId: 'trip-lisbon', categoryId: 1, amount: 150_000 },
      { id: 'category-budget-lisbon-food', tripId: 'trip-lisbon', categoryId: 3, amount: 60_000 },
    ])
    .onConflictDoNothing();
  await upsertRows(db, expenses, [
    row({
      id: 'expense-barcelona-tapas',
      tripId: 'trip-barcelona',
      title: 'Tapas crawl',
      amount: 6_400,
      currency: 'EUR',
      categoryId: 3,
      date: day(0),
      rateToBase: 1,
    }),
  ]);
  // The rows above were written in bulk: bring the running sums in line with them.
  for (const tripId of ['trip-lisbon', 'trip-barcelona'])
    await db.batch([db.run(clearTripTotals(tripId)), db.run(recomputeTripTotals(tripId))]);
}

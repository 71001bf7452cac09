import { sql } from 'drizzle-orm';

// The running sums in expense_totals move in the same transaction (libSQL batch) as the
// expense rows: an expense's contribution is read from the row itself, so serialised
// writers can never double-count or miss one. Transfers (settle-up payments) are not spending.

/** Adds (sign 1) or removes (sign -1) one expense's contribution; a no-op when the row does not exist. */
export const applyExpenseToTotals = (expenseId: string, sign: 1 | -1) => sql`
  INSERT INTO expense_totals (tripId, categoryId, currency, count, amount, amountBase)
  SELECT tripId, coalesce(categoryId, 0), currency, ${sign}, ${sign} * amount, ${sign} * amountBase FROM expenses WHERE id = ${expenseId} AND kind = 'expense'
  ON CONFLICT (tripId, categoryId, currency) DO UPDATE SET
    count = count + excluded.count, amount = amount + excluded.amount, amountBase = amountBase + excluded.amountBase`;

/** Drops a trip's sums (run before recomputeTripTotals in the same batch). */
export const clearTripTotals = (tripId: string) => sql`DELETE FROM expense_totals WHERE tripId = ${tripId}`;

/** Rebuilds a trip's sums from its expenses (after rows were written in bulk). */
export const recomputeTripTotals = (tripId: string) => sql`
  INSERT INTO expense_totals (tripId, categoryId, currency, count, amount, amountBase)
  SELECT tripId, coalesce(categoryId, 0), currency, count(*), sum(amount), sum(amountBase) FROM expenses WHERE tripId = ${tripId} AND kind = 'expense'
  GROUP BY tripId, coalesce(categoryId, 0), currency`;

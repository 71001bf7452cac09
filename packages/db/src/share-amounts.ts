import { sql, type SQL } from 'drizzle-orm';

// Each part of an expense in the trip's base currency is stored on its expense_shares row, with
// the expense's trip and kind, so that balances sum one covering index (expense_shares_trip_idx)
// instead of working every part out when read. What rounding leaves goes to the payer, stored on
// the expense (remainderBase: null for an expense without parts, from before splits). Both are
// written in the same batch as every change to an expense's amountBase, trip or parts, from the
// rows themselves, with the arithmetic balances have always used: the expense's amountBase in
// proportion to the part, rounded toward zero (SQLite's integer division), amounts beyond safe
// integers (edited by hand) clamped first. Migration 0034 backfilled existing rows the same way.

const safe = (column: string) =>
  `CAST(max(-${Number.MAX_SAFE_INTEGER}, min(${Number.MAX_SAFE_INTEGER}, round(coalesce(${column}, 0)))) AS INTEGER)`;

const storeParts = sql.raw(`UPDATE expense_shares SET tripId = e.tripId, kind = e.kind,
  amountBase = CASE WHEN ${safe('e.amount')} = 0 THEN 0
                    ELSE CAST(${safe('e.amountBase')} * expense_shares.amount / ${safe('e.amount')} AS INTEGER) END
  FROM expenses e WHERE e.id = expense_shares.expenseId`);

const storeRemainder = sql.raw(`UPDATE expenses SET remainderBase = ${safe('amountBase')}
  - (SELECT sum(s.amountBase) FROM expense_shares s WHERE s.expenseId = expenses.id)`);

/** Stores one expense's parts in the base currency and its remainder (after its row and parts are written). */
export const storeExpenseShareAmounts = (expenseId: string): [SQL, SQL] => [
  sql`${storeParts} AND expense_shares.expenseId = ${expenseId}`,
  sql`${storeRemainder} WHERE id = ${expenseId}`,
];

/** The same for every expense of a trip (after its amounts were re-based, or rows written in bulk). */
export const storeTripShareAmounts = (tripId: string): [SQL, SQL] => [
  sql`${storeParts} AND e.tripId = ${tripId}`,
  sql`${storeRemainder} WHERE tripId = ${tripId}`,
];

import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { cascadeRef, tallyTable, timestampNow, uuidKey } from './columns';
import type { ExpenseCurrency } from '@naav/schemas/budget';
import { trips } from './trips';

// The budget tracker's lists live with the schemas both the server and the web app read.
export { expenseCurrencies, paymentMethods, type ExpenseCurrency } from '@naav/schemas/budget';

/**
 * One expense of a trip. The rate to the trip's base currency is frozen when the expense is
 * entered (or typed in by hand, for card fees), so totals never move when rates change;
 * amountBase is that conversion, kept so that sums run in SQL.
 */
export const expenses = sqliteTable(
  'expenses',
  {
    id: uuidKey(),
    tripId: cascadeRef(() => trips.id),
    title: text().notNull(),
    /** Minor units (1/100) of `currency`. */
    amount: integer().notNull(),
    currency: text().notNull(),
    /** One of the fixed budget categories (1–9); null when none was chosen. */
    categoryId: integer(),
    /** Calendar date, YYYY-MM-DD. */
    date: text().notNull(),
    notes: text(),
    paymentMethod: text(),
    location: text(),
    isReimbursable: integer({ mode: 'boolean' }).notNull().default(false),
    /** Units of the trip's base currency per unit of `currency`. */
    rateToBase: real().notNull(),
    /** True when the traveller typed the rate in (e.g. their card's rate with fees). */
    rateIsManual: integer({ mode: 'boolean' }).notNull().default(false),
    /** round(amount × rateToBase): minor units of the trip's base currency. */
    amountBase: integer().notNull(),
    /** 'expense', or 'transfer': a settle-up payment between participants (counts in balances, not in spending). */
    kind: text({ enum: ['expense', 'transfer'] })
      .notNull()
      .default('expense'),
    /** The participant who paid (`user:<id>` or `companion:<id>`); null for expenses from before splits: the trip's owner. */
    paidBy: text(),
    /**
     * What rounding the parts to the base currency leaves (amountBase less the sum of the parts'
     * amountBase), which the payer bears; null for an expense without parts (from before splits).
     * Written with the parts (share-amounts.ts).
     */
    remainderBase: integer(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  // In the lists' order (newest date, then newest entry, then id), so a page after a cursor
  // starts where the index says and reads only its rows, however many the trip has.
  // The words of title, notes and location are indexed for search in `expense_search`, an
  // FTS5 table kept by triggers (migration 0013: drizzle cannot declare virtual tables).
  (t) => [
    index('expenses_trip_date_idx').on(t.tripId, sql`${t.date} DESC`, sql`${t.createdAt} DESC`, t.id),
    index('expenses_trip_category_date_idx').on(
      t.tripId,
      t.categoryId,
      sql`${t.date} DESC`,
      sql`${t.createdAt} DESC`,
      t.id,
    ),
    // Everything the balances aggregate reads of a trip's expenses, grouped by payer as it sums
    // them: no table row is read. Expenses without parts (remainderBase null) are read here too.
    index('expenses_trip_payer_idx').on(t.tripId, t.paidBy, t.kind, t.amountBase, t.remainderBase),
  ],
);

/**
 * Running sums of a trip's expenses per category (0 = none) and currency, kept in the same
 * transaction as every change to `expenses` (see expense-totals.ts), so the budget summary
 * reads a few dozen rows instead of summing 100,000.
 */
export const expenseTotals = tallyTable(
  'expense_totals',
  { tripId: cascadeRef(() => trips.id), categoryId: integer().notNull(), currency: text().notNull() },
  { count: integer().notNull(), amount: integer().notNull(), amountBase: integer().notNull() },
);

/**
 * Each participant's part of an expense, in minor units of its currency, summing exactly to its
 * amount. The part in the base currency (amountBase: the expense's amountBase in proportion,
 * rounded toward zero; the rounding on the payer, expenses.remainderBase) is stored with the
 * expense's trip and kind in the same batch as every write of the expense's amountBase or parts
 * (share-amounts.ts), so balances sum one index. An expense without rows (entered before splits)
 * is split equally among the trip's participants when read.
 */
export const expenseShares = sqliteTable(
  'expense_shares',
  {
    expenseId: cascadeRef(() => expenses.id),
    participantId: text().notNull(),
    amount: integer().notNull(),
    /** The expense's trip (null until stored with amountBase). */
    tripId: text(),
    /** The expense's kind: transfers count in balances, not in spending. */
    kind: text({ enum: ['expense', 'transfer'] })
      .notNull()
      .default('expense'),
    /** Minor units of the trip's base currency (null until stored). */
    amountBase: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.expenseId, t.participantId] }),
    // The key with the amount: an expense's parts are read from the index alone.
    index('expense_shares_expense_idx').on(t.expenseId, t.participantId, t.amount),
    // A trip's parts per participant in the base currency, summed from the index alone.
    index('expense_shares_trip_idx').on(t.tripId, t.participantId, t.kind, t.amountBase),
  ],
);

/** How much of a trip's budget is set aside for one category (minor units of the base currency). */
export const categoryBudgets = sqliteTable(
  'category_budgets',
  {
    id: uuidKey(),
    tripId: cascadeRef(() => trips.id),
    categoryId: integer().notNull(),
    amount: integer().notNull(),
    updatedAt: timestampNow(),
  },
  (t) => [uniqueIndex('category_budgets_trip_category_idx').on(t.tripId, t.categoryId)],
);

/**
 * A POST /api/expenses retried with the same Idempotency-Key answers the expense it created the
 * first time. Kept apart from idempotency_keys: the key is written in the same batch as the
 * expense, so even a server that stops between the two cannot leave one without the other.
 */
export const expenseIdempotencyKeys = sqliteTable(
  'expense_idempotency_keys',
  {
    userId: cascadeRef(() => user.id),
    key: text().notNull(),
    expenseId: cascadeRef(() => expenses.id),
    /** SHA-256 of the body the key came with (null for keys stored before it was kept): another body is refused. */
    fingerprint: text(),
    createdAt: timestampNow(),
  },
  // Pruned by createdAt once older than the keys' lifetime, as idempotency_keys.
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('expense_idempotency_keys_created_at_idx').on(t.createdAt)],
);

/**
 * Every table of reference rates a server imported (units per 1 EUR, as the ECB publishes
 * them), one row per day. Every app server reads the newest (or the table shipped with the
 * app when that is newer), so all of them freeze the same rate into new expenses.
 */
export const exchangeRateTables = sqliteTable('exchange_rate_tables', {
  /** YYYY-MM-DD: the day the rates are for. */
  date: text().primaryKey(),
  perEuro: text({ mode: 'json' }).$type<Record<ExpenseCurrency, number>>().notNull(),
  /** Where it came from (RATES_URL). */
  source: text().notNull(),
  importedAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

/**
 * A number per trip that grows with every change to its expenses or their parts, kept by
 * triggers (migration 0035) in the same transaction as the change. A trip with no row has
 * had no change since: version 0. A whole list cached under a number is the list as it stands
 * while the number stays the same, on every server that shares the database.
 */
export const expenseListVersions = sqliteTable('expense_list_versions', {
  tripId: text().primaryKey(),
  version: integer().notNull(),
});

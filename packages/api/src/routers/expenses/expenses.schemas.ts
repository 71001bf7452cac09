import { z } from 'zod';
import { flag, id, isoDate, wholeNumber } from '../../lib/schemas';
import { categoryIds, currencyCode } from '@naav/schemas/budget';

// The expense and budget request bodies live in @naav/schemas, where the expense dialog and the budget tab check their values with them too.
export {
  categoryBudgetsInput,
  categoryId,
  currencyCode,
  expenseBody,
  maxAmount,
  maxExchangeRate,
  updateBudgetInput,
  updateExpenseInput,
  type CategoryBudgetsInput,
  type ExpenseBody,
  type UpdateBudgetInput,
  type UpdateExpenseInput,
} from '@naav/schemas/budget';


export const dateRanges = ['all', 'today', 'week', 'month'] as const;
export type DateRange = (typeof dateRanges)[number];

/** Filters of the Expenses tab, evaluated in SQL. */
export const expenseFilters = z.object({
  /** The trip. */
  id,
  /** today; week = the last 7 days including today; month = the calendar month of today (in the trip's time zone). */
  range: z.enum(dateRanges).default('all'),
  /** One category; 0 means expenses without a category. */
  categoryId: z
    .union([z.number(), z.string().regex(/^\d{1,2}$/, 'Must be a category id').transform(Number)])
    .pipe(z.number().int().refine((v) => v === 0 || categoryIds.includes(v), 'Unknown category'))
    .optional(),
  /** Matched against the description, notes and location (case-insensitive). */
  q: z.string().trim().max(100).optional(),
});

export const listExpensesInput = expenseFilters.extend({
  /** With page, answers that page only (newest first); without it, every matching expense. */
  page: wholeNumber(1, 1_000_000).optional(),
  pageSize: wholeNumber(1, 200).default(50),
  /** Keyset paging: at most this many expenses (1–200), after `cursor` when given. */
  limit: wholeNumber(1, 200).optional(),
  /** The `nextCursor` of the page before: the expenses after its last one. */
  cursor: z.string().max(500).optional(),
  /** false: leave `total` out (no count of every match, whose cost grows with the rows). Default true. */
  withTotal: flag.optional(),
});
export type ListExpensesInput = z.infer<typeof listExpensesInput>;

export const categorySchema = z.object({ id: z.number().int(), name: z.string(), icon: z.string(), color: z.string() });

export const expenseSchema = z.object({
  id,
  tripId: id,
  title: z.string(),
  amount: z.number().int(),
  currency: currencyCode,
  categoryId: z.number().int().nullable(),
  category: categorySchema.nullable(),
  date: isoDate,
  notes: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  location: z.string().nullable(),
  isReimbursable: z.boolean(),
  /** The frozen rate: units of the trip's base currency per unit of `currency`. */
  exchangeRate: z.number(),
  rateIsManual: z.boolean(),
  /** round(amount × exchangeRate), minor units of the trip's base currency. */
  amountInBase: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Expense = z.infer<typeof expenseSchema>;

export const expensePageSchema = z.object({
  items: z.array(expenseSchema),
  /** Matching expenses in all pages; left out when asked (`withTotal: false`). */
  total: z.number().int().optional(),
  /** The page number (absent when paged by cursor). */
  page: z.number().int().optional(),
  pageSize: z.number().int(),
  /** Send it as `cursor` for the expenses after this page; null after the last. */
  nextCursor: z.string().nullable(),
});
export type ExpensePage = z.infer<typeof expensePageSchema>;

export const deletedSchema = z.object({ id, deleted: z.literal(true) });

export const ratesInput = z.object({ base: currencyCode.default('USD') });
export const ratesSchema = z.object({
  base: currencyCode,
  /** The day the reference rates are for. */
  date: isoDate,
  /** 1 base = rates[code] code. */
  rates: z.record(z.string(), z.number()),
});

export const currencySchema = z.object({ code: currencyCode, name: z.string(), symbol: z.string() });

export const budgetSummarySchema = z.object({
  tripId: id,
  title: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  baseCurrency: currencyCode,
  /** Minor units of the base currency; null when no budget is set. */
  budgetTotal: z.number().int().nullable(),
  /** Sum of every expense in the base currency (frozen rates). */
  totalSpent: z.number().int(),
  /** budgetTotal − totalSpent; null without a budget. */
  remaining: z.number().int().nullable(),
  overBudget: z.boolean(),
  expenseCount: z.number().int(),
  currencyCount: z.number().int(),
  byCategory: z.array(
    z.object({
      /** null: expenses without a category. */
      categoryId: z.number().int().nullable(),
      name: z.string(),
      icon: z.string(),
      color: z.string(),
      total: z.number().int(),
      count: z.number().int(),
      /** The category's allocation; null when none. */
      budget: z.number().int().nullable(),
    }),
  ),
  byCurrency: z.array(
    z.object({
      currency: currencyCode,
      /** In the base currency. */
      total: z.number().int(),
      /** In the currency itself. */
      amount: z.number().int(),
      count: z.number().int(),
    }),
  ),
  /** Sum of the category allocations. */
  allocated: z.number().int(),
  /** budgetTotal − allocated; null without a budget. */
  unallocated: z.number().int().nullable(),
  /** The rates the display-currency conversions use. */
  ratesDate: isoDate,
});
export type BudgetSummary = z.infer<typeof budgetSummarySchema>;

export const budgetSchema = z.object({ id, baseCurrency: currencyCode, budgetTotal: z.number().int().nullable() });
export const categoryBudgetsSchema = z.array(z.object({ categoryId: z.number().int(), amount: z.number().int() }));

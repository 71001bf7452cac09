import { z } from 'zod';
import { flag, id, isoDate, nextCursor, pageCursor, pageLimit, pageTotal, wholeNumber } from '../../lib/schemas';
import { categoryIds, currencyCode } from '@naav/schemas/budget';
import { minorUnitsOf } from '@naav/schemas/money';

// The expense request bodies live in @naav/schemas, where the expense dialog checks its values with them too.
export {
  expenseBody,
  maxAmount,
  maxExchangeRate,
  updateExpenseInput,
  type ExpenseBody,
  type UpdateExpenseInput,
} from '@naav/schemas/budget';

const dateRanges = ['all', 'today', 'week', 'month'] as const;
export type DateRange = (typeof dateRanges)[number];

/** Filters of the Expenses tab, evaluated in SQL. */
const expenseFilters = z.object({
  /** The trip. */
  id,
  /** today; week = the last 7 days including today; month = the calendar month of today (in the trip's time zone). */
  range: z.enum(dateRanges).default('all'),
  /** One category; 0 means expenses without a category. */
  categoryId: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,2}$/, 'Must be a category id')
        .transform(Number),
    ])
    .pipe(
      z
        .number()
        .int()
        .refine((v) => v === 0 || categoryIds.includes(v), 'Unknown category'),
    )
    .optional(),
  /** Matched against the description, notes and location (case-insensitive). */
  q: z.string().trim().max(100).optional(),
});

export const listExpensesInput = expenseFilters.extend({
  /** With page, answers that page only (newest first); without it, every matching expense. */
  page: wholeNumber(1, 1_000_000).optional(),
  pageSize: wholeNumber(1, 200).default(50),
  /** Keyset paging: at most this many expenses (1–200), after `cursor` when given. */
  limit: pageLimit.optional(),
  /** The `nextCursor` of the page before: the expenses after its last one. */
  cursor: pageCursor.optional(),
  /** false: leave `total` out (no count of every match, whose cost grows with the rows). Default true. */
  withTotal: flag.optional(),
});
export type ListExpensesInput = z.infer<typeof listExpensesInput>;

export const categorySchema = z
  .object({ id: z.number().int(), name: z.string(), icon: z.string(), color: z.string() })
  .meta({ id: 'ExpenseCategory' });

export const expenseSchema = z
  .object({
    id,
    tripId: id,
    title: z.string(),
    amount: z.number().int().meta(minorUnitsOf('The amount', '`currency`')),
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
    amountInBase: z.number().int().meta(minorUnitsOf('round(amount × exchangeRate)', "the trip's base currency")),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** The participant who paid (see GET /api/trips/{id}/participants). */
    paidBy: z.string(),
    /** Each participant's part in minor units of `currency`, summing exactly to `amount`. */
    shares: z.array(
      z.object({
        participantId: z.string(),
        amount: z.number().int().meta(minorUnitsOf("The participant's part", '`currency`')),
      }),
    ),
  })
  .meta({ id: 'Expense' });
export type Expense = z.infer<typeof expenseSchema>;

export const expensePageSchema = z
  .object({
    items: z.array(expenseSchema),
    /** Matching expenses in all pages; left out when asked (`withTotal: false`). */
    total: pageTotal,
    /** The page number (absent when paged by cursor). */
    page: z.number().int().optional(),
    pageSize: z.number().int(),
    /** Send it as `cursor` for the expenses after this page; null after the last. */
    nextCursor,
  })
  .meta({ id: 'ExpensePage' });
export type ExpensePage = z.infer<typeof expensePageSchema>;

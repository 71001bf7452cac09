import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';
import { currencyCode } from '@naav/schemas/budget';

// The budget request bodies live in @naav/schemas, where the budget tab checks its values with them too.
export {
  categoryBudgetsInput,
  updateBudgetInput,
  type CategoryBudgetsInput,
  type UpdateBudgetInput,
} from '@naav/schemas/budget';

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

import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';
import { currencyCode } from '@naav/schemas/budget';
import { minorUnitsOf } from '@naav/schemas/money';

// The budget request bodies live in @naav/schemas, where the budget tab checks its values with them too.
export {
  categoryBudgetsInput,
  updateBudgetInput,
  type CategoryBudgetsInput,
  type UpdateBudgetInput,
} from '@naav/schemas/budget';

export const ratesInput = z.object({ base: currencyCode.default('USD') });
export const ratesSchema = z
  .object({
    base: currencyCode,
    /** The day the reference rates are for. */
    date: isoDate,
    /** 1 base = rates[code] code. */
    rates: z.record(z.string(), z.number()),
  })
  .meta({ id: 'ExchangeRates' });

export const currencySchema = z
  .object({ code: currencyCode, name: z.string(), symbol: z.string() })
  .meta({ id: 'Currency' });

export const budgetSummarySchema = z
  .object({
    tripId: id,
    title: z.string(),
    startDate: isoDate,
    endDate: isoDate,
    baseCurrency: currencyCode,
    /** Minor units of the base currency; null when no budget is set. */
    budgetTotal: z.number().int().nullable().meta(minorUnitsOf('The budget (null: none set)', 'the base currency')),
    /** Sum of every expense in the base currency (frozen rates). */
    totalSpent: z.number().int().meta(minorUnitsOf('Every expense, converted at its frozen rate', 'the base currency')),
    /** budgetTotal − totalSpent; null without a budget. */
    remaining: z.number().int().nullable().meta(minorUnitsOf('budgetTotal − totalSpent', 'the base currency')),
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
        total: z.number().int().meta(minorUnitsOf("The category's expenses", 'the base currency')),
        count: z.number().int(),
        /** The category's allocation; null when none. */
        budget: z.number().int().nullable().meta(minorUnitsOf("The category's allocation", 'the base currency')),
      }),
    ),
    byCurrency: z.array(
      z.object({
        currency: currencyCode,
        /** In the base currency. */
        total: z.number().int().meta(minorUnitsOf('The expenses in this currency, converted', 'the base currency')),
        /** In the currency itself. */
        amount: z.number().int().meta(minorUnitsOf('The expenses in this currency', 'that currency')),
        count: z.number().int(),
      }),
    ),
    /** Sum of the category allocations. */
    allocated: z.number().int().meta(minorUnitsOf('The sum of the category allocations', 'the base currency')),
    /** budgetTotal − allocated; null without a budget. */
    unallocated: z.number().int().nullable().meta(minorUnitsOf('budgetTotal − allocated', 'the base currency')),
    /** The rates the display-currency conversions use. */
    ratesDate: isoDate,
  })
  .meta({ id: 'BudgetSummary' });
export type BudgetSummary = z.infer<typeof budgetSummarySchema>;

export const budgetSchema = z
  .object({
    id,
    baseCurrency: currencyCode,
    budgetTotal: z.number().int().nullable().meta(minorUnitsOf('The budget (null: none set)', 'baseCurrency')),
  })
  .meta({ id: 'TripBudget' });
export const categoryBudgetsSchema = z.array(
  z.object({
    categoryId: z.number().int(),
    amount: z.number().int().meta(minorUnitsOf('The allocation', 'the base currency')),
  }),
);

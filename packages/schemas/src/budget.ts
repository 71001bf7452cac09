/** The budget tracker's catalogues: the currencies it keeps, the payment methods and the nine categories, and the expense requests. */
import { z } from './zod';
import { id, isoDate, optionalText, requiredText } from './fields';
import { currencyDigits, minorUnitsOf } from './money';
import { budgetCategories, expenseCurrencies, type ExpenseCurrency } from './budget-catalogue';

export { currencyDigits };
export { budgetCategories, expenseCurrencies, type BudgetCategory, type ExpenseCurrency } from './budget-catalogue';

export const isExpenseCurrency = (code: string): code is ExpenseCurrency =>
  (expenseCurrencies as readonly string[]).includes(code);

export interface CurrencyInfo {
  code: ExpenseCurrency;
  name: string;
  symbol: string;
}

/** The fifteen currencies with their names and symbols. */
export const currencies: CurrencyInfo[] = [
  { code: 'USD', name: 'US Dollar', symbol: '$' },
  { code: 'EUR', name: 'Euro', symbol: '€' },
  { code: 'GBP', name: 'British Pound', symbol: '£' },
  { code: 'JPY', name: 'Japanese Yen', symbol: '¥' },
  { code: 'CAD', name: 'Canadian Dollar', symbol: 'C$' },
  { code: 'AUD', name: 'Australian Dollar', symbol: 'A$' },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF' },
  { code: 'CNY', name: 'Chinese Yuan', symbol: '¥' },
  { code: 'INR', name: 'Indian Rupee', symbol: '₹' },
  { code: 'MXN', name: 'Mexican Peso', symbol: 'MX$' },
  { code: 'SGD', name: 'Singapore Dollar', symbol: 'S$' },
  { code: 'NZD', name: 'New Zealand Dollar', symbol: 'NZ$' },
  { code: 'THB', name: 'Thai Baht', symbol: '฿' },
  { code: 'AED', name: 'UAE Dirham', symbol: 'AED' },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$' },
];

/**
 * The smallest step of an amount typed in `code`, in the API's minor units (always hundredths
 * of the unit, whatever the currency): 1 for EUR (one cent), 100 for JPY (one whole yen).
 */
export const typedAmountStep = (code: string) => 10 ** Math.max(0, 2 - Math.min(2, currencyDigits(code)));

/** The message for an amount with more decimals than its currency has: "JPY has no decimals: enter a whole amount". */
export const tooManyDecimals = (code: string) =>
  currencyDigits(code) === 0
    ? `${code} has no decimals: enter a whole amount`
    : `${code} has at most ${currencyDigits(code)} decimals`;

export const paymentMethods = [
  'Cash',
  'Credit Card',
  'Debit Card',
  'Mobile Payment',
  'Bank Transfer',
  'PayPal',
  "Traveler's Check",
  'Other',
] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const categoryIds = budgetCategories.map((c) => c.id);
export const categoryById = new Map(budgetCategories.map((c) => [c.id, c]));

/** 10^12 minor units: ten billion in any currency, far above any travel expense. */
export const maxAmount = 1_000_000_000_000;
/** The most units of the base currency one unit of another may be worth, typed in. */
export const maxExchangeRate = 1_000_000;

/** A calendar date; a full ISO timestamp (a browser's toISOString()) is cut to its date. */
const calendarDate = z.union([isoDate, z.iso.datetime({ offset: true })]).transform((value) => value.slice(0, 10));

export const currencyCode = z.enum(expenseCurrencies, {
  error: `Unknown currency: use one of ${expenseCurrencies.join(', ')}`,
});

/** A category id, 1–9; a numeric string (a form's select value) is read as its number. */
export const categoryId = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,2}$/)
        .transform(Number),
    ],
    { error: 'Must be a category id (1–9) or null' },
  )
  .pipe(
    z
      .number()
      .int()
      .refine((v) => categoryIds.includes(v), 'Unknown category'),
  );

/** A trip participant's id: `user:<userId>` (owner, group member) or `companion:<companionId>`. */
export const participantId = z.string().trim().min(1).max(120);

/**
 * How an expense is shared: equally (values ignored, may be left out), by shares (positive
 * weights), by exact amounts (minor units summing to the amount) or by percentages (summing to 100).
 */
export const expenseSplit = z.object({
  mode: z.enum(['equal', 'shares', 'exact', 'percent']),
  parts: z
    .array(z.object({ participantId, value: z.number().finite().default(1) }))
    .min(1, 'Name at least one participant')
    .max(50),
});
export type ExpenseSplit = z.infer<typeof expenseSplit>;

/**
 * What is wrong with the values of a split of `amount` (minor units), each with the field it
 * names: a share weight ≤ 0, exact parts not in whole minor units or not adding up to the amount,
 * a percentage outside 0–100 or percentages not adding up to 100. Empty when they add up. The
 * server refuses such a split with these messages; the expense dialog shows them before sending,
 * with `money` to word the amounts.
 */
export function splitIssues(
  amount: number,
  split: ExpenseSplit,
  money: (minor: number) => string = String,
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const each = (ok: (value: number) => boolean, message: string) =>
    split.parts.forEach((part, i) => {
      if (!ok(part.value)) issues.push({ path: `split.parts.${i}.value`, message });
    });
  const total = split.parts.reduce((sum, part) => sum + part.value, 0);
  switch (split.mode) {
    case 'equal':
      break;
    case 'shares':
      each((v) => v > 0, 'A share must be above 0');
      break;
    case 'exact':
      each((v) => Number.isSafeInteger(v), 'Must be whole minor units');
      if (issues.length === 0 && total !== amount)
        issues.push({ path: 'split.parts', message: `The parts add up to ${money(total)}, not to ${money(amount)}` });
      break;
    case 'percent':
      each((v) => v >= 0 && v <= 100, 'A percentage must be from 0 to 100');
      if (issues.length === 0 && Math.abs(total - 100) > 1e-9)
        issues.push({ path: 'split.parts', message: `The percentages add up to ${total}%, not to 100%` });
      break;
  }
  return issues;
}

/** POST /api/expenses and PUT /api/expenses/{id}: the spec's body, plus an optional manual rate. */
export const expenseBody = z.object({
  tripId: id,
  title: requiredText(200),
  /**
   * Minor units (the dialog sends round(amount × 100)); below 0 for a refund, which counts
   * against the spending and, split like any expense, against the balances.
   */
  amount: z
    .number({ error: 'Must be a number of minor units' })
    .int('Must be whole minor units')
    .min(-maxAmount, 'At least -10^12 minor units')
    .max(maxAmount, 'At most 10^12 minor units')
    .meta(minorUnitsOf('The amount (negative for a refund)', '`currency`')),
  currency: currencyCode,
  categoryId: categoryId.nullish().transform((v) => v ?? null),
  date: calendarDate,
  notes: optionalText(2000),
  paymentMethod: z
    .union([z.enum(paymentMethods), z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  location: optionalText(200),
  isReimbursable: z.boolean().default(false),
  /**
   * Units of the trip's base currency per unit of `currency`, typed in by the traveller
   * (their card's rate with fees). Without it the reference rate of the day is frozen.
   */
  exchangeRate: z
    .number()
    .positive('Must be above 0')
    .max(maxExchangeRate)
    .nullish()
    .transform((v) => v ?? null),
  /**
   * A date outside the trip's first and last day is refused (400 naming `date`) unless this is
   * true: the traveller confirmed it (a deposit paid months before, a refund after).
   */
  allowOutsideTrip: z.boolean().default(false),
  /** The participant who paid; the caller when left out. */
  paidBy: participantId.optional(),
  /** How it is shared; equally among every participant when left out. */
  split: expenseSplit.optional(),
});
export type ExpenseBody = z.infer<typeof expenseBody>;

export const updateExpenseInput = expenseBody.extend({ id });
export type UpdateExpenseInput = z.infer<typeof updateExpenseInput>;

/** PATCH /api/trips/{id}/budget: the Budget tab's Update Budget form. */
export const updateBudgetInput = z
  .object({
    /** The trip. */
    id,
    /** Minor units of `currency`; null removes the budget. */
    budgetTotal: z
      .number()
      .int()
      .min(0, 'Cannot be negative')
      .max(maxAmount, 'At most 10^12 minor units')
      .nullable()
      .meta(minorUnitsOf('The budget (null removes it)', '`currency`')),
    /** The trip's base currency; changing it re-expresses every frozen rate in the new currency. */
    currency: currencyCode,
  })
  .superRefine((input, ctx) => {
    // A budget is typed in the currency's own units: whole yen, not ¥168,000.50.
    if (input.budgetTotal !== null && input.budgetTotal % typedAmountStep(input.currency) !== 0) {
      ctx.addIssue({ code: 'custom', path: ['budgetTotal'], message: tooManyDecimals(input.currency) });
    }
  });
export type UpdateBudgetInput = z.infer<typeof updateBudgetInput>;

/** PUT /api/trips/{id}/category-budgets: the Budget tab's category budgets form. */
export const categoryBudgetsInput = z.object({
  /** The trip. */
  id,
  /** The whole allocation: categories left out get none. */
  allocations: z
    .array(
      z.object({
        categoryId,
        amount: z
          .number()
          .int()
          .min(0, 'Cannot be negative')
          .max(maxAmount, 'At most 10^12 minor units')
          .meta(minorUnitsOf('The allocation', "the trip's base currency")),
      }),
    )
    .max(categoryIds.length)
    .refine((list) => new Set(list.map((a) => a.categoryId)).size === list.length, 'Each category at most once'),
});
export type CategoryBudgetsInput = z.infer<typeof categoryBudgetsInput>;

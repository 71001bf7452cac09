/** The budget tracker's catalogues: the currencies it keeps, the payment methods and the nine categories. */

/** The currencies the budget tracker accepts (ISO 4217), in the order the screens list them. */
export const expenseCurrencies = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'INR', 'MXN', 'SGD', 'NZD', 'THB', 'AED', 'BRL'] as const;
export type ExpenseCurrency = (typeof expenseCurrencies)[number];

export const isExpenseCurrency = (code: string): code is ExpenseCurrency => (expenseCurrencies as readonly string[]).includes(code);

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

export const paymentMethods = ['Cash', 'Credit Card', 'Debit Card', 'Mobile Payment', 'Bank Transfer', 'PayPal', "Traveler's Check", 'Other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export interface BudgetCategory {
  id: number;
  name: string;
  /** A name from the web app's icon set. */
  icon: string;
  /** #rrggbb */
  color: string;
}

/** The budget categories (the spec's list, in its order and with its ids). */
export const budgetCategories: BudgetCategory[] = [
  { id: 1, name: 'Accommodation', icon: 'bed', color: '#6366f1' },
  { id: 2, name: 'Transportation', icon: 'plane', color: '#0ea5e9' },
  { id: 3, name: 'Food & Dining', icon: 'utensils', color: '#f97316' },
  { id: 4, name: 'Activities', icon: 'ticket', color: '#10b981' },
  { id: 5, name: 'Shopping', icon: 'shopping-bag', color: '#ec4899' },
  { id: 6, name: 'Gifts', icon: 'gift', color: '#a855f7' },
  { id: 7, name: 'Health', icon: 'heart-pulse', color: '#ef4444' },
  { id: 8, name: 'Fees & Tips', icon: 'receipt', color: '#eab308' },
  { id: 9, name: 'Other', icon: 'tag', color: '#64748b' },
];

export const categoryIds = budgetCategories.map((c) => c.id);
export const categoryById = new Map(budgetCategories.map((c) => [c.id, c]));

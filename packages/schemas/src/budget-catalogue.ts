// The budget tracker's currencies and categories, without the schemas (and zod): screens that only list them import these.

/** The currencies the budget tracker accepts (ISO 4217), in the order the screens list them. */
export const expenseCurrencies = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CAD',
  'AUD',
  'CHF',
  'CNY',
  'INR',
  'MXN',
  'SGD',
  'NZD',
  'THB',
  'AED',
  'BRL',
] as const;
export type ExpenseCurrency = (typeof expenseCurrencies)[number];

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

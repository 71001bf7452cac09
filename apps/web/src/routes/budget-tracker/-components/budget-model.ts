import type { IconName } from '../../../components/icon';

export const currencyCodes = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'INR', 'MXN', 'SGD', 'NZD', 'THB', 'AED', 'BRL'] as const;
export type CurrencyCode = (typeof currencyCodes)[number];

export const paymentMethods = ['Cash', 'Credit Card', 'Debit Card', 'Mobile Payment', 'Bank Transfer', 'PayPal', "Traveler's Check", 'Other'] as const;

export interface Category {
  id: number;
  name: string;
  icon: string;
  color: string;
}

/** Used when GET /api/budget/categories fails (§3's list). */
export const fallbackCategories: Category[] = [
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

/** The app's icon set has no exact match for every category: the closest drawing. */
const iconFor: Record<string, IconName> = {
  bed: 'bed',
  plane: 'plane',
  utensils: 'utensils',
  ticket: 'flag',
  'shopping-bag': 'suitcase',
  gift: 'sparkles',
  'heart-pulse': 'heart',
  receipt: 'wallet',
  tag: 'pin',
};
export const categoryIcon = (icon: string | undefined): IconName => (icon && iconFor[icon]) || 'wallet';

/** Category colour, #888 when missing (§9). */
export const categoryColor = (color: string | null | undefined) => color || '#888';

/**
 * Minor units of the trip's base currency shown in another currency: through the rate
 * against the base (1 base = rate display), rounded to an integer; a missing rate counts as 1.
 */
export function convertFromBase(minorBase: number, rates: Record<string, number> | undefined, display: string): number {
  const rate = rates?.[display] ?? 1;
  return Math.round(minorBase * rate);
}

/** Spent against budget as a bar width: capped at 100 % (§9). */
export function progressPercent(spent: number, budget: number | null): number {
  if (!budget || budget <= 0) return spent > 0 ? 100 : 0;
  return Math.min(100, Math.round((spent / budget) * 100));
}

export const dateRangeLabels = { all: 'All Time', today: 'Today', week: 'This Week', month: 'This Month' } as const;
export type DateRangeFilter = keyof typeof dateRangeLabels;

import type { BudgetCategory } from '@naav/schemas/budget';
import type { IconName } from '~/components/icon';

/** A budget category as GET /api/budget/categories answers it (the shared catalogue's shape). */
export type Category = BudgetCategory;

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

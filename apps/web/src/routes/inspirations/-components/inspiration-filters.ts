import type { Inspiration } from '~/lib/api-types';

export const inspirationCategories = ['beach', 'cultural', 'adventure', 'wellness'] as const;
export const durationRanges = ['all', '3-5', '6-9', '10-14', '15+'] as const;
export type DurationRange = (typeof durationRanges)[number];

/** The budget slider (§5): 1,000 to 15,000 in steps of 500, 7,000 to start with. */
export const budgetSlider = { min: 1000, max: 15000, step: 500, initial: 7000 } as const;

export interface InspirationFilters {
  category: 'all' | Inspiration['category'];
  budget: number;
  duration: DurationRange;
  occasion: string;
  favouritesOnly: boolean;
}

export const initialFilters: InspirationFilters = {
  category: 'all',
  budget: budgetSlider.initial,
  duration: 'all',
  occasion: 'all',
  favouritesOnly: false,
};

/** The lower bound of a duration range, in days (0 for all). */
export const minimumDays = (range: DurationRange) => (range === 'all' ? 0 : Number.parseInt(range, 10));

/** §5: category equals, price at most the budget, duration at least the range's lower bound, occasion equals. */
export function applyFilters(list: readonly Inspiration[], filters: InspirationFilters): Inspiration[] {
  const days = minimumDays(filters.duration);
  return list.filter(
    (idea) =>
      (filters.category === 'all' || idea.category === filters.category) &&
      idea.price <= filters.budget &&
      idea.duration >= days &&
      (filters.occasion === 'all' || idea.type === filters.occasion) &&
      (!filters.favouritesOnly || idea.isFavourite),
  );
}

/** Price per day: price divided by duration, rounded (§9). */
export const pricePerDay = (idea: Pick<Inspiration, 'price' | 'duration'>) => Math.round(idea.price / Math.max(1, idea.duration));

/** Ideas grouped by category in the catalogue's category order, at most `perCategory` each. */
export function groupByCategory(list: readonly Inspiration[], perCategory = 2) {
  return inspirationCategories
    .map((category) => ({ category, ideas: list.filter((i) => i.category === category).slice(0, perCategory) }))
    .filter((group) => group.ideas.length > 0);
}

export const categoryLabels: Record<Inspiration['category'], string> = {
  beach: 'Beach',
  cultural: 'Cultural',
  adventure: 'Adventure',
  wellness: 'Wellness',
};

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

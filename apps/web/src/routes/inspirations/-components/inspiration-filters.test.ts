import { describe, expect, it } from 'vitest';
import type { Inspiration } from '~/lib/api-types';
import { applyFilters, groupByCategory, initialFilters, pricePerDay } from './inspiration-filters';

const idea = (id: string, category: Inspiration['category'], price: number, duration: number, type = 'family', isFavourite = false): Inspiration => ({
  id,
  title: id,
  destination: 'Somewhere',
  description: '',
  imageUrl: null,
  category,
  type,
  duration,
  price,
  rating: null,
  isFavourite,
});

const list = [
  idea('a', 'beach', 7000, 7, 'honeymoon', true),
  idea('b', 'beach', 7001, 5),
  idea('c', 'cultural', 3000, 3),
  idea('d', 'cultural', 5000, 10),
  idea('e', 'cultural', 4000, 15, 'family', true),
  idea('f', 'adventure', 6000, 9),
];
const ids = (l: Inspiration[]) => l.map((i) => i.id);

describe('inspiration filters (§5)', () => {
  it('start at a $7,000 budget: price at most the budget', () => {
    expect(ids(applyFilters(list, initialFilters))).toEqual(['a', 'c', 'd', 'e', 'f']);
    expect(ids(applyFilters(list, { ...initialFilters, budget: 15000 }))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('match the category and the occasion exactly and the duration from its lower bound', () => {
    expect(ids(applyFilters(list, { ...initialFilters, category: 'cultural' }))).toEqual(['c', 'd', 'e']);
    expect(ids(applyFilters(list, { ...initialFilters, duration: '6-9' }))).toEqual(['a', 'd', 'e', 'f']);
    expect(ids(applyFilters(list, { ...initialFilters, duration: '15+' }))).toEqual(['e']);
    expect(ids(applyFilters(list, { ...initialFilters, occasion: 'honeymoon' }))).toEqual(['a']);
    expect(ids(applyFilters(list, { ...initialFilters, favouritesOnly: true }))).toEqual(['a', 'e']);
  });

  it('price per day is rounded; groups keep two per category', () => {
    expect(pricePerDay({ price: 6200, duration: 8 })).toBe(775);
    expect(pricePerDay({ price: 1000, duration: 3 })).toBe(333);
    expect(groupByCategory(list).map((g) => [g.category, ids(g.ideas)])).toEqual([
      ['beach', ['a', 'b']],
      ['cultural', ['c', 'd']],
      ['adventure', ['f']],
    ]);
  });
});

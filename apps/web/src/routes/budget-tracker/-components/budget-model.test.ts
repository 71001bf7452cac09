import { describe, expect, it } from 'vitest';
import { convertFromBase, progressPercent } from './budget-model';

describe('budget model', () => {
  it('converts from the base currency through its rate, rounding, a missing rate counting as 1', () => {
    expect(convertFromBase(10_000, { EUR: 0.8677 }, 'EUR')).toBe(8_677);
    expect(convertFromBase(3, { EUR: 0.5 }, 'EUR')).toBe(2);
    expect(convertFromBase(10_000, {}, 'GBP')).toBe(10_000);
    expect(convertFromBase(10_000, undefined, 'GBP')).toBe(10_000);
  });

  it('caps the spending bar at 100 %', () => {
    expect(progressPercent(50, 200)).toBe(25);
    expect(progressPercent(500, 200)).toBe(100);
    expect(progressPercent(0, null)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { convertFromBase, formatMoney, progressPercent, toMinorUnits } from './budget-model';

describe('budget model', () => {
  it('turns the typed amount into minor units, × 100 and rounded', () => {
    expect(toMinorUnits('12.34')).toBe(1234);
    expect(toMinorUnits('0.125')).toBe(13);
    expect(toMinorUnits('19.999')).toBe(2000);
    expect(toMinorUnits('')).toBeNull();
    expect(toMinorUnits('abc')).toBeNull();
  });

  it('shows money as en-US currency with 2 decimals', () => {
    expect(formatMoney(123_456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(5_000, 'JPY')).toBe('¥50.00');
    expect(formatMoney(99, 'EUR')).toBe('€0.99');
  });

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

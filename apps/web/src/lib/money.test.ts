import { describe, expect, it } from 'vitest';
import { amountStep, formatMoney, formatWholeMoney, fromMinorUnits, toMinorUnits } from './money';

describe('money', () => {
  it("shows minor units (1/100 of any currency) as en-US currency with the currency's own decimals", () => {
    expect(formatMoney(123_456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(450_000, 'EUR')).toBe('€4,500.00');
    expect(formatMoney(99, 'EUR')).toBe('€0.99');
    expect(formatMoney(-2_550, 'GBP')).toBe('-£25.50');
  });

  it('shows yen without decimals, though the API counts them in hundredths too', () => {
    // The Kyoto demo budget of 80,000,000 minor units is ¥800,000.
    expect(formatMoney(80_000_000, 'JPY')).toBe('¥800,000');
    expect(formatMoney(16_800_000, 'JPY')).toBe('¥168,000');
    expect(formatMoney(5_000, 'JPY')).toBe('¥50');
    // A converted amount rounds to the nearest yen.
    expect(formatMoney(12_345, 'JPY')).toBe('¥123');
    expect(formatMoney(0, 'JPY')).toBe('¥0');
    expect(formatMoney(-16_800_000, 'JPY')).toBe('-¥168,000');
  });

  it('shows a malformed currency code after the amount instead of failing', () => {
    expect(formatMoney(1_250, 'X1')).toBe('12.50 X1');
    expect(formatWholeMoney(40, 'X1')).toBe('40 X1');
  });

  it('shows whole units without decimals', () => {
    expect(formatWholeMoney(12_000)).toBe('$12,000');
    expect(formatWholeMoney(0)).toBe('$0');
    expect(formatWholeMoney(7_000, 'EUR')).toBe('€7,000');
  });

  it('turns the typed amount into minor units, × 100 and rounded, and back', () => {
    expect(toMinorUnits('12.34')).toBe(1234);
    expect(toMinorUnits('0.125')).toBe(13);
    expect(toMinorUnits('19.999')).toBe(2000);
    expect(toMinorUnits('')).toBeNull();
    expect(toMinorUnits('abc')).toBeNull();
    expect(fromMinorUnits(1234)).toBe('12.34');
    expect(fromMinorUnits(80_000_000)).toBe('800000.00');
  });

  it("puts an amount in a form field with the currency's decimals", () => {
    expect(fromMinorUnits(1234, 'EUR')).toBe('12.34');
    expect(fromMinorUnits(16_800_000, 'JPY')).toBe('168000');
    expect(toMinorUnits('168000')).toBe(16_800_000);
    expect(amountStep('JPY')).toBe('1');
    expect(amountStep('EUR')).toBe('0.01');
  });
});

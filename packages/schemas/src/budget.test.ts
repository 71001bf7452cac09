import { describe, expect, it } from 'vitest';
import { currencyDigits, typedAmountStep, updateBudgetInput } from './budget';

describe('currency digits', () => {
  it("follow each currency's own minor unit", () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KRW')).toBe(0);
    expect(currencyDigits('not a code')).toBe(2);
    expect(typedAmountStep('EUR')).toBe(1);
    expect(typedAmountStep('JPY')).toBe(100);
  });

  it('a budget in yen is whole yen; in euros it may have cents', () => {
    expect(updateBudgetInput.safeParse({ id: 't', budgetTotal: 16_800_000, currency: 'JPY' }).success).toBe(true);
    const cents = updateBudgetInput.safeParse({ id: 't', budgetTotal: 16_800_050, currency: 'JPY' });
    expect(cents.success).toBe(false);
    expect(cents.error?.issues).toEqual([
      expect.objectContaining({ path: ['budgetTotal'], message: 'JPY has no decimals: enter a whole amount' }),
    ]);
    expect(updateBudgetInput.safeParse({ id: 't', budgetTotal: 16_800_050, currency: 'EUR' }).success).toBe(true);
    expect(updateBudgetInput.safeParse({ id: 't', budgetTotal: null, currency: 'JPY' }).success).toBe(true);
  });
});

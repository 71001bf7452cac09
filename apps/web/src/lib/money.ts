import { currencyDigits } from '@naav/schemas/money';

/**
 * Every amount of money the web app shows goes through this module.
 *
 * The API speaks two units: budgets and expenses are integer minor units, one hundredth of the
 * currency's unit whatever the currency (¥800,000 is 80000000 for JPY as €800,000.00 is for
 * EUR), shown as en-US currency with the currency's own decimals (2 for EUR, none for JPY);
 * proposals, trip requests and inspirations are whole US dollars, shown without decimals.
 */

const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterFor(currency: string, fractionDigits: number): Intl.NumberFormat | null {
  const key = `${currency}:${fractionDigits}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      });
    } catch {
      // Not a well-formed currency code: the amount is shown with the code after it.
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Minor units (1/100) as en-US currency with its own decimals: 123456 USD → "$1,234.56", 16800000 JPY → "¥168,000". */
export function formatMoney(minor: number, currency: string): string {
  const units = minor / 100;
  return formatterFor(currency, currencyDigits(currency))?.format(units) ?? `${units.toFixed(2)} ${currency}`;
}

/**
 * Makes the formatter for a currency ahead of the first amount, in a task of its own: the
 * browser's first currency format loads its number data (about 90 ms on a desktop), which
 * would otherwise lengthen the render that shows the first amounts.
 */
export function prepareMoneyFormat(currency = 'USD'): void {
  setTimeout(() => formatterFor(currency, currencyDigits(currency)), 0);
}

/** Whole units without decimals: 12000 → "$12,000" (proposals, trip requests, inspirations: US dollars). */
export function formatWholeMoney(units: number, currency = 'USD'): string {
  return formatterFor(currency, 0)?.format(units) ?? `${Math.round(units)} ${currency}`;
}

/** A typed amount in minor units: "12.34" → 1234, × 100 and rounded; null when it is not a number. */
export function toMinorUnits(amount: string): number | null {
  if (amount.trim() === '') return null;
  const value = Number(amount);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}

/** Minor units as an amount to edit in a form field, with the currency's decimals: 1234 EUR → "12.34", 16800000 JPY → "168000". */
export const fromMinorUnits = (minor: number, currency = 'USD') =>
  (minor / 100).toFixed(Math.min(2, currencyDigits(currency)));

/** The step of a form's amount field in the currency: "0.01" for EUR, "1" for JPY. */
export const amountStep = (currency: string) => (currencyDigits(currency) === 0 ? '1' : '0.01');

/**
 * What an amount of money is counted in, said once for the API's reference: expenses, budgets,
 * balances and booking prices are integer minor units of a currency; the proposals' and trip
 * requests' budgets and costs and the inspirations' prices are whole US dollars.
 */

/** `.meta()` of an integer in minor units: `what` names the amount, `currency` the currency it is in. */
export const minorUnitsOf = (what: string, currency = 'its currency') => ({
  description: `${what}, in integer minor units of ${currency} (cents: 1250 is 12.50 EUR; a currency without decimals counts whole units: 1250 is 1,250 JPY)`,
});

/** `.meta()` of an integer in whole US dollars. */
export const wholeDollarsOf = (what: string) => ({
  description: `${what}, in whole US dollars (no cents: 2500 is $2,500)`,
});

const currencyDigitsCache = new Map<string, number>();

/**
 * How many decimals a currency's amounts have (ISO 4217's minor unit, as the platform's Intl
 * data knows it): 2 for USD and EUR, 0 for JPY and KRW. An unknown code counts as 2.
 */
export function currencyDigits(code: string): number {
  let digits = currencyDigitsCache.get(code);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ??
        2;
    } catch {
      digits = 2;
    }
    currencyDigitsCache.set(code, digits);
  }
  return digits;
}

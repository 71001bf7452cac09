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

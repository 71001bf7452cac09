import { currentRateTable, parseRateFeed, setRateTable } from '@naav/api';

export interface RatesRefreshOptions {
  /** A provider answering the ECB's daily XML or a Frankfurter-style JSON. */
  url: string;
  /** How often to refresh; a day by default (the ECB publishes once per working day). */
  intervalMs?: number;
  /** How long one attempt may take. */
  timeoutMs?: number;
  log?: (line: string) => void;
  fetch?: typeof globalThis.fetch;
}

/**
 * Imports the day's reference rates from RATES_URL now and then daily. A failed attempt
 * (network, status, or an answer that is not a complete table) changes nothing: the last
 * good table, at first the one shipped with the app, stays in use, and the reason is logged.
 */
export function startRatesRefresh({ url, intervalMs = 24 * 60 * 60 * 1000, timeoutMs = 10_000, log = console.log, fetch = globalThis.fetch }: RatesRefreshOptions) {
  const refresh = async (): Promise<boolean> => {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/xml, application/json' } });
      if (!res.ok) throw new Error(`the provider answered ${res.status}`);
      const table = parseRateFeed(await res.text());
      setRateTable(table);
      log(`Exchange rates refreshed: reference rates of ${table.date}.`);
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log(`Exchange-rate refresh from ${url} failed (${reason}); keeping the rates of ${currentRateTable().date}.`);
      return false;
    }
  };
  const first = refresh();
  const timer = setInterval(() => void refresh(), intervalMs);
  timer.unref();
  return { first, refresh, stop: () => clearInterval(timer) };
}

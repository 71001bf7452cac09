import { randomUUID } from 'node:crypto';
import { lastRatesImport, parseRateFeed, readRateTable, storeRateTable } from '@naav/api/server';
import { acquireLease, releaseLease, type Database } from '@naav/db';

export interface RatesRefreshOptions {
  db: Database;
  /** A provider answering the ECB's daily XML or a Frankfurter-style JSON. */
  url: string;
  /** How old the newest import may get before a server imports again; a day by default (the ECB publishes once per working day). */
  intervalMs?: number;
  /** How often this server looks at the age of the newest import. */
  checkEveryMs?: number;
  /** How long one attempt may take. */
  timeoutMs?: number;
  log?: (line: string) => void;
  fetch?: typeof globalThis.fetch;
  /** This server, as lease holder; a random id per process by default. */
  holder?: string;
}

/**
 * What one attempt did: imported a table; found a recent enough import already stored
 * (by this or another server); left it to another server that is importing right now; or
 * failed (the stored table, or the shipped one, stays in use).
 */
export type RatesRefreshOutcome = 'imported' | 'up-to-date' | 'elsewhere' | 'failed';

const leaseName = 'rates-refresh';

/**
 * Keeps the database's reference rates no older than a day, from RATES_URL. Every app server
 * runs this, but the work is done once for all of them: an attempt does nothing while the
 * newest stored import is recent, and only the server holding the `rates-refresh` lease
 * fetches. Servers never keep a table of their own: they read the newest stored one, so a
 * restart never falls back to the shipped table once a newer one is stored. A failed attempt
 * (network, status, an answer that is not a complete table) changes nothing and is logged.
 */
export function startRatesRefresh({
  db,
  url,
  intervalMs = 24 * 60 * 60 * 1000,
  checkEveryMs = Math.min(intervalMs, 60 * 60 * 1000),
  timeoutMs = 10_000,
  log = console.log,
  fetch = globalThis.fetch,
  holder = randomUUID(),
}: RatesRefreshOptions) {
  const importNow = async (): Promise<RatesRefreshOutcome> => {
    try {
      const res = await fetch(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/xml, application/json' },
      });
      if (!res.ok) throw new Error(`the provider answered ${res.status}`);
      const table = parseRateFeed(await res.text());
      await storeRateTable(db, table, url);
      log(`Exchange rates refreshed: reference rates of ${table.date}.`);
      return 'imported';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const kept = await readRateTable(db).then(
        (t) => t.date,
        () => 'the last good table',
      );
      log(`Exchange-rate refresh from ${url} failed (${reason}); keeping the rates of ${kept}.`);
      return 'failed';
    }
  };

  /** One attempt; `force` imports even when a recent import is stored. */
  const refresh = async ({ force = false } = {}): Promise<RatesRefreshOutcome> => {
    try {
      if (!force) {
        const last = await lastRatesImport(db);
        if (last && Date.now() - last.getTime() < intervalMs) return 'up-to-date';
      }
      // Long enough for the fetch and the write; a server that dies holding it blocks the others only that long.
      if (!(await acquireLease(db, leaseName, holder, timeoutMs * 3))) return 'elsewhere';
    } catch (error) {
      log(
        `Exchange-rate refresh skipped: the database did not answer (${error instanceof Error ? error.message : String(error)}).`,
      );
      return 'failed';
    }
    try {
      return await importNow();
    } finally {
      await releaseLease(db, leaseName, holder).catch(() => undefined);
    }
  };

  const first = refresh();
  const timer = setInterval(() => void refresh(), checkEveryMs);
  timer.unref();
  return { first, refresh, stop: () => clearInterval(timer) };
}

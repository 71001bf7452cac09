import { existsSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import type { Row } from './table';

export interface OfflinePaintReport {
  trip: string;
  runs: number;
  /** Reload of My Trips until the current trip's name is painted, with the network (ms). */
  onlineMs: number[];
  /** The same without a network: the service worker's app shell and the persisted query cache. */
  offlineMs: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Time to the current trip's first paint on My Trips, offline beside online: the demo traveller
 * visits My Trips once online (the service worker installs, the query cache is saved), then each
 * run reloads the page and times from navigation start until the trip's name is painted.
 */
export async function benchOfflinePaint(
  baseUrl: string,
  cookie: string,
  { runs = 5, chromePath = '/usr/lib/chromium/chromium-headless-shell' }: { runs?: number; chromePath?: string } = {},
): Promise<OfflinePaintReport> {
  if (!existsSync(chromePath))
    throw new Error(`Chromium not found at ${chromePath}: install it with \`bash scripts/ensure-chromium.sh\``);
  const current = (await (await fetch(`${baseUrl}/api/trips/current`, { headers: { cookie } })).json()) as {
    title?: string;
  };
  if (!current.title) throw new Error('The demo traveller has no current trip');
  const trip = current.title;
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1280, height: 800 } });
    const url = new URL(baseUrl);
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: url.hostname, path: '/' };
      }),
    );
    const page = await context.newPage();
    const name = page.getByRole('heading', { name: trip }).first();
    await page.goto(`${baseUrl}/my-trips`);
    await name.waitFor({ timeout: 60_000 });
    // Page scripts as text: the bench is compiled without the DOM's types.
    await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
    // The offline copy is written a moment after the data arrives (throttled): wait until it holds the trip.
    await page.waitForFunction(
      `new Promise((resolve) => {
        const open = indexedDB.open('naav-offline');
        open.onupgradeneeded = () => open.result.createObjectStore('query-cache');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const all = open.result.transaction('query-cache', 'readonly').objectStore('query-cache').getAll();
          all.onsuccess = () => { open.result.close(); resolve(all.result.join('\\n').includes(${JSON.stringify(trip)})); };
          all.onerror = () => resolve(false);
        };
      })`,
      undefined,
      { timeout: 30_000, polling: 500 },
    );

    const timeReload = async (p: Page) => {
      await p.reload({ waitUntil: 'commit' });
      await name.waitFor({ timeout: 60_000 });
      return Math.round(await p.evaluate<number>('performance.now()'));
    };
    const onlineMs: number[] = [];
    const offlineMs: number[] = [];
    // Alternated, so a busy moment of the machine weighs on both alike.
    for (let run = 0; run < runs; run++) {
      await context.setOffline(false);
      onlineMs.push(await timeReload(page));
      await context.setOffline(true);
      offlineMs.push(await timeReload(page));
    }
    await context.setOffline(false);
    return { trip, runs, onlineMs, offlineMs };
  } finally {
    await browser.close();
  }
}

export function offlinePaintRows(report: OfflinePaintReport): Row[] {
  const range = (values: number[]) => `${median(values)} ms (${Math.min(...values)}–${Math.max(...values)})`;
  return [
    {
      metric: `current trip's first paint on My Trips, online, median (range) of ${report.runs}`,
      value: range(report.onlineMs),
    },
    {
      metric: `current trip's first paint on My Trips, offline, median (range) of ${report.runs}`,
      value: range(report.offlineMs),
    },
    {
      metric: 'offline ÷ online (first paint of the current trip)',
      value: `${(median(report.offlineMs) / median(report.onlineMs)).toFixed(2)}×`,
    },
  ];
}

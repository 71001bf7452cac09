import type { Database } from '@naav/db';
import { exchangeRateTables } from '@naav/db/schema';
import { expenseCurrencies, type ExpenseCurrency } from '@naav/schemas/budget';
import { desc, sql } from 'drizzle-orm';
import { qualified } from '../../lib/qualified';

/**
 * Reference exchange rates: units of each currency per 1 euro, as the European Central
 * Bank publishes them, with the day they are for. The table below ships with the app so
 * that everything works offline; a server with RATES_URL imports a new one daily into the
 * database (see apps/server/src/rates-refresh.ts), and every server uses the newest stored
 * table, so they all freeze the same rates into new expenses.
 */
export interface RateTable {
  /** YYYY-MM-DD: the day the rates are for. */
  date: string;
  /** Units per 1 EUR; EUR itself is 1. Every supported currency is present. */
  perEuro: Record<ExpenseCurrency, number>;
}

/**
 * The ECB does not quote the UAE dirham; it is pegged to the US dollar at 3.6725 AED per
 * USD, so its euro rate follows from the dollar's.
 */
const aedPerUsd = 3.6725;

export const embeddedRates: RateTable = {
  date: '2025-11-21',
  perEuro: {
    EUR: 1,
    USD: 1.1525,
    GBP: 0.8804,
    JPY: 181.2,
    CAD: 1.6264,
    AUD: 1.7873,
    CHF: 0.9304,
    CNY: 8.1992,
    INR: 102.81,
    MXN: 21.319,
    SGD: 1.5063,
    NZD: 2.0606,
    THB: 37.441,
    AED: Math.round(1.1525 * aedPerUsd * 10_000) / 10_000,
    BRL: 6.2077,
  },
};

/**
 * The newest stored table as one JSON text (`{date, perEuro}`), or null when none is stored:
 * a scalar subquery, so a query that reads a trip can read the rates in the same round trip.
 */
const stored = qualified(exchangeRateTables);
export const storedRatesSql = sql<
  string | null
>`(SELECT json_object('date', ${stored.date}, 'perEuro', json(${stored.perEuro})) FROM ${exchangeRateTables} ORDER BY ${stored.date} DESC LIMIT 1)`;

/**
 * The table in use, from what storedRatesSql read: the newest stored one, or the shipped one
 * when nothing newer is stored (a new release may ship a newer table than an old import).
 */
export function rateTableFrom(stored: string | null | undefined): RateTable {
  if (!stored) return embeddedRates;
  const table = JSON.parse(stored) as RateTable;
  return table.date > embeddedRates.date ? table : embeddedRates;
}

/** The table in use now (one query). */
export async function readRateTable(db: Database): Promise<RateTable> {
  const [row] = await db
    .select({ date: exchangeRateTables.date, perEuro: exchangeRateTables.perEuro })
    .from(exchangeRateTables)
    .orderBy(desc(exchangeRateTables.date))
    .limit(1);
  return row && row.date > embeddedRates.date ? row : embeddedRates;
}

/** Keeps an imported table (a second import for the same day replaces the first). */
export async function storeRateTable(db: Database, table: RateTable, source: string, now = new Date()): Promise<void> {
  await db
    .insert(exchangeRateTables)
    .values({ date: table.date, perEuro: table.perEuro, source, importedAt: now })
    .onConflictDoUpdate({ target: exchangeRateTables.date, set: { perEuro: table.perEuro, source, importedAt: now } });
}

/** When the newest import happened (whatever day its rates are for), or null before the first. */
export async function lastRatesImport(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: exchangeRateTables.importedAt })
    .from(exchangeRateTables)
    .orderBy(desc(exchangeRateTables.importedAt))
    .limit(1);
  return row?.at ?? null;
}

/** Units of `to` per 1 unit of `from`, through the euro; rounded to 8 significant digits. */
export function crossRate(table: RateTable, from: ExpenseCurrency, to: ExpenseCurrency): number {
  if (from === to) return 1;
  return Number((table.perEuro[to] / table.perEuro[from]).toPrecision(8));
}

/** `{ base, date, rates }`: 1 base = rates[code] code, for every supported currency (the base itself is 1). */
export function ratesFor(table: RateTable, base: ExpenseCurrency) {
  const rates = Object.fromEntries(expenseCurrencies.map((code) => [code, crossRate(table, base, code)])) as Record<
    ExpenseCurrency,
    number
  >;
  return { base, date: table.date, rates };
}

/**
 * Converts minor units with a rate (target units per source unit), rounded to whole minor units
 * (§9), halves away from zero as SQLite's round does, so a refund converts to minus its expense.
 */
export const convertMinor = (amount: number, rate: number): number => {
  const converted = Math.sign(amount * rate) * Math.round(Math.abs(amount * rate));
  return converted === 0 ? 0 : converted;
};

/**
 * Reads a provider's answer: the ECB's daily XML (eurofxref-daily.xml) or a Frankfurter-style
 * JSON `{ base, date, rates }` (any base among the supported currencies). Returns the table
 * or throws saying what is wrong; a table missing any supported currency is refused, so a
 * partial answer never replaces a complete one.
 */
export function parseRateFeed(body: string): RateTable {
  const text = body.trim();
  let date: string | undefined;
  let base = 'EUR';
  const raw: Record<string, number> = {};
  if (text.startsWith('<')) {
    date = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]/.exec(text)?.[1];
    for (const m of text.matchAll(/<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([0-9.]+)['"]/g))
      raw[m[1]!] = Number(m[2]);
  } else {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error('the answer is neither ECB XML nor JSON');
    }
    const obj = json as { base?: unknown; date?: unknown; rates?: unknown };
    if (typeof obj.base === 'string') base = obj.base.toUpperCase();
    if (typeof obj.date === 'string') date = obj.date;
    if (!obj.rates || typeof obj.rates !== 'object') throw new Error('the JSON has no "rates" object');
    for (const [code, value] of Object.entries(obj.rates as Record<string, unknown>))
      if (typeof value === 'number') raw[code.toUpperCase()] = value;
  }
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
    throw new Error('the answer has no valid date');
  raw[base] = 1;
  if (raw.AED === undefined && raw.USD !== undefined) raw.AED = raw.USD * aedPerUsd;
  const perBase = raw[base];
  const euroPerBase = raw.EUR;
  if (!perBase || !euroPerBase) throw new Error(`the answer has no rate for EUR against ${base}`);
  const perEuro = {} as Record<ExpenseCurrency, number>;
  const missing: string[] = [];
  for (const code of expenseCurrencies) {
    const value = raw[code];
    if (value === undefined || !Number.isFinite(value) || value <= 0) missing.push(code);
    else perEuro[code] = Number((value / euroPerBase).toPrecision(10));
  }
  if (missing.length) throw new Error(`the answer has no usable rate for ${missing.join(', ')}`);
  perEuro.EUR = 1;
  return { date, perEuro };
}

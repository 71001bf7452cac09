import { createClient } from '@libsql/client';
import type { Row } from './table';

/**
 * The budget tracker at scale: a trip with 100,000 expenses over the 15 currencies. Times
 * the budget summary and the first page of a filtered list over HTTP, one request at a
 * time, beside a plain SELECT count(*) over the same rows in-process (the floor: no HTTP,
 * no JSON, no grouping).
 */
export interface BudgetReport {
  expenses: number;
  summary: Percentiles;
  filteredPage: Percentiles;
  countFloor: Percentiles;
}
interface Percentiles {
  p50: number;
  p99: number;
}

const currencies = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'INR', 'MXN', 'SGD', 'NZD', 'THB', 'AED', 'BRL'];
const tripId = 'trip-lisbon';
export const budgetTargetMs = 100;

const percentiles = (samples: number[]): Percentiles => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
};

async function time(runs: number, call: () => Promise<unknown>): Promise<Percentiles> {
  for (let i = 0; i < 10; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

/** Loads the expenses straight into the server's database file (the server keeps running; WAL lets both write). */
async function loadExpenses(databaseUrl: string, count: number): Promise<void> {
  const client = createClient({ url: databaseUrl });
  await client.execute('PRAGMA busy_timeout = 5000');
  const today = Date.now();
  const columns = 'id, tripId, title, amount, currency, categoryId, date, location, isReimbursable, rateToBase, rateIsManual, amountBase, createdAt, updatedAt';
  const batch = 1000;
  for (let start = 0; start < count; start += batch) {
    const values: string[] = [];
    const args: (string | number | null)[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const amount = 100 + ((i * 7919) % 50_000);
      const rate = 0.5 + (i % 15) / 10;
      values.push('(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)');
      args.push(
        `bench-expense-${i}`,
        tripId,
        `Bench expense ${i} ${i % 3 === 0 ? 'taxi' : 'dinner'}`,
        amount,
        currencies[i % currencies.length]!,
        i % 10 === 0 ? null : (i % 9) + 1,
        new Date(today - (i % 365) * 86_400_000).toISOString().slice(0, 10),
        i % 4 === 0 ? 'Lisbon' : null,
        i % 5 === 0 ? 1 : 0,
        rate,
        Math.round(amount * rate),
        today,
        today,
      );
    }
    await client.execute({ sql: `INSERT INTO expenses (${columns}) VALUES ${values.join(',')}`, args });
  }
  // Written in bulk, around the API: rebuild the trip's running sums as the API keeps them.
  await client.batch(
    [
      { sql: 'DELETE FROM expense_totals WHERE tripId = ?', args: [tripId] },
      {
        sql: `INSERT INTO expense_totals (tripId, categoryId, currency, count, amount, amountBase)
              SELECT tripId, coalesce(categoryId, 0), currency, count(*), sum(amount), sum(amountBase) FROM expenses WHERE tripId = ?
              GROUP BY tripId, coalesce(categoryId, 0), currency`,
        args: [tripId],
      },
    ],
    'write',
  );
  await client.execute('ANALYZE');
  client.close();
}

export async function benchBudget(baseUrl: string, cookie: string, databaseUrl: string, count = 100_000, runs = 200): Promise<BudgetReport> {
  console.log(`Budget: loading ${count.toLocaleString('en-US')} expenses over ${currencies.length} currencies…`);
  await loadExpenses(databaseUrl, count);
  const headers = { cookie };
  const get = async (path: string) => {
    const res = await fetch(`${baseUrl}${path}`, { headers }).catch((error: Error) => {
      throw new Error(`GET ${path} failed: ${String((error.cause as Error | undefined)?.message ?? error.message)}`);
    });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return res.json() as Promise<unknown>;
  };
  // The sign-in's keep-alive socket timed out while the rows loaded: the first call may find it closed.
  const summary = (await get(`/api/trips/${tripId}/budget-summary`).catch(() => get(`/api/trips/${tripId}/budget-summary`))) as { expenseCount: number };
  if (summary.expenseCount < count) throw new Error(`the summary counts ${summary.expenseCount} expenses, expected at least ${count}`);
  console.log('Budget: timing the summary, a filtered first page and the count(*) floor…');
  const client = createClient({ url: databaseUrl });
  const report: BudgetReport = {
    expenses: summary.expenseCount,
    summary: await time(runs, () => get(`/api/trips/${tripId}/budget-summary`)),
    filteredPage: await time(runs, () => get(`/api/trips/${tripId}/expenses/page?page=1&pageSize=50&range=month&categoryId=3&q=taxi`)),
    countFloor: await time(runs, () => client.execute({ sql: 'SELECT count(*) FROM expenses WHERE tripId = ?', args: [tripId] })),
  };
  client.close();
  return report;
}

export function budgetRows(r: BudgetReport): Row[] {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const n = r.expenses.toLocaleString('en-US');
  return [
    { metric: `budget summary, ${n} expenses p50`, value: ms(r.summary.p50) },
    { metric: `budget summary, ${n} expenses p99`, value: ms(r.summary.p99), target: `< ${budgetTargetMs} ms`, pass: r.summary.p99 < budgetTargetMs },
    { metric: 'filtered first page p50', value: ms(r.filteredPage.p50) },
    { metric: 'filtered first page p99', value: ms(r.filteredPage.p99), target: `< ${budgetTargetMs} ms`, pass: r.filteredPage.p99 < budgetTargetMs },
    { metric: 'floor: SELECT count(*) p50 / p99', value: `${ms(r.countFloor.p50)} / ${ms(r.countFloor.p99)}` },
  ];
}

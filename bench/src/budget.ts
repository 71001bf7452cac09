import { createClient } from '@libsql/client';
import type { Row } from './table';
import { expenseCurrencies } from '@naav/schemas/budget';

/**
 * The budget tracker and the journal at scale. The trip grows to 1,000, 10,000 and 100,000
 * expenses over the 15 currencies; at each size the first page, the last page (reached by
 * cursor) and a word search are timed over HTTP, one request at a time, so the growth is
 * visible. At 100,000: the budget summary and a filtered first page (that has rows), beside a
 * plain SELECT count(*) over the same rows in-process (the floor: no HTTP, no JSON, no
 * grouping). Then the traveller's journal grows the same way to 1,000, 10,000 and 100,000
 * entries (benchJournal).
 */
export interface BudgetReport {
  expenses: number;
  summary: Percentiles;
  filteredPage: Percentiles;
  /** Rows in the timed filtered page (never 0). */
  filteredRows: number;
  countFloor: Percentiles;
  sizes: {
    expenses: number;
    firstPage: Percentiles;
    lastPage: Percentiles;
    lastPageCounted: Percentiles;
    search: Percentiles;
  }[];
  journal: JournalSize[];
}
interface JournalSize {
  travels: number;
  firstPage: Percentiles;
  deepPage: Percentiles;
  search: Percentiles;
  pins: Percentiles;
  latest: Percentiles;
  overview: Percentiles;
  whole: Percentiles;
  wholeBytes: number;
}
interface Percentiles {
  p50: number;
  p99: number;
}

/** The demo traveller's trip that grows to 100,000 expenses. */
export const tripId = 'trip-lisbon';
const largeExpenses = 100_000;
const largeJournal = 5_000;
const journalSizes = [1_000, 10_000, 100_000];
const budgetTargetMs = 100;

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

/** Loads expenses `from`…`to - 1` straight into the server's database file (the server keeps running; WAL lets both write). */
export async function loadExpenses(databaseUrl: string, from: number, to: number): Promise<void> {
  const client = createClient({ url: databaseUrl });
  await client.execute('PRAGMA busy_timeout = 5000');
  const today = Date.now();
  const columns =
    'id, tripId, title, amount, currency, categoryId, date, location, isReimbursable, rateToBase, rateIsManual, amountBase, createdAt, updatedAt';
  const batch = 1000;
  for (let start = from; start < to; start += batch) {
    const values: string[] = [];
    const args: (string | number | null)[] = [];
    for (let i = start; i < Math.min(to, start + batch); i++) {
      const amount = 100 + ((i * 7919) % 50_000);
      const rate = 0.5 + (i % 15) / 10;
      values.push('(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)');
      args.push(
        `bench-expense-${i}`,
        tripId,
        // Taxis are transport (category 2, i % 9 === 1): the filtered page below finds some.
        `Bench expense ${i} ${i % 9 === 1 ? 'taxi' : 'dinner'}`,
        amount,
        expenseCurrencies[i % expenseCurrencies.length]!,
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

/** Loads journal entries `from`…`to - 1` for the user straight into the database, spread over the map (a place every few degrees). */
async function loadTravels(databaseUrl: string, email: string, from: number, to: number): Promise<void> {
  const client = createClient({ url: databaseUrl });
  await client.execute('PRAGMA busy_timeout = 5000');
  const owner = (await client.execute({ sql: 'SELECT id FROM user WHERE email = ?', args: [email] })).rows[0]?.id;
  if (typeof owner !== 'string') throw new Error(`no user ${email} in the bench database`);
  const day = Date.UTC(2024, 0, 1);
  for (let start = from; start < to; start += 500) {
    const values: string[] = [];
    const args: (string | number)[] = [];
    for (let i = start; i < Math.min(to, start + 500); i++) {
      // Three a day, back from 2024: 100,000 reach back to the 1930s.
      const startDate = new Date(day - Math.floor(i / 3) * 86_400_000).toISOString().slice(0, 10);
      values.push('(?, ?, ?, ?, ?, ?, ?, \'["Old town","Harbour"]\', ?, ?, ?)');
      args.push(
        `bench-travel-${i}`,
        owner,
        `Bench journey ${i}`,
        'Lisbon, Portugal',
        startDate,
        startDate,
        `A ${i % 2 ? 'long' : 'short'} stay.`,
        i % 3 ? '["Solo"]' : '["Family"]',
        ((i * 37) % 140) - 60,
        ((i * 101) % 340) - 170,
      );
    }
    await client.execute({
      sql: `INSERT INTO travels (id, ownerId, title, location, startDate, endDate, description, highlights, tags, latitude, longitude) VALUES ${values.join(',')}`,
      args,
    });
  }
  await client.execute('ANALYZE');
  client.close();
}

/** The large data set without timing anything: the trip at 100,000 expenses and the traveller's journal at 5,000 entries (what Lighthouse audits as "large"). */
export async function loadLargeData(databaseUrl: string, email: string): Promise<void> {
  console.log('Large data: loading 100,000 expenses and 5,000 journal entries…');
  await loadExpenses(databaseUrl, 0, largeExpenses);
  await loadTravels(databaseUrl, email, 0, largeJournal);
}

export async function benchBudget(
  baseUrl: string,
  cookie: string,
  databaseUrl: string,
  email: string,
  count = largeExpenses,
  runs = 200,
): Promise<BudgetReport> {
  const headers = { cookie };
  const get = async (path: string) => {
    const res = await fetch(`${baseUrl}${path}`, { headers }).catch((error: Error) => {
      throw new Error(`GET ${path} failed: ${String((error.cause as Error | undefined)?.message ?? error.message)}`);
    });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return res.json() as Promise<unknown>;
  };
  type Page = { items: unknown[]; total?: number; nextCursor: string | null };
  const expensesPage = (query: string) => get(`/api/trips/${tripId}/expenses/page?${query}`) as Promise<Page>;

  const sizes: BudgetReport['sizes'] = [];
  let loaded = 0;
  for (const size of [1_000, 10_000, count].filter((n) => n <= count)) {
    console.log(`Budget: loading expenses up to ${size.toLocaleString('en-US')}…`);
    await loadExpenses(databaseUrl, loaded, size);
    loaded = size;
    // The sign-in's keep-alive socket timed out while the rows loaded: the first call may find it closed.
    const first = await expensesPage('limit=50').catch(() => expensesPage('limit=50'));
    const total = first.total ?? 0;
    if (total < size) throw new Error(`the list counts ${total} expenses, expected at least ${size}`);
    // The server's own cursor for the last page: the one after the last-but-one numbered page.
    const beforeLast = await expensesPage(`page=${Math.ceil(total / 50) - 1}&pageSize=50`);
    if (!beforeLast.nextCursor) throw new Error('the last-but-one page has no nextCursor');
    // The budget screen pages on without counting again (withTotal=false); the counted line shows what that saves.
    const last = `limit=50&cursor=${beforeLast.nextCursor}&withTotal=false`;
    const lastCounted = `limit=50&cursor=${beforeLast.nextCursor}`;
    if ((await expensesPage(last)).items.length === 0) throw new Error('the last page is empty');
    if ((await expensesPage('limit=50&q=taxi')).items.length === 0) throw new Error('the search finds nothing');
    console.log(`Budget: timing the first page, the last page and a search at ${size.toLocaleString('en-US')}…`);
    sizes.push({
      expenses: total,
      firstPage: await time(runs, () => expensesPage('limit=50')),
      lastPage: await time(runs, () => expensesPage(last)),
      lastPageCounted: await time(runs, () => expensesPage(lastCounted)),
      search: await time(runs, () => expensesPage('limit=50&q=taxi')),
    });
  }

  const summary = (await get(`/api/trips/${tripId}/budget-summary`)) as { expenseCount: number };
  if (summary.expenseCount < count)
    throw new Error(`the summary counts ${summary.expenseCount} expenses, expected at least ${count}`);
  const filtered = 'page=1&pageSize=50&range=month&categoryId=2&q=taxi';
  const filteredRows = (await expensesPage(filtered)).items.length;
  if (filteredRows === 0) throw new Error('the filtered first page has no rows: it would time an empty answer');
  console.log('Budget: timing the summary, a filtered first page and the count(*) floor…');
  const client = createClient({ url: databaseUrl });
  const report = {
    expenses: summary.expenseCount,
    summary: await time(runs, () => get(`/api/trips/${tripId}/budget-summary`)),
    filteredPage: await time(runs, () => expensesPage(filtered)),
    filteredRows,
    countFloor: await time(runs, () =>
      client.execute({ sql: 'SELECT count(*) FROM expenses WHERE tripId = ?', args: [tripId] }),
    ),
    sizes,
  };
  client.close();

  return { ...report, journal: await benchJournal(get, databaseUrl, email, runs) };
}

/**
 * The journal at 1,000, 10,000 and 100,000 entries: what the screens read (the first page with
 * its count, a page at the far end by cursor, a word search, the whole map's pins, the latest
 * three, the count and years) and the whole history integrators stream.
 */
async function benchJournal(
  get: (path: string) => Promise<unknown>,
  databaseUrl: string,
  email: string,
  runs: number,
): Promise<JournalSize[]> {
  type Page = { items: unknown[]; total?: number; nextCursor: string | null };
  const sizes: JournalSize[] = [];
  let loaded = 0;
  for (const size of journalSizes) {
    console.log(`Journal: loading entries up to ${size.toLocaleString('en-US')}…`);
    await loadTravels(databaseUrl, email, loaded, size);
    loaded = size;
    const first = (await get('/api/travels/history/page?limit=50').catch(() =>
      get('/api/travels/history/page?limit=50'),
    )) as Page;
    const total = first.total ?? 0;
    if (total < size) throw new Error(`the journal counts ${total} entries, expected at least ${size}`);
    // The far end: the cursor before the last full page of 200, read by walking the pages as a client would.
    let cursor = first.nextCursor;
    let beforeLast: string | null = null;
    while (cursor) {
      const page = (await get(`/api/travels/history/page?limit=200&withTotal=false&cursor=${cursor}`)) as Page;
      if (page.nextCursor) beforeLast = cursor;
      cursor = page.nextCursor;
    }
    if (!beforeLast) throw new Error('the journal has no page at its far end');
    const deep = `/api/travels/history/page?limit=50&withTotal=false&cursor=${beforeLast}`;
    if (((await get(deep)) as Page).items.length < 50) throw new Error('the page at the far end is not full');
    const search = '/api/travels/history/page?limit=50&q=long';
    if (((await get(search)) as Page).items.length === 0) throw new Error('the search finds nothing');
    console.log(
      `Journal: timing pages, a search, the map, the latest three and the whole history at ${size.toLocaleString('en-US')}…`,
    );
    let bytes = 0;
    sizes.push({
      travels: total,
      firstPage: await time(runs, () => get('/api/travels/history/page?limit=50')),
      deepPage: await time(runs, () => get(deep)),
      search: await time(runs, () => get(search)),
      pins: await time(runs, () => get('/api/travels/history/pins?zoom=0')),
      latest: await time(runs, () => get('/api/travels/history/latest')),
      overview: await time(runs, () => get('/api/travels/history/overview')),
      // Fewer runs: at 100,000 it is tens of megabytes each.
      whole: await time(Math.max(3, Math.min(runs, Math.round(30_000 / size))), async () => {
        const whole = (await get('/api/travels/history')) as unknown[];
        if (whole.length < size)
          throw new Error(`the whole history has ${whole.length} entries, expected at least ${size}`);
        bytes = JSON.stringify(whole).length;
      }),
      wholeBytes: bytes,
    });
  }
  // Back to the large data set's 5,000, which Lighthouse audits next as with --only=lighthouse.
  const client = createClient({ url: databaseUrl });
  await client.execute({
    sql: "DELETE FROM travels WHERE id LIKE 'bench-travel-%' AND CAST(substr(id, 14) AS INTEGER) >= ?",
    args: [largeJournal],
  });
  client.close();
  return sizes;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

/** A p50 / p99 line at one size, its p99 held to the target. */
const targetLine =
  (at: string) =>
  (name: string, p: Percentiles): Row => ({
    metric: `${name}, ${at} p50 / p99`,
    value: `${ms(p.p50)} / ${ms(p.p99)}`,
    target: `p99 < ${budgetTargetMs} ms`,
    pass: p.p99 < budgetTargetMs,
  });

export function budgetRows(r: BudgetReport): Row[] {
  const n = r.expenses.toLocaleString('en-US');
  return [
    { metric: `budget summary, ${n} expenses p50`, value: ms(r.summary.p50) },
    {
      metric: `budget summary, ${n} expenses p99`,
      value: ms(r.summary.p99),
      target: `< ${budgetTargetMs} ms`,
      pass: r.summary.p99 < budgetTargetMs,
    },
    { metric: `filtered first page (${r.filteredRows} rows) p50`, value: ms(r.filteredPage.p50) },
    {
      metric: `filtered first page (${r.filteredRows} rows) p99`,
      value: ms(r.filteredPage.p99),
      target: `< ${budgetTargetMs} ms`,
      pass: r.filteredPage.p99 < budgetTargetMs,
    },
    { metric: 'floor: SELECT count(*) p50 / p99', value: `${ms(r.countFloor.p50)} / ${ms(r.countFloor.p99)}` },
    ...r.sizes.flatMap((s) => {
      const at = `${s.expenses.toLocaleString('en-US')} expenses`;
      const line = targetLine(at);
      return [
        line('expenses first page (cursor)', s.firstPage),
        line('expenses last page (cursor)', s.lastPage),
        {
          metric: `expenses last page (cursor, withTotal=true), ${at} p50 / p99`,
          value: `${ms(s.lastPageCounted.p50)} / ${ms(s.lastPageCounted.p99)}`,
        },
        line('expenses search q=taxi', s.search),
      ];
    }),
    ...r.journal.flatMap((j) => {
      const at = `${j.travels.toLocaleString('en-US')} travels`;
      const line = targetLine(at);
      return [
        line('journal first page of 50 (with count)', j.firstPage),
        line('journal page of 50 at the far end (cursor)', j.deepPage),
        line('journal search q=long', j.search),
        line('journal map pins, whole world', j.pins),
        line('journal latest three', j.latest),
        line('journal count and years', j.overview),
        {
          metric: `journal whole history streamed (${(j.wholeBytes / 1e6).toFixed(1)} MB), ${at} p50 / p99`,
          value: `${ms(j.whole.p50)} / ${ms(j.whole.p99)}`,
        },
      ];
    }),
  ];
}

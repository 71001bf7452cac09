import { selectValues, type Database } from '@naav/db';
import { todayIn } from '@naav/schemas/dates';
import { expenses } from '@naav/db/schema';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, count, inArray, sql, type SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Actor } from '../../context';
import { expenseSchema, type Expense, type ListExpensesInput } from './expenses.schemas';
import {
  expenseListTripSql,
  expenseListVersionSql,
  expensePageJson,
  expenseRowJsonSql,
  lastExpenseOf,
} from './expense-json';
import { CachedExpenseList, expenseListCache, maxCachedListBytes } from './expense-list-cache';
import { filterConditions, listedAfter, listedWhere, listOrder, toExpense, type ExpenseCursor } from './expense-rows';
import { participantsSql } from './expense-shares';
import { ownedTrip, visibleTripIds, type OwnedTrip } from './owned-trip';

/** The expenses this many rows are read per query when every one is answered (the unpaged list and the CSV). */
const expenseStreamPageSize = 500;

/**
 * Every expense of a trip matching the filters, newest first, read page by page after a
 * cursor: the trip is checked here (someone else's throws NOT_FOUND before anything is
 * answered), then each page is one indexed query, and the event loop is handed back between
 * pages so that other requests run while a 100,000-row trip is answered.
 */
export async function openExpenseStream(
  db: Database,
  actor: Actor,
  input: Pick<ListExpensesInput, 'id' | 'range' | 'categoryId' | 'q'>,
  now: Date,
  pageSize = expenseStreamPageSize,
): Promise<{ trip: OwnedTrip; pages: AsyncGenerator<Expense[]> }> {
  const trip = await ownedTrip(db, actor, input.id, undefined, 'view');
  const filters = and(
    inArray(expenses.tripId, visibleTripIds(db, actor)),
    ...filterConditions(trip.id, input, todayIn(trip.timeZone, now)),
  );
  async function* pages() {
    let after: ExpenseCursor | undefined;
    for (;;) {
      const rows = await listedAfter(db, filters, after).limit(pageSize);
      const items = rows.map(toExpense);
      if (items.length > 0) yield items;
      const last = rows.at(-1);
      if (rows.length < pageSize || !last) return;
      after = { date: last.date, createdAt: last.createdAt.getTime(), id: last.id };
      await yieldToEventLoop();
    }
  }
  return { trip, pages: pages() };
}

const dialect = new SQLiteAsyncDialect();

/** Rows per query of the JSON list: bigger pages, fewer queries, still a turn of the event loop between them. */
const expenseJsonPageSize = 1000;

/**
 * The same list as openExpenseStream, as JSON: each page one query whose one row is the page's
 * expenses written as JSON by SQLite and joined by commas (expenseRowJsonSql). Outside
 * production each page is also read as rows and compared with what the output schema answers
 * for them, and a difference throws: the tests see any drift between the two.
 *
 * A list read whole while the trip's version stayed the same (and of at most
 * maxCachedListBytes) is kept, and answered `whole` until the version changes (a change to
 * an expense or its parts) or the participants do (the parts of expenses from before splits).
 */
export async function openExpenseJson(
  db: Database,
  actor: Actor,
  input: Pick<ListExpensesInput, 'id' | 'range' | 'categoryId' | 'q'>,
  now: Date,
  pageSize = expenseJsonPageSize,
): Promise<{ whole: CachedExpenseList } | { pages: AsyncGenerator<string> }> {
  const trip = await ownedTrip(db, actor, input.id, undefined, 'view');
  const today = todayIn(trip.timeZone, now);
  const filters = and(inArray(expenses.tripId, visibleTripIds(db, actor)), ...filterConditions(trip.id, input, today));
  const [[owner, participants, version]] = (await selectValues(
    db,
    dialect.sqlToQuery(expenseListTripSql(trip.id)),
  )) as [[string, string, number]];
  const cache = expenseListCache(db);
  // Not who asks: ownedTrip checked above that they may see the trip, and the list is the same for all who may.
  const key = JSON.stringify([trip.id, owner, participants, input.range, today, input.categoryId, input.q]);
  const cached = cache.get(key);
  if (cached?.version === version) return { whole: cached };
  const rowJson = expenseRowJsonSql({ owner, participants });
  async function* pages() {
    let after: ExpenseCursor | undefined;
    // The pages read so far, while they may still be kept (all read at `version`, small enough).
    let kept: string[] | undefined = [];
    let keptBytes = 0;
    for (;;) {
      const page = db
        .select({ json: rowJson.as('json') })
        .from(expenses)
        .where(listedWhere(filters, after))
        .orderBy(...listOrder)
        .limit(pageSize)
        .as('page');
      // group_concat takes the rows as the subquery's ORDER BY gives them (it runs as a co-routine);
      // checkPage, outside production, compares the order too.
      const query = db
        .select({
          json: sql<string>`group_concat(${page.json}, ',')`,
          n: count(),
          version: expenseListVersionSql(trip.id),
        })
        .from(page);
      const [[json, n, pageVersion]] = (await selectValues(db, query.toSQL())) as [[string | null, number, number]];
      if (pageVersion !== version) kept = undefined;
      const text = json === null ? '' : expensePageJson(json);
      if (text && checked) await checkPage(db, filters, after, pageSize, text);
      if (kept && text) {
        kept.push(text);
        keptBytes += text.length;
        if (keptBytes > maxCachedListBytes) kept = undefined;
      }
      if (n < pageSize) {
        if (kept) cache.set(key, new CachedExpenseList(version, Buffer.from(`[${kept.join(',')}]`)));
        if (text) yield text;
        return;
      }
      yield text;
      const last = lastExpenseOf(text);
      after = { date: last.date, createdAt: Date.parse(last.createdAt), id: last.id };
      await yieldToEventLoop();
    }
  }
  return { pages: pages() };
}

/** Checked against the output schema everywhere but production (tests, development). */
const checked = process.env.NODE_ENV !== 'production';

async function checkPage(
  db: Database,
  filters: SQL | undefined,
  after: ExpenseCursor | undefined,
  pageSize: number,
  text: string,
) {
  const rows = await listedAfter(db, filters, after).limit(pageSize);
  const expected = rows.map((row) => JSON.stringify(expenseSchema.parse(toExpense(row)))).join(',');
  if (text === expected) return;
  let at = 0;
  while (text[at] === expected[at]) at++;
  const around = (json: string) => json.slice(Math.max(0, at - 300), at + 100);
  throw new Error(`The expense list's JSON differs from its schema's at ${at}:\n${around(text)}\n${around(expected)}`);
}

const csvCell = (value: string | number | boolean | null) => {
  if (value === null) return '';
  let text = String(value);
  // A leading = + - @ would make a spreadsheet run the cell as a formula (a number, such as a refund's -12.50, is a number).
  if (typeof value !== 'number' && !/^-\d+(\.\d+)?$/.test(text) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The (filtered) expenses as CSV, one line each, amounts in major units: the header line,
 * then the lines of each page as it is read (see openExpenseStream), every line ending in CRLF.
 */
export async function expensesCsv(
  db: Database,
  actor: Actor,
  input: Pick<ListExpensesInput, 'id' | 'range' | 'categoryId' | 'q'>,
  now: Date,
  pageSize = expenseStreamPageSize,
): Promise<{ fileName: string; chunks: AsyncGenerator<string> }> {
  const { trip, pages } = await openExpenseStream(db, actor, input, now, pageSize);
  const people = new Map(
    (await db.all<{ id: string; name: string }>(participantsSql(trip.id))).map((p) => [p.id, p.name]),
  );
  const nameOf = (id: string) => people.get(id) ?? 'Former participant';
  const header = [
    'Date',
    'Description',
    'Category',
    'Amount',
    'Currency',
    `Amount (${trip.baseCurrency})`,
    'Exchange rate',
    'Payment method',
    'Location',
    'Reimbursable',
    'Notes',
    'Paid by',
    'Shares',
  ];
  const row = (cells: Parameters<typeof csvCell>[0][]) => `${cells.map(csvCell).join(',')}\r\n`;
  const line = (e: Expense) =>
    row([
      e.date,
      e.title,
      e.category?.name ?? '',
      (e.amount / 100).toFixed(2),
      e.currency,
      (e.amountInBase / 100).toFixed(2),
      e.exchangeRate,
      e.paymentMethod,
      e.location,
      e.isReimbursable ? 'yes' : 'no',
      e.notes,
      nameOf(e.paidBy),
      // Each part in the expense's currency: "Alex Morgan 12.50; Sam Rivera 12.50".
      e.shares.map((s) => `${nameOf(s.participantId)} ${(s.amount / 100).toFixed(2)}`).join('; '),
    ]);
  async function* chunks() {
    yield row(header);
    for await (const page of pages) yield page.map(line).join('');
  }
  const slug =
    trip.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'trip';
  return { fileName: `${slug}-expenses.csv`, chunks: chunks() };
}

import { selectValues, type Database } from '@naav/db';
import { todayIn } from '@naav/schemas/dates';
import { expenses } from '@naav/db/schema';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, inArray, type SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Actor } from '../../context';
import type { Expense, ListExpensesInput } from './expenses.schemas';
import { expenseColumnAt, expenseJson } from './expense-json';
import { expenseColumns, filterConditions, listedAfter, toExpense, type ExpenseCursor } from './expense-rows';
import { equalSharesJson, participantIdsSql, participantsSql, storedSharesSql } from './expense-shares';
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
 * The same list as openExpenseStream, as JSON text: each page read as arrays of values (no row
 * objects) and written straight to JSON (expenseJson), the rows of a page joined by commas.
 */
export async function openExpenseJson(
  db: Database,
  actor: Actor,
  input: Pick<ListExpensesInput, 'id' | 'range' | 'categoryId' | 'q'>,
  now: Date,
  pageSize = expenseJsonPageSize,
): Promise<AsyncGenerator<string>> {
  const trip = await ownedTrip(db, actor, input.id, undefined, 'view');
  const filters = and(
    inArray(expenses.tripId, visibleTripIds(db, actor)),
    ...filterConditions(trip.id, input, todayIn(trip.timeZone, now)),
  );
  // The trip's participants read once (for the parts of expenses from before splits), not twice a row in SQL.
  const participants = (await selectValues(db, dialect.sqlToQuery(participantIdsSql(trip.id)))).map(
    ([pid]) => pid as string,
  );
  // The stored parts only: null for an expense from before splits, written below.
  const columns = { ...expenseColumns, shares: storedSharesSql as SQL<string> };
  const [amountAt, paidByAt, sharesAt] = [
    expenseColumnAt('amount'),
    expenseColumnAt('paidBy'),
    expenseColumnAt('shares'),
  ];
  const json = (row: unknown[]) => {
    // An expense from before splits: equal parts among the participants, as sharesSql writes them.
    if (row[sharesAt] === null)
      row[sharesAt] = equalSharesJson(participants, row[amountAt] as number, row[paidByAt] as string);
    return expenseJson(row);
  };
  async function* pages() {
    let after: ExpenseCursor | undefined;
    for (;;) {
      const rows = await selectValues(db, listedAfter(db, filters, after, columns).limit(pageSize).toSQL());
      if (rows.length > 0) yield rows.map(json).join(',');
      const last = rows.at(-1);
      if (rows.length < pageSize || !last) return;
      after = {
        date: last[expenseColumnAt('date')] as string,
        createdAt: Number(last[expenseColumnAt('createdAt')]),
        id: last[expenseColumnAt('id')] as string,
      };
      await yieldToEventLoop();
    }
  }
  return pages();
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

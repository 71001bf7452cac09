// The whole expense list written as JSON by SQLite, a page of rows as one text: the same bytes
// as JSON.stringify(expenseSchema.parse(toExpense(row))) joined by commas, without a value, an
// object or a string per row crossing into JavaScript (those made up most of the list's cost).
import { expenses } from '@naav/db/schema';
import { categoryById } from '@naav/schemas/budget';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { categorySchema } from './expenses.schemas';
import { participantIdsSql, storedSharesSql } from './expense-shares';
import { safeMinorSql, safeRateSql } from './owned-trip';

/** A SQL string literal (for the constants below). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Each category as the answer writes it (the schema's keys, in its order), by id; any other id: null. */
const categorySql = sql.raw(
  `CASE "expenses"."categoryId" ${[...categoryById]
    .map(([id, c]) => `WHEN ${id} THEN ${literal(JSON.stringify(categorySchema.parse(c)))}`)
    .join(' ')} ELSE 'null' END`,
);

/** A timestamp in ms as toISOString writes it (SQLite rounds the seconds to the nearest ms: exact). */
const isoSql = (column: SQLWrapper) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`;

const boolSql = (column: SQLWrapper) => sql`CASE WHEN ${column} = 1 THEN 'true' ELSE 'false' END`;

/** 2^30, and 2^52: scales that move a double's bits without rounding them. */
const [scale, fraction] = [2 ** 30, 2 ** 52];
const rate = safeRateSql(expenses.rateToBase);
/**
 * The rate, for expensePageJson to write: SQLite's own printf and text-to-number conversion
 * are off by a unit in the last place now and then, so the rate is handed over exactly as two
 * integers, `i:f` with rate × 2^30 = i + f / 2^52 (both products exact for a rate of 2^-30 or
 * more; a smaller one, under a billionth, is written with 17 digits).
 */
const rateTokenSql = sql`CASE WHEN ${rate} >= ${sql.raw(String(1 / scale))} THEN
    concat(CAST(${rate} * ${sql.raw(String(scale))}.0 AS INTEGER), ':',
      CAST((${rate} * ${sql.raw(String(scale))}.0 - CAST(${rate} * ${sql.raw(String(scale))}.0 AS INTEGER)) * ${sql.raw(String(fraction))}.0 AS INTEGER))
  ELSE printf('%.17g', ${rate}) END`;

/** What a trip's list reads once: its owner and its participants, and its version (see expenseListTripSql). */
export interface ExpenseListTrip {
  owner: string;
  participants: string;
}

/** The version of a trip's expenses (expense_list_versions; 0 before any change). */
export const expenseListVersionSql = (tripId: string) =>
  sql<number>`coalesce((SELECT version FROM expense_list_versions WHERE tripId = ${tripId}), 0)`;

/** The trip's owner as a participant id, its participant ids as a JSON array and its version, in one row. */
export const expenseListTripSql = (tripId: string) =>
  sql`SELECT (SELECT 'user:' || ownerId FROM trips WHERE id = ${tripId}) AS owner,
    (SELECT json_group_array(pid) FROM (${participantIdsSql(tripId)})) AS participants,
    ${expenseListVersionSql(tripId)} AS version`;

/**
 * The parts of an expense from before splits, as sharesSql writes them: equal parts among the
 * trip's participants rounded toward zero, the rest on the payer. The JSON is the same for
 * every such expense with the same payer but for the two amounts, so it is written once per
 * payer with a control character for each amount (JSON writes those escaped: none occurs
 * otherwise), and SQLite puts each row's amounts in.
 */
function equalSharesSql(participants: string[], payer: SQL): SQL {
  const n = participants.length;
  if (n === 0) return sql`'[]'`;
  const parts = (payerId: string | null) =>
    `[${participants.map((pid) => `{"participantId":${JSON.stringify(pid)},"amount":${pid === payerId ? '\u0002' : '\u0001'}}`).join(',')}]`;
  const byPayer = sql.join(
    participants.map((pid) => sql`WHEN ${pid} THEN ${parts(pid)}`),
    sql` `,
  );
  const amount = safeMinorSql(expenses.amount);
  const count = sql.raw(String(n));
  return sql`replace(replace(CASE ${payer} ${byPayer} ELSE ${parts(null)} END,
    char(1), ${amount} / ${count}), char(2), ${amount} / ${count} + ${amount} % ${count})`;
}

/**
 * One expense as JSON text, in the output schema's key order. `trip.owner` is the trip's owner as
 * a participant id (the payer of an expense from before splits); `trip.participants` the trip's
 * participant ids as a JSON array (participantIdsSql, in its order).
 */
export function expenseRowJsonSql(trip: ExpenseListTrip): SQL<string> {
  const payer = sql`coalesce(${expenses.paidBy}, ${trip.owner})`;
  // concat() writes the row once; a chain of || copies the text so far at each step.
  return sql<string>`concat('{"id":', json_quote(${expenses.id}),
    ',"tripId":', json_quote(${expenses.tripId}),
    ',"title":', json_quote(${expenses.title}),
    ',"amount":', ${safeMinorSql(expenses.amount)},
    ',"currency":', json_quote(${expenses.currency}),
    ',"categoryId":', coalesce(${expenses.categoryId}, 'null'),
    ',"category":', ${categorySql},
    ',"date":', json_quote(${expenses.date}),
    ',"notes":', json_quote(${expenses.notes}),
    ',"paymentMethod":', json_quote(${expenses.paymentMethod}),
    ',"location":', json_quote(${expenses.location}),
    ',"isReimbursable":', ${boolSql(expenses.isReimbursable)},
    ',"exchangeRate":', ${rateTokenSql},
    ',"rateIsManual":', ${boolSql(expenses.rateIsManual)},
    ',"amountInBase":', ${safeMinorSql(expenses.amountBase)},
    ',"createdAt":"', ${isoSql(expenses.createdAt)},
    '","updatedAt":"', ${isoSql(expenses.updatedAt)},
    '","paidBy":', json_quote(${payer}),
    ',"shares":', coalesce(${storedSharesSql}, ${equalSharesSql(JSON.parse(trip.participants) as string[], payer)}), '}')`;
}

const rateJson = new Map<string, string>();

/** A rate as rateTokenSql hands it over, as JSON.stringify writes it. */
function rateOf(token: string): string {
  let json = rateJson.get(token);
  if (json === undefined) {
    const split = token.indexOf(':');
    const value =
      split < 0 ? Number(token) : (Number(token.slice(0, split)) + Number(token.slice(split + 1)) / fraction) / scale;
    json = JSON.stringify(value);
    if (rateJson.size < 10_000) rateJson.set(token, json);
  }
  return json;
}

const rateKey = '"exchangeRate":';

/** A page as SQLite wrote it, each rate then written as JavaScript writes it (see rateTokenSql). */
export function expensePageJson(page: string): string {
  // The key is the schema's own: no text inside a JSON string can hold it, its quotes being escaped there.
  const parts = page.split(rateKey);
  let json = parts[0]!;
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i]!;
    const end = part.indexOf(',');
    json += rateKey + rateOf(part.slice(0, end)) + part.slice(end);
  }
  return json;
}

/**
 * Where a page's cursor is: its last expense's keys. Each expense object starts `{"id":"` (a
 * category's starts `{"id":` and a number; a part's `{"participantId"`), and a `"` inside a
 * string is written `\"`, so the last such text starts the page's last expense.
 */
export function lastExpenseOf(page: string): { date: string; createdAt: string; id: string } {
  return JSON.parse(page.slice(page.lastIndexOf('{"id":"'))) as { date: string; createdAt: string; id: string };
}

// The whole expense list written as JSON straight from the rows' values: the same bytes as
// JSON.stringify(expenseSchema.parse(toExpense(row))), without the objects in between.
import { categoryById } from '@naav/schemas/budget';
import { categorySchema, expenseSchema } from './expenses.schemas';
import { expenseColumns, toExpense, type Row } from './expense-rows';

/** Each category as the answer writes it (the schema's keys, in its order). */
const categoryJson = new Map([...categoryById].map(([id, c]) => [id, JSON.stringify(categorySchema.parse(c))]));

const text = (value: unknown) => JSON.stringify(value as string);
const nullableText = (value: unknown) => (value === null ? 'null' : JSON.stringify(value as string));
/** SQLite's JSON of the parts, written as is when it is plainly the schema's shape (else through JSON.parse). */
const plainShares = /^\[(?:\{"participantId":"[\w:.@-]*","amount":-?\d{1,16}\},?)*\]$/;

/** The order of expenseColumns this writer reads the values in. */
const columns = [
  'id',
  'tripId',
  'title',
  'amount',
  'currency',
  'categoryId',
  'date',
  'notes',
  'paymentMethod',
  'location',
  'isReimbursable',
  'exchangeRate',
  'rateIsManual',
  'amountInBase',
  'createdAt',
  'updatedAt',
  'paidBy',
  'shares',
] as const;
if (Object.keys(expenseColumns).join() !== columns.join())
  throw new Error('expenseColumns changed: expenseJson reads the values in the order of its own list');

/** Where a column's value is in a row of values. */
export const expenseColumnAt = (name: (typeof columns)[number]) => columns.indexOf(name);

/**
 * One row of `expenseColumns`, as arrays of values in that order (selectValues), written as the
 * list answers it. Outside production every row is also checked against the output schema, and
 * a difference throws: the tests see any drift between this and the schema.
 */
export function expenseJson(values: unknown[]): string {
  const [
    id,
    tripId,
    title,
    amount,
    currency,
    categoryId,
    date,
    notes,
    paymentMethod,
    location,
    isReimbursable,
    exchangeRate,
    rateIsManual,
    amountInBase,
    createdAt,
    updatedAt,
    paidBy,
    shares,
  ] = values;
  const sharesJson = plainShares.test(shares as string)
    ? (shares as string)
    : JSON.stringify(JSON.parse(shares as string));
  const json = `{"id":${text(id)},"tripId":${text(tripId)},"title":${text(title)},"amount":${amount as number},"currency":${text(currency)},"categoryId":${categoryId === null ? 'null' : (categoryId as number)},"category":${(categoryId !== null && categoryJson.get(categoryId as number)) || 'null'},"date":${text(date)},"notes":${nullableText(notes)},"paymentMethod":${nullableText(paymentMethod)},"location":${nullableText(location)},"isReimbursable":${Number(isReimbursable) === 1},"exchangeRate":${JSON.stringify(exchangeRate)},"rateIsManual":${Number(rateIsManual) === 1},"amountInBase":${amountInBase as number},"createdAt":"${new Date(createdAt as number).toISOString()}","updatedAt":"${new Date(updatedAt as number).toISOString()}","paidBy":${text(paidBy)},"shares":${sharesJson}}`;
  if (checked) {
    const expected = JSON.stringify(expenseSchema.parse(toExpense(rowOf(values))));
    if (json !== expected) throw new Error(`An expense's JSON differs from its schema's:\n${json}\n${expected}`);
  }
  return json;
}

/** Checked against the schema everywhere but production (tests, development). */
const checked = process.env.NODE_ENV !== 'production';

/** The row object drizzle makes of the same values (the schema check's input). */
function rowOf(values: unknown[]): Row {
  const row = Object.fromEntries(columns.map((name, at) => [name, values[at]]));
  return {
    ...row,
    isReimbursable: Number(row.isReimbursable) === 1,
    rateIsManual: Number(row.rateIsManual) === 1,
    createdAt: new Date(row.createdAt as number),
    updatedAt: new Date(row.updatedAt as number),
  } as Row;
}

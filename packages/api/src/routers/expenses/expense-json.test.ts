import { describe, expect, it } from 'vitest';
import { expenseJson } from './expense-json';
import { equalSharesJson } from './expense-shares';
import { expenseSchema } from './expenses.schemas';
import { toExpense, type Row } from './expense-rows';

/** A row of expenseColumns as values, with `changes` by column position. */
const values = (changes: Record<number, unknown> = {}) => {
  const row: unknown[] = [
    'e1',
    'trip-1',
    'Dinner',
    1250,
    'EUR',
    3,
    '2027-03-04',
    null,
    'card',
    'Lisbon',
    1,
    1.0823,
    0,
    1353,
    1_790_000_000_123,
    1_790_000_100_000,
    'user:u1',
    '[{"participantId":"user:u1","amount":625},{"participantId":"companion:c-1","amount":625}]',
  ];
  for (const [at, value] of Object.entries(changes)) row[Number(at)] = value;
  return row;
};

const viaSchema = (v: unknown[]) => {
  const row = {
    id: v[0],
    tripId: v[1],
    title: v[2],
    amount: v[3],
    currency: v[4],
    categoryId: v[5],
    date: v[6],
    notes: v[7],
    paymentMethod: v[8],
    location: v[9],
    isReimbursable: v[10] === 1,
    exchangeRate: v[11],
    rateIsManual: v[12] === 1,
    amountInBase: v[13],
    createdAt: new Date(v[14] as number),
    updatedAt: new Date(v[15] as number),
    paidBy: v[16],
    shares: v[17],
  } as Row;
  return JSON.stringify(expenseSchema.parse(toExpense(row)));
};

describe('an expense of the whole list, written straight from its values', () => {
  it.each([
    ['a plain row', values()],
    [
      'no category, notes with quotes, a line break and emoji',
      values({ 5: null, 7: 'He said "ok"\n🙂 \u2028', 9: null }),
    ],
    ['a category no longer known', values({ 5: 99 })],
    ['a whole rate, reimbursable and manual', values({ 10: 1, 11: 2, 12: 1 })],
    ['no parts stored', values({ 17: '[]' })],
    ['parts whose ids need escaping', values({ 17: '[{"participantId":"user:\\"x\\"","amount":-3}]' })],
  ])('is the same JSON as the schema answers: %s', (_, row) => {
    expect(expenseJson(row)).toBe(viaSchema(row));
    expect(JSON.parse(expenseJson(row))).toEqual(JSON.parse(viaSchema(row)));
  });

  it('refuses a row the schema refuses, outside production', () => {
    expect(() => expenseJson(values({ 4: 'XYZ' }))).toThrow();
  });
});

describe('equal parts of an expense from before splits, as SQLite divides them', () => {
  it('rounds each part toward zero and puts the rest on the payer', () => {
    expect(JSON.parse(equalSharesJson(['user:a', 'user:b', 'companion:c'], 100, 'user:b'))).toEqual([
      { participantId: 'user:a', amount: 33 },
      { participantId: 'user:b', amount: 34 },
      { participantId: 'companion:c', amount: 33 },
    ]);
    // Integer division and remainder toward zero, as SQLite's / and %.
    expect(JSON.parse(equalSharesJson(['user:a', 'user:b', 'user:c'], -100, 'user:a'))).toEqual([
      { participantId: 'user:a', amount: -34 },
      { participantId: 'user:b', amount: -33 },
      { participantId: 'user:c', amount: -33 },
    ]);
    const big = Number.MAX_SAFE_INTEGER;
    const parts = JSON.parse(
      equalSharesJson(['user:a', 'user:b', 'user:c', 'user:d', 'user:e', 'user:f', 'user:g'], big, 'user:g'),
    ) as { amount: number }[];
    expect(parts.slice(0, 6).every((p) => p.amount === Number((BigInt(big) / 7n).toString()))).toBe(true);
    expect(parts[6]!.amount).toBe(Number((BigInt(big) / 7n + (BigInt(big) % 7n)).toString()));
    expect(equalSharesJson([], 100, 'user:a')).toBe('[]');
  });
});

import { companions, expenseListVersions, expenses, expenseShares, trips } from '@naav/db/schema';
import { gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actors, createSeededDatabase } from '../../testing';
import { openExpenseJson } from './expense-stream.service';
import { expenseSchema } from './expenses.schemas';
import { listedAfter, toExpense } from './expense-rows';
import { expensePageJson, lastExpenseOf } from './expense-json';

const NOW = new Date('2026-03-10T12:00:00Z');
const trip = { id: 'trip-lisbon', range: 'all' as const };

/** Expenses whose JSON is easy to get wrong: escapes, odd rates, categories, times, parts. */
const awkward = [
  { title: 'He said "ok"\n🙂 \u2028 \u0001 \\ tab\t', notes: '{"id":"x","exchangeRate":5}', categoryId: null },
  { title: 'A third', rateToBase: 1 / 3, categoryId: 99, location: "Rua d'Ouro" },
  { title: 'Small rate', currency: 'JPY', rateToBase: 0.000038, amount: 250_000_00 },
  { title: 'Tiny rate', rateToBase: 1e-7, isReimbursable: true, rateIsManual: true },
  { title: 'Big rate', rateToBase: 123_456.789, paymentMethod: 'card' },
  { title: 'Whole rate', rateToBase: 2, amount: -1_000 },
  { title: 'Above the safe range', amount: 2 ** 60, amountBase: -(2 ** 60) },
  { title: 'Odd ms', createdAt: new Date(Date.UTC(2026, 2, 1, 0, 0, 0, 5)), updatedAt: new Date(999) },
  { title: 'Rounded parts', amount: 103, paidBy: 'companion:c-lisbon' },
  { title: 'Stored parts', amount: 100, paidBy: 'user:x"y', shares: ['user:x"y', 'companion:c-lisbon'] },
].map(({ shares, ...e }, i) => ({
  shares,
  row: {
    id: `odd-${i}`,
    tripId: trip.id,
    amount: 1_234,
    currency: 'EUR',
    categoryId: 3,
    date: '2026-03-0' + (1 + (i % 3)),
    rateToBase: 1.0823,
    amountBase: 1_335,
    createdAt: NOW,
    updatedAt: NOW,
    ...e,
  },
}));

type Db = Awaited<ReturnType<typeof createSeededDatabase>>;

async function seeded() {
  const db = await createSeededDatabase(NOW);
  await db.insert(companions).values({ id: 'c-lisbon', tripId: trip.id, name: 'Sam', relationship: 'friend' });
  await db.insert(expenses).values(awkward.map((e) => e.row));
  const parts = awkward.flatMap((e) =>
    (e.shares ?? []).map((participantId, i) => ({ expenseId: e.row.id, participantId, amount: 30 + i * 40 })),
  );
  await db.insert(expenseShares).values(parts);
  return db;
}

/** The list as the output schema answers it, from drizzle's row objects. */
async function viaSchema(db: Awaited<ReturnType<typeof seeded>>) {
  const rows = await listedAfter(db, and(eq(expenses.tripId, trip.id), eq(expenses.kind, 'expense')), undefined);
  return JSON.stringify(rows.map((row) => expenseSchema.parse(toExpense(row))));
}

/** The list's pages as they come, and put together; a kept list is one text. */
async function joined(list: Awaited<ReturnType<typeof openExpenseJson>>) {
  if ('whole' in list) return { texts: [], json: list.whole.json.toString(), whole: true };
  const texts: string[] = [];
  for await (const page of list.pages) texts.push(page);
  return { texts, json: `[${texts.join(',')}]`, whole: false };
}

describe('the whole expense list, written as JSON by SQLite', () => {
  it('is the same bytes as the output schema answers, for every awkward value', async () => {
    const db = await seeded();
    const { json, texts } = await joined(await openExpenseJson(db, actors.traveller, trip, NOW));
    expect(texts).toHaveLength(1);
    expect(json).toBe(await viaSchema(db));
    const odd = (JSON.parse(json) as { id: string; exchangeRate: number; shares: unknown }[]).filter((e) =>
      e.id.startsWith('odd-'),
    );
    expect(odd).toHaveLength(awkward.length);
    expect(odd.find((e) => e.id === 'odd-2')?.exchangeRate).toBe(0.000038);
    expect(json).toContain('"exchangeRate":0.000038,');
    expect(json).toContain('"exchangeRate":1e-7,');
    expect(json).toContain('"createdAt":"2026-03-01T00:00:00.005Z","updatedAt":"1970-01-01T00:00:00.999Z"');
    // Before splits: equal parts among the owner and the four companions, the cents left on the payer.
    expect(odd.find((e) => e.id === 'odd-8')?.shares).toEqual([
      { participantId: 'companion:c-lisbon', amount: 23 },
      ...['jamie', 'lily', 'noah'].map((name) => ({ participantId: `companion:companion-${name}`, amount: 20 })),
      { participantId: 'user:user-traveller', amount: 20 },
    ]);
    expect(odd.find((e) => e.id === 'odd-9')?.shares).toEqual([
      { participantId: 'companion:c-lisbon', amount: 70 },
      { participantId: 'user:x"y', amount: 30 },
    ]);
  });

  it('walks pages by the last expense of each, ties on date and time included', async () => {
    const db = await seeded();
    const { json, texts } = await joined(await openExpenseJson(db, actors.traveller, trip, NOW, 3));
    expect(texts.length).toBeGreaterThan(3);
    expect(json).toBe(await viaSchema(db));
  });

  it('writes 2,000 random rates and times as JavaScript does', async () => {
    const db = await seeded();
    // A fixed sequence: rates of every size the schema allows, with 1 to 17 digits; times to the ms.
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const rows = Array.from({ length: 2_000 }, (_, i) => {
      const digits = 1 + (i % 17);
      const rate = Number((10 ** (random() * 10 - 4)).toPrecision(digits));
      const at = new Date(Math.floor(random() * 4_102_444_800_000));
      return {
        ...awkward[0]!.row,
        id: `random-${i}`,
        title: 'Random',
        notes: null,
        rateToBase: rate,
        createdAt: at,
        updatedAt: at,
      };
    });
    for (let i = 0; i < rows.length; i += 200) await db.insert(expenses).values(rows.slice(i, i + 200));
    const { json } = await joined(await openExpenseJson(db, actors.traveller, trip, NOW));
    expect(json).toBe(await viaSchema(db));
  });

  it('answers an empty list for a filter nothing matches', async () => {
    const db = await seeded();
    const { texts } = await joined(await openExpenseJson(db, actors.traveller, { ...trip, q: 'zzzz' }, NOW));
    expect(texts).toEqual([]);
  });
});

describe('the page helpers', () => {
  it('write each rate as JavaScript does and find the last expense past look-alike text', () => {
    // As rateTokenSql hands a rate over: rate × 2^30 as its integer part and its fraction × 2^52.
    const token = (rate: number) => {
      const scaled = rate * 2 ** 30;
      return `${Math.trunc(scaled)}:${(scaled - Math.trunc(scaled)) * 2 ** 52}`;
    };
    const page = `{"id":"a","category":{"id":3},"exchangeRate":${token(1 / 3)},"notes":"{\\"id\\":\\"b\\"","date":"2026-01-02","createdAt":"x"},{"id":"c","category":null,"notes":"{\\"id\\":\\"d\\"","exchangeRate":${token(0.000038)},"date":"2026-01-01","createdAt":"y"},{"id":"e","exchangeRate":1e-12,"date":"2026-01-01"}`;
    const text = expensePageJson(page);
    expect(text).toContain(`"exchangeRate":${JSON.stringify(1 / 3)},`);
    expect(text).toContain('"exchangeRate":0.000038,');
    expect(text).toContain('"exchangeRate":1e-12,');
    expect(lastExpenseOf(text)).toMatchObject({ id: 'e', date: '2026-01-01' });
    expect(lastExpenseOf(text.slice(0, text.lastIndexOf(',{"id":"e"')))).toMatchObject({ id: 'c', createdAt: 'y' });
  });
});

describe('a whole list read again before it changes', () => {
  const read = async (db: Awaited<ReturnType<typeof seeded>>, filters: Partial<typeof trip> & { q?: string } = {}) =>
    joined(await openExpenseJson(db, actors.traveller, { ...trip, ...filters }, NOW));

  it('is answered from the bytes kept, the same as read, and gzipped once', async () => {
    const db = await seeded();
    const first = await read(db);
    expect(first.whole).toBe(false);
    const again = await openExpenseJson(db, actors.traveller, trip, NOW);
    if (!('whole' in again)) throw new Error('the list read again was not kept');
    expect(again.whole.json.toString()).toBe(first.json);
    expect(gunzipSync(again.whole.gzip()).toString()).toBe(first.json);
    expect(again.whole.gzip()).toBe(again.whole.gzip());
    // Another filter is another list.
    expect((await read(db, { q: 'rate' })).whole).toBe(false);
    expect((await read(db, { q: 'rate' })).whole).toBe(true);
  });

  it.each([
    [
      'an expense added',
      (db: Db) => db.insert(expenses).values({ ...awkward[0]!.row, id: 'new-one', title: 'Late lunch' }),
    ],
    ['an expense changed', (db: Db) => db.update(expenses).set({ title: 'Changed' }).where(eq(expenses.id, 'odd-1'))],
    ['an expense deleted', (db: Db) => db.delete(expenses).where(eq(expenses.id, 'odd-1'))],
    [
      'a part changed',
      (db: Db) => db.update(expenseShares).set({ amount: 55 }).where(eq(expenseShares.expenseId, 'odd-9')),
    ],
    ['a part deleted', (db: Db) => db.delete(expenseShares).where(eq(expenseShares.expenseId, 'odd-9'))],
    [
      'a companion added (the parts of expenses from before splits)',
      (db: Db) => db.insert(companions).values({ id: 'c-new', tripId: trip.id, name: 'Ana', relationship: 'friend' }),
    ],
  ])('is read anew after %s', async (_, change) => {
    const db = await seeded();
    await read(db);
    expect((await read(db)).whole).toBe(true);
    await change(db);
    const after = await read(db);
    expect(after.whole).toBe(false);
    expect(after.json).toBe(await viaSchema(db));
    expect((await read(db)).whole).toBe(true);
  });

  it("counts the trip's changes in the database, and a deleted trip leaves no count behind", async () => {
    const db = await seeded();
    const versionOf = async () =>
      (await db.select().from(expenseListVersions).where(eq(expenseListVersions.tripId, trip.id)))[0]?.version;
    const before = await versionOf();
    await db.update(expenses).set({ title: 'Changed' }).where(eq(expenses.id, 'odd-1'));
    expect(await versionOf()).toBe(before! + 1);
    await db.delete(trips).where(eq(trips.id, trip.id));
    expect(await versionOf()).toBeUndefined();
  });

  it('is not kept when an expense changes while its pages are read', async () => {
    const db = await seeded();
    const list = await openExpenseJson(db, actors.traveller, trip, NOW, 3);
    if (!('pages' in list)) throw new Error('the first read was kept');
    await list.pages.next();
    await db.update(expenses).set({ title: 'Changed meanwhile' }).where(eq(expenses.id, 'odd-1'));
    for await (const _ of list.pages);
    expect((await read(db)).whole).toBe(false);
  });
});

import { expenses } from '@naav/db/schema';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';
import { rangeBounds } from './expense-rows';
import { createExpense } from './expenses.service';
import {
  crossRate,
  embeddedRates,
  parseRateFeed,
  ratesFor,
  readRateTable,
  storeRateTable,
  type RateTable,
} from './rates';

// 12:00 in Lisbon: the demo's Lisbon trip (base EUR, budget 4,500.00) is under way.
const NOW = new Date('2026-03-10T12:00:00Z');
const now = () => NOW;
const TODAY = '2026-03-10';

const traveller = (db: Awaited<ReturnType<typeof createSeededDatabase>>) => callerFor(db, actors.traveller, now);
const body = {
  tripId: 'trip-lisbon',
  title: 'Taxi to the airport',
  amount: 3_550,
  currency: 'EUR' as const,
  categoryId: 2,
  date: TODAY,
  notes: '',
  paymentMethod: '' as const,
  location: '',
  isReimbursable: false,
};
const tripCount = async (db: Awaited<ReturnType<typeof createSeededDatabase>>) =>
  (await db.select({ n: count() }).from(expenses).where(eq(expenses.tripId, 'trip-lisbon')))[0]!.n;

describe('rates', () => {
  it('answers every base with cross rates through the euro, the base itself at 1', () => {
    const usd = ratesFor(embeddedRates, 'USD');
    expect(usd.base).toBe('USD');
    expect(usd.date).toBe(embeddedRates.date);
    expect(Object.keys(usd.rates)).toHaveLength(15);
    expect(usd.rates.USD).toBe(1);
    expect(usd.rates.EUR).toBeCloseTo(1 / embeddedRates.perEuro.USD, 6);
    expect(usd.rates.JPY).toBeCloseTo(embeddedRates.perEuro.JPY / embeddedRates.perEuro.USD, 4);
    // A round trip comes back to 1 (within the rates' precision).
    expect(crossRate(embeddedRates, 'GBP', 'THB') * crossRate(embeddedRates, 'THB', 'GBP')).toBeCloseTo(1, 6);
  });

  it('reads the ECB daily XML, deriving the dirham from its dollar peg', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope><Cube><Cube time='2026-03-09'>
      ${Object.entries(embeddedRates.perEuro)
        .filter(([c]) => c !== 'EUR' && c !== 'AED')
        .map(([c, r]) => `<Cube currency='${c}' rate='${r}'/>`)
        .join('\n')}</Cube></Cube></gesmes:Envelope>`;
    const table = parseRateFeed(xml);
    expect(table.date).toBe('2026-03-09');
    expect(table.perEuro.USD).toBe(embeddedRates.perEuro.USD);
    expect(table.perEuro.AED).toBeCloseTo(embeddedRates.perEuro.USD * 3.6725, 6);
  });

  it('reads a Frankfurter-style JSON on another base and refuses partial or broken answers', () => {
    const usdRates = ratesFor(embeddedRates, 'USD').rates;
    const table = parseRateFeed(JSON.stringify({ base: 'USD', date: '2026-03-09', rates: usdRates }));
    expect(table.perEuro.EUR).toBe(1);
    expect(table.perEuro.JPY).toBeCloseTo(embeddedRates.perEuro.JPY, 2);
    const { BRL: _gone, ...partial } = usdRates;
    expect(() => parseRateFeed(JSON.stringify({ base: 'USD', date: '2026-03-09', rates: partial }))).toThrow(/BRL/);
    expect(() => parseRateFeed('<html>Service unavailable</html>')).toThrow(/date/);
    expect(() => parseRateFeed('not json')).toThrow(/neither/);
  });

  it('uses the newest table stored in the database, or the shipped one while nothing newer is stored', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    expect(await readRateTable(db)).toEqual(embeddedRates);
    // An import older than the shipped table (say, before an upgrade) does not replace it.
    await storeRateTable(
      db,
      { date: '2025-01-02', perEuro: { ...embeddedRates.perEuro, USD: 0.5 } },
      'https://rates.example/daily.xml',
    );
    expect((await caller.budget.rates({ base: 'EUR' })).date).toBe(embeddedRates.date);
    const newer: RateTable = { date: '2026-03-09', perEuro: { ...embeddedRates.perEuro, USD: 1.25 } };
    const newest: RateTable = { date: '2026-03-10', perEuro: { ...embeddedRates.perEuro, USD: 1.5 } };
    // Imported out of order: the day decides, not the order of the imports.
    await storeRateTable(db, newest, 'https://rates.example/daily.xml');
    await storeRateTable(db, newer, 'https://rates.example/daily.xml');
    expect(await readRateTable(db)).toEqual(newest);
    expect(await caller.budget.rates({ base: 'EUR' })).toMatchObject({ date: '2026-03-10', rates: { USD: 1.5 } });
    const expense = await caller.expenses.create({ ...body, currency: 'USD', amount: 1_500 });
    expect(expense).toMatchObject({ exchangeRate: crossRate(newest, 'USD', 'EUR'), amountInBase: 1_000 });
    expect((await caller.budget.summary({ id: 'trip-lisbon' })).ratesDate).toBe('2026-03-10');
  });
});

describe('date filters', () => {
  it.each([
    ['today', '2026-03-10', { from: '2026-03-10', to: '2026-03-10' }],
    ['week', '2026-03-10', { from: '2026-03-04', to: '2026-03-10' }],
    // The week crosses the month and year edges.
    ['week', '2026-03-03', { from: '2026-02-25', to: '2026-03-03' }],
    ['week', '2026-01-02', { from: '2025-12-27', to: '2026-01-02' }],
    // A calendar month back: across the year edge, and from the 31st over a short February.
    ['month', '2026-03-10', { from: '2026-02-11', to: '2026-03-10' }],
    ['month', '2026-01-15', { from: '2025-12-16', to: '2026-01-15' }],
    ['month', '2026-03-31', { from: '2026-03-01', to: '2026-03-31' }],
    ['month', '2024-03-29', { from: '2024-03-01', to: '2024-03-29' }],
  ] as const)('%s around %s', (range, today, bounds) => {
    expect(rangeBounds(range, today)).toEqual(bounds);
  });

  it('lists by range, category and text in SQL, newest first, with pages', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    for (const [date, title] of [
      ['2026-03-04', 'Week edge ferry'],
      ['2026-03-03', 'Just outside the week'],
      ['2026-02-11', 'A month ago'],
      ['2026-02-10', 'Over a month ago'],
      ['2026-03-31', 'Later this month'],
    ] as const) {
      // Most of these fall outside the Lisbon trip's days: entered as confirmed.
      await caller.expenses.create({ ...body, date, title, allowOutsideTrip: true });
    }
    const titles = async (input: object) =>
      (await caller.expenses.list({ id: 'trip-lisbon', ...input })).map((e) => e.title);
    expect(await titles({ range: 'week' })).toContain('Week edge ferry');
    expect(await titles({ range: 'week' })).not.toContain('Just outside the week');
    expect(await titles({ range: 'month' })).toEqual(expect.arrayContaining(['A month ago', 'Just outside the week']));
    expect(await titles({ range: 'month' })).not.toContain('Over a month ago');
    expect(await titles({ range: 'month' })).not.toContain('Later this month');
    expect((await titles({ range: 'today' })).sort()).toEqual(['Azulejo tiles', 'Tram 28 day passes']);
    expect(await titles({ q: 'FERRY' })).toEqual(['Week edge ferry']);
    expect(await titles({ q: '100%' })).toEqual([]);
    expect(await titles({ q: 'belém' })).toEqual(['Pastéis de Belém']);
    expect((await caller.expenses.list({ id: 'trip-lisbon', categoryId: 3 })).every((e) => e.categoryId === 3)).toBe(
      true,
    );

    const all = await titles({});
    const first = await caller.expenses.search({ id: 'trip-lisbon', page: 1, pageSize: 4 });
    const second = await caller.expenses.search({ id: 'trip-lisbon', page: 2, pageSize: 4 });
    expect(first.total).toBe(all.length);
    expect([...first.items, ...second.items].map((e) => e.title)).toEqual(all.slice(0, 8));
    const dates = (await caller.expenses.list({ id: 'trip-lisbon' })).map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('expenses', () => {
  it('stores the documented body with empty texts as null and converts to the trip currency at a frozen rate', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    const created = await caller.expenses.create({ ...body, currency: 'USD', amount: 10_001 });
    const rate = crossRate(embeddedRates, 'USD', 'EUR');
    expect(created).toMatchObject({
      tripId: 'trip-lisbon',
      title: 'Taxi to the airport',
      amount: 10_001,
      currency: 'USD',
      categoryId: 2,
      category: { id: 2, name: 'Transportation' },
      notes: null,
      paymentMethod: null,
      location: null,
      exchangeRate: rate,
      rateIsManual: false,
      amountInBase: Math.round(10_001 * rate),
    });

    // Rates move: the stored expense and the totals do not.
    const before = await caller.budget.summary({ id: 'trip-lisbon' });
    const moved: RateTable = { date: '2026-03-11', perEuro: { ...embeddedRates.perEuro, USD: 2 } };
    // A server imported the next day's table: every server now reads it from the database.
    await storeRateTable(db, moved, 'https://rates.example/daily.xml');
    const after = await caller.budget.summary({ id: 'trip-lisbon' });
    expect(after.totalSpent).toBe(before.totalSpent);
    expect(after.ratesDate).toBe('2026-03-11');
    expect((await caller.expenses.list({ id: 'trip-lisbon', q: 'Taxi' }))[0]!.exchangeRate).toBe(rate);
    // Editing the amount keeps the frozen rate; a new one follows today's rate.
    const edited = await caller.expenses.update({ ...body, id: created.id, currency: 'USD', amount: 20_000 });
    expect(edited.exchangeRate).toBe(rate);
    expect(edited.amountInBase).toBe(Math.round(20_000 * rate));
    const later = await caller.expenses.create({ ...body, currency: 'USD', amount: 20_000 });
    expect(later.amountInBase).toBe(10_000);
  });

  it('takes a manual rate (card fees) and rounds half up to whole minor units', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    const manual = await caller.expenses.create({ ...body, currency: 'GBP', amount: 1_001, exchangeRate: 1.15 });
    expect(manual).toMatchObject({ exchangeRate: 1.15, rateIsManual: true, amountInBase: 1_151 });
    const half = await caller.expenses.create({ ...body, currency: 'GBP', amount: 10, exchangeRate: 1.25 });
    expect(half.amountInBase).toBe(13);
    // In the trip's own currency the rate is 1 whatever is typed.
    const own = await caller.expenses.create({ ...body, amount: 999, exchangeRate: 3 });
    expect(own).toMatchObject({ exchangeRate: 1, rateIsManual: false, amountInBase: 999 });
  });

  it.each([
    [{ amount: -1_000_000_000_001 }, 'amount'],
    [{ amount: 12.5 }, 'amount'],
    [{ amount: '12' }, 'amount'],
    [{ amount: 1_000_000_000_001 }, 'amount'],
    [{ currency: 'XXX' }, 'currency'],
    [{ categoryId: 10 }, 'categoryId'],
    [{ date: '2026-02-30' }, 'date'],
    [{ date: 'yesterday' }, 'date'],
    [{ title: '  ' }, 'title'],
    [{ paymentMethod: 'Barter' }, 'paymentMethod'],
    [{ exchangeRate: 0 }, 'exchangeRate'],
  ])('rejects %o naming %s, storing nothing', async (change, field) => {
    const db = await createSeededDatabase(NOW);
    const before = await tripCount(db);
    const error = await errorOf(traveller(db).expenses.create({ ...body, ...change } as never));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual([field]);
    expect(await tripCount(db)).toBe(before);
  });

  it('refuses a date outside the trip, naming date and storing nothing, unless the traveller confirmed it', async () => {
    // The Lisbon trip runs from 2026-03-08 to 2026-03-14.
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    const before = await tripCount(db);
    for (const date of ['2026-03-07', '2026-03-15', '2023-01-01']) {
      const error = await errorOf(caller.expenses.create({ ...body, date }));
      expect([error.code, invalidFields(error)]).toEqual(['BAD_REQUEST', ['date']]);
      expect(error.message).toBe(
        'date: This date is outside the trip (2026-03-08 to 2026-03-14); send allowOutsideTrip: true to keep it',
      );
    }
    expect(await tripCount(db)).toBe(before);
    // The first and the last day are the trip's.
    expect((await caller.expenses.create({ ...body, date: '2026-03-08' })).date).toBe('2026-03-08');
    expect((await caller.expenses.create({ ...body, date: '2026-03-14' })).date).toBe('2026-03-14');
    const deposit = await caller.expenses.create({
      ...body,
      title: 'Hotel deposit',
      date: '2025-12-01',
      allowOutsideTrip: true,
    });
    expect(deposit.date).toBe('2025-12-01');
    expect(await tripCount(db)).toBe(before + 3);

    // Editing: confirmed once is enough while the date stays; a new date outside is asked again.
    expect(
      (await caller.expenses.update({ ...body, id: deposit.id, title: 'Hotel deposit (50 %)', date: '2025-12-01' }))
        .title,
    ).toBe('Hotel deposit (50 %)');
    expect(
      invalidFields(await errorOf(caller.expenses.update({ ...body, id: deposit.id, date: '2025-11-30' }))),
    ).toEqual(['date']);
    expect(
      invalidFields(await errorOf(caller.expenses.update({ ...body, id: 'expense-lisbon-fado', date: '2026-04-01' }))),
    ).toEqual(['date']);
    expect(
      invalidFields(
        await errorOf(caller.expenses.update({ ...body, id: 'expense-lisbon-fado', tripId: 'trip-kyoto' })),
      ),
    ).toEqual(['date']);
    expect(
      (await caller.expenses.update({ ...body, id: 'expense-lisbon-fado', date: '2026-04-01', allowOutsideTrip: true }))
        .date,
    ).toBe('2026-04-01');
  });

  it('keeps other travellers out: their trip, expense or summary is NOT_FOUND and nothing changes', async () => {
    const db = await createSeededDatabase(NOW);
    const other = callerFor(db, actors.traveller2, now);
    const before = await tripCount(db);
    expect((await errorOf(other.expenses.create(body))).code).toBe('NOT_FOUND');
    expect((await errorOf(other.expenses.update({ ...body, id: 'expense-lisbon-fado' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(other.expenses.delete({ id: 'expense-lisbon-fado' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(other.expenses.list({ id: 'trip-lisbon' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(other.budget.summary({ id: 'trip-lisbon' }))).code).toBe('NOT_FOUND');
    // Moving one's own expense into someone else's trip is refused too.
    const mine = callerFor(db, actors.traveller2, now);
    expect(
      (await errorOf(mine.expenses.update({ ...body, id: 'expense-barcelona-tapas', tripId: 'trip-lisbon' }))).code,
    ).toBe('NOT_FOUND');
    expect(await tripCount(db)).toBe(before);
  });

  it('deletes an expense', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    expect(await caller.expenses.delete({ id: 'expense-lisbon-fado' })).toEqual({
      id: 'expense-lisbon-fado',
      deleted: true,
    });
    expect((await errorOf(caller.expenses.delete({ id: 'expense-lisbon-fado' }))).code).toBe('NOT_FOUND');
  });

  it('creates one expense per idempotency key, even when the retries race', async () => {
    const db = await createSeededDatabase(NOW);
    const before = await tripCount(db);
    const calls = await Promise.all(
      Array.from({ length: 5 }, () =>
        createExpense(
          db,
          actors.traveller,
          {
            ...body,
            exchangeRate: null,
            categoryId: 2,
            notes: null,
            paymentMethod: null,
            location: null,
            allowOutsideTrip: false,
          },
          { now: NOW, idempotencyKey: 'retry-1' },
        ),
      ),
    );
    expect(new Set(calls.map((c) => c.id)).size).toBe(1);
    expect(await tripCount(db)).toBe(before + 1);
    // The key is the caller's own: another traveller's same key is another expense (of theirs).
    const theirs = await createExpense(
      db,
      actors.traveller2,
      {
        ...body,
        tripId: 'trip-barcelona',
        exchangeRate: null,
        categoryId: 2,
        notes: null,
        paymentMethod: null,
        location: null,
        allowOutsideTrip: false,
      },
      { now: NOW, idempotencyKey: 'retry-1' },
    );
    expect(theirs.id).not.toBe(calls[0]!.id);
  });
});

describe('budget', () => {
  it('sums per category and per currency in the base currency, with allocations and what is unallocated', async () => {
    const db = await createSeededDatabase(NOW);
    const summary = await traveller(db).budget.summary({ id: 'trip-lisbon' });
    const list = await traveller(db).expenses.list({ id: 'trip-lisbon' });
    const total = list.reduce((s, e) => s + e.amountInBase, 0);
    expect(summary).toMatchObject({
      baseCurrency: 'EUR',
      budgetTotal: 450_000,
      totalSpent: total,
      expenseCount: list.length,
      currencyCount: 3,
    });
    expect(summary.byCategory.reduce((s, c) => s + c.total, 0)).toBe(total);
    expect(summary.byCurrency.reduce((s, c) => s + c.total, 0)).toBe(total);
    expect(summary.byCategory.find((c) => c.categoryId === 3)).toMatchObject({
      name: 'Food & Dining',
      total: 11_040,
      count: 2,
      budget: 60_000,
    });
    expect(summary).toMatchObject({
      allocated: 210_000,
      unallocated: 240_000,
      remaining: 450_000 - total,
      overBudget: false,
    });
  });

  it('keeps its running sums equal to the expenses through adds, edits, moves, deletes and a new currency', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    const check = async (tripId: string) => {
      const list = await caller.expenses.list({ id: tripId });
      const summary = await caller.budget.summary({ id: tripId });
      expect(summary.totalSpent).toBe(list.reduce((s, e) => s + e.amountInBase, 0));
      expect(summary.expenseCount).toBe(list.length);
      expect(summary.currencyCount).toBe(new Set(list.map((e) => e.currency)).size);
      for (const c of summary.byCurrency) {
        const rows = list.filter((e) => e.currency === c.currency);
        expect(c).toEqual({
          currency: c.currency,
          total: rows.reduce((s, e) => s + e.amountInBase, 0),
          amount: rows.reduce((s, e) => s + e.amount, 0),
          count: rows.length,
        });
      }
      for (const c of summary.byCategory) {
        const rows = list.filter((e) => e.categoryId === c.categoryId);
        expect([c.total, c.count]).toEqual([rows.reduce((s, e) => s + e.amountInBase, 0), rows.length]);
      }
    };
    const a = await caller.expenses.create({ ...body, currency: 'JPY', amount: 150_000, categoryId: null });
    const b = await caller.expenses.create({ ...body, currency: 'USD', amount: 9_999 });
    await check('trip-lisbon');
    await caller.expenses.update({ ...body, id: a.id, currency: 'THB', amount: 42_000, categoryId: 7 });
    await caller.expenses.update({ ...body, id: b.id, tripId: 'trip-kyoto', allowOutsideTrip: true });
    await check('trip-lisbon');
    await check('trip-kyoto');
    await caller.expenses.delete({ id: 'expense-lisbon-tiles' });
    await caller.expenses.delete({ id: a.id });
    await check('trip-lisbon');
    await caller.budget.update({ id: 'trip-lisbon', budgetTotal: 900_000, currency: 'GBP' });
    await check('trip-lisbon');
    expect(
      (await caller.budget.summary({ id: 'trip-lisbon' })).byCategory.find((c) => c.categoryId === 7),
    ).toBeUndefined();
  });

  it('replaces the allocation, refusing more than the budget', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    const set = await caller.budget.setCategoryBudgets({
      id: 'trip-lisbon',
      allocations: [
        { categoryId: 4, amount: 100_000 },
        { categoryId: 1, amount: 200_000 },
      ],
    });
    expect(set).toEqual([
      { categoryId: 1, amount: 200_000 },
      { categoryId: 4, amount: 100_000 },
    ]);
    expect((await caller.budget.summary({ id: 'trip-lisbon' })).unallocated).toBe(150_000);
    const error = await errorOf(
      caller.budget.setCategoryBudgets({ id: 'trip-lisbon', allocations: [{ categoryId: 1, amount: 450_001 }] }),
    );
    expect(invalidFields(error)).toEqual(['allocations']);
    expect(await caller.budget.categoryBudgets({ id: 'trip-lisbon' })).toEqual(set);
    // A yen budget is whole yen (minor units stay hundredths): ¥168,000.50 is refused, nothing stored.
    const yen = await errorOf(caller.budget.update({ id: 'trip-lisbon', budgetTotal: 16_800_050, currency: 'JPY' }));
    expect(invalidFields(yen)).toEqual(['budgetTotal']);
    expect(yen.message).toContain('JPY has no decimals: enter a whole amount');
    expect((await caller.budget.summary({ id: 'trip-lisbon' })).baseCurrency).toBe('EUR');
    // Lowering the budget under the allocation is refused as well.
    expect(
      invalidFields(await errorOf(caller.budget.update({ id: 'trip-lisbon', budgetTotal: 100_000, currency: 'EUR' }))),
    ).toEqual(['budgetTotal']);
  });

  it('goes over budget, and a new currency re-bases every frozen rate once', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    await caller.budget.setCategoryBudgets({ id: 'trip-lisbon', allocations: [] });
    await caller.budget.update({ id: 'trip-lisbon', budgetTotal: 1_000, currency: 'EUR' });
    expect(await caller.budget.summary({ id: 'trip-lisbon' })).toMatchObject({ overBudget: true, budgetTotal: 1_000 });

    const before = await caller.expenses.list({ id: 'trip-lisbon' });
    expect(await caller.budget.update({ id: 'trip-lisbon', budgetTotal: 500_000, currency: 'USD' })).toEqual({
      id: 'trip-lisbon',
      baseCurrency: 'USD',
      budgetTotal: 500_000,
    });
    const after = await caller.expenses.list({ id: 'trip-lisbon' });
    const factor = crossRate(embeddedRates, 'EUR', 'USD');
    for (const e of after) {
      const old = before.find((b) => b.id === e.id)!;
      expect(e.exchangeRate).toBeCloseTo(e.currency === 'USD' ? 1 : old.exchangeRate * factor, 8);
      expect(e.amountInBase).toBe(Math.round(e.amount * e.exchangeRate));
    }
    const summary = await caller.budget.summary({ id: 'trip-lisbon' });
    expect(summary).toMatchObject({ baseCurrency: 'USD', budgetTotal: 500_000, overBudget: false });
  });
});

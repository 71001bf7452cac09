import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, type TestServer } from './harness';
import { json, restError } from './http';

// 12:00 in Lisbon: the demo's Lisbon trip (base EUR) is under way.
const NOW = new Date('2026-03-10T12:00:00Z');

let server: TestServer;
let traveller: string;
let traveller2: string;

const { get, send } = restCalls(
  () => server,
  () => traveller,
);

interface Expense {
  id: string;
  tripId: string;
  title: string;
  amount: number;
  currency: string;
  categoryId: number | null;
  category: { name: string; icon: string; color: string } | null;
  date: string;
  notes: string | null;
  paymentMethod: string | null;
  location: string | null;
  isReimbursable: boolean;
  exchangeRate: number;
  amountInBase: number;
}

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

// The Add Expense dialog's body (§7), with "12.34" typed as the amount.
const expenseBody = {
  tripId: 'trip-lisbon',
  title: 'Sintra palace tickets',
  amount: 1_234,
  currency: 'USD',
  categoryId: 4,
  date: '2026-03-10',
  notes: null,
  paymentMethod: 'Credit Card',
  location: 'Sintra',
  isReimbursable: true,
};

describe('/api/expenses', () => {
  it('POST stores §7 body with a frozen rate, GET /api/trips/{id}/expenses lists it, PUT changes it, DELETE removes it', async () => {
    const created = await json<Expense>(await send('POST', '/api/expenses', expenseBody));
    expect(created).toMatchObject({ ...expenseBody, category: { name: 'Activities' } });
    expect(created.exchangeRate).toBeGreaterThan(0.5);
    expect(created.amountInBase).toBe(Math.round(1_234 * created.exchangeRate));

    const list = await json<Expense[]>(await get('/api/trips/trip-lisbon/expenses'));
    expect(list).toContainEqual(created);

    const updated = await json<Expense>(
      await send('PUT', `/api/expenses/${created.id}`, { ...expenseBody, title: 'Pena Palace tickets', amount: 2_000 }),
    );
    expect(updated).toMatchObject({
      id: created.id,
      title: 'Pena Palace tickets',
      amount: 2_000,
      exchangeRate: created.exchangeRate,
    });

    expect(await json(await send('DELETE', `/api/expenses/${created.id}`))).toEqual({ id: created.id, deleted: true });
    const after = await json<Expense[]>(await get('/api/trips/trip-lisbon/expenses'));
    expect(after.map((e) => e.id)).not.toContain(created.id);
  });

  it('filters and pages on the server', async () => {
    const food = await json<Expense[]>(await get('/api/trips/trip-lisbon/expenses?categoryId=3&range=week'));
    expect(food.map((e) => e.title).sort()).toEqual(['Fado dinner', 'Pastéis de Belém']);
    const page = await json<{ items: Expense[]; total: number }>(
      await get('/api/trips/trip-lisbon/expenses/page?page=1&pageSize=2&q=t'),
    );
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    // A later page by cursor skips the count when told to; without the word it still counts, as before.
    const first = await json<{ nextCursor: string }>(await get('/api/trips/trip-lisbon/expenses/page?limit=2'));
    const counted = await json<{ items: Expense[]; total?: number }>(
      await get(`/api/trips/trip-lisbon/expenses/page?limit=2&cursor=${first.nextCursor}`),
    );
    const uncounted = await json<{ items: Expense[]; total?: number }>(
      await get(`/api/trips/trip-lisbon/expenses/page?limit=2&cursor=${first.nextCursor}&withTotal=false`),
    );
    expect(counted.total).toBeGreaterThan(2);
    expect(uncounted.items).toEqual(counted.items);
    expect('total' in uncounted).toBe(false);
    expect(
      (await restError(await get('/api/trips/trip-lisbon/expenses/page?limit=2&withTotal=0'), 400, 'BAD_REQUEST'))
        .message,
    ).toContain('withTotal');
    const body = await restError(await get('/api/trips/trip-lisbon/expenses?range=year'), 400, 'BAD_REQUEST');
    expect(body.message).toContain('range');
  });

  it('a retried POST with the same Idempotency-Key creates one expense', async () => {
    const headers = { 'idempotency-key': 'dialog-save-7f3a' };
    const first = await json<Expense>(await send('POST', '/api/expenses', expenseBody, traveller, headers));
    const again = await json<Expense>(await send('POST', '/api/expenses', expenseBody, traveller, headers));
    expect(again.id).toBe(first.id);
    const list = await json<Expense[]>(await get('/api/trips/trip-lisbon/expenses'));
    expect(list.filter((e) => e.id === first.id)).toHaveLength(1);
    await send('DELETE', `/api/expenses/${first.id}`);
  });

  it.each([
    [{ amount: -1_000_000_000_001 }, 'amount'],
    [{ amount: 'lots' }, 'amount'],
    [{ amount: 1_000_000_000_001 }, 'amount'],
    [{ currency: 'DOGE' }, 'currency'],
    [{ categoryId: 42 }, 'categoryId'],
    [{ date: '10/03/2026' }, 'date'],
    [{ date: '2026-03-20' }, 'date'],
    [{ date: '2026-03-10', tripId: 'trip-kyoto' }, 'date'],
    [{ title: '' }, 'title'],
  ])('POST %o → 400 naming %s, nothing stored', async (change, field) => {
    const before = (await json<Expense[]>(await get('/api/trips/trip-lisbon/expenses'))).length;
    const body = await restError(
      await send('POST', '/api/expenses', { ...expenseBody, ...change }),
      400,
      'BAD_REQUEST',
    );
    expect(body.message).toContain(field);
    expect(body.issues?.map((i) => i.path.join('.'))).toEqual([field]);
    expect((await json<Expense[]>(await get('/api/trips/trip-lisbon/expenses'))).length).toBe(before);
  });

  it('a date outside the trip is stored with allowOutsideTrip: true, and the flag is not part of the expense', async () => {
    const deposit = { ...expenseBody, title: 'Hotel deposit', date: '2025-12-01' };
    const refused = await restError(await send('POST', '/api/expenses', deposit), 400, 'BAD_REQUEST');
    expect(refused.message).toBe(
      'date: This date is outside the trip (2026-03-08 to 2026-03-14); send allowOutsideTrip: true to keep it',
    );
    const created = await json<Expense>(await send('POST', '/api/expenses', { ...deposit, allowOutsideTrip: true }));
    expect(created).toMatchObject({ title: 'Hotel deposit', date: '2025-12-01' });
    expect(created).not.toHaveProperty('allowOutsideTrip');
    const moved = await restError(
      await send('PUT', `/api/expenses/${created.id}`, { ...deposit, date: '2026-04-01' }),
      400,
      'BAD_REQUEST',
    );
    expect(moved.issues?.map((i) => i.path.join('.'))).toEqual(['date']);
    await send('DELETE', `/api/expenses/${created.id}`);
  });

  it("another traveller's trip or expense is 404, and nothing changes", async () => {
    await restError(await send('POST', '/api/expenses', expenseBody, traveller2), 404, 'NOT_FOUND');
    await restError(
      await send('PUT', '/api/expenses/expense-lisbon-fado', { ...expenseBody, tripId: 'trip-barcelona' }, traveller2),
      404,
      'NOT_FOUND',
    );
    await restError(await send('DELETE', '/api/expenses/expense-lisbon-fado', undefined, traveller2), 404, 'NOT_FOUND');
    await restError(await get('/api/trips/trip-lisbon/expenses', traveller2), 404, 'NOT_FOUND');
    await restError(await get('/api/trips/trip-lisbon/budget-summary', traveller2), 404, 'NOT_FOUND');
    await restError(
      await send('PATCH', '/api/trips/trip-lisbon/budget', { budgetTotal: 1, currency: 'EUR' }, traveller2),
      404,
      'NOT_FOUND',
    );
    await restError(await get('/api/trips/trip-lisbon/expenses.csv', traveller2), 404, 'NOT_FOUND');
    const fado = (await json<Expense[]>(await get('/api/trips/trip-lisbon/expenses'))).find(
      (e) => e.id === 'expense-lisbon-fado',
    );
    expect(fado?.title).toBe('Fado dinner');
  });

  it('signed out is 401', async () => {
    await restError(await get('/api/trips/trip-lisbon/expenses', null), 401, 'UNAUTHORIZED');
    await restError(await get('/api/trips/trip-lisbon/expenses.csv', null), 401, 'UNAUTHORIZED');
  });
});

describe('budget, categories and rates', () => {
  it('GET /api/budget/categories answers the nine categories with icons and colours', async () => {
    const list = await json<{ id: number; name: string; icon: string; color: string }[]>(
      await get('/api/budget/categories'),
    );
    expect(list.map((c) => `${c.id} ${c.name}`)).toEqual([
      '1 Accommodation',
      '2 Transportation',
      '3 Food & Dining',
      '4 Activities',
      '5 Shopping',
      '6 Gifts',
      '7 Health',
      '8 Fees & Tips',
      '9 Other',
    ]);
    expect(list.every((c) => /^#[0-9a-f]{6}$/.test(c.color) && c.icon.length > 0)).toBe(true);
  });

  it('GET /api/currencies/rates?base= answers { base, date, rates } for the 15 currencies', async () => {
    const jpy = await json<{ base: string; date: string; rates: Record<string, number> }>(
      await get('/api/currencies/rates?base=JPY'),
    );
    expect(jpy.base).toBe('JPY');
    expect(jpy.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(jpy.rates).sort()).toEqual([
      'AED',
      'AUD',
      'BRL',
      'CAD',
      'CHF',
      'CNY',
      'EUR',
      'GBP',
      'INR',
      'JPY',
      'MXN',
      'NZD',
      'SGD',
      'THB',
      'USD',
    ]);
    expect(jpy.rates.JPY).toBe(1);
    const body = await restError(await get('/api/currencies/rates?base=XYZ'), 400, 'BAD_REQUEST');
    expect(body.message).toContain('base');
  });

  it('GET /api/trips/{id}/budget-summary sums in the base currency; PATCH /api/trips/{id}/budget sets it', async () => {
    const summary = await json<{
      baseCurrency: string;
      totalSpent: number;
      byCategory: { total: number }[];
      byCurrency: { currency: string }[];
    }>(await get('/api/trips/trip-lisbon/budget-summary'));
    expect(summary.baseCurrency).toBe('EUR');
    expect(summary.byCategory.reduce((s, c) => s + c.total, 0)).toBe(summary.totalSpent);
    expect(summary.byCurrency.map((c) => c.currency).sort()).toEqual(['EUR', 'GBP', 'USD']);

    const updated = await json(
      await send('PATCH', '/api/trips/trip-lisbon/budget', { budgetTotal: 500_000, currency: 'EUR' }),
    );
    expect(updated).toEqual({ id: 'trip-lisbon', baseCurrency: 'EUR', budgetTotal: 500_000 });
    const body = await restError(
      await send('PATCH', '/api/trips/trip-lisbon/budget', { budgetTotal: -5, currency: 'EUR' }),
      400,
      'BAD_REQUEST',
    );
    expect(body.message).toContain('budgetTotal');
  });

  it('PUT /api/trips/{id}/category-budgets replaces the allocation', async () => {
    const set = await json(
      await send('PUT', '/api/trips/trip-lisbon/category-budgets', {
        allocations: [{ categoryId: 2, amount: 40_000 }],
      }),
    );
    expect(set).toEqual([{ categoryId: 2, amount: 40_000 }]);
    expect(await json(await get('/api/trips/trip-lisbon/category-budgets'))).toEqual(set);
  });

  it('GET /api/trips/{id}/expenses.csv answers text/csv of the filtered expenses', async () => {
    const res = await get('/api/trips/trip-lisbon/expenses.csv?categoryId=3');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.csv"/);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Description,Category,Amount,Currency,Amount (EUR),Exchange rate,Payment method,Location,Reimbursable,Notes,Paid by,Shares',
    );
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[1])
        .sort(),
    ).toEqual(['Fado dinner', 'Pastéis de Belém']);
    const bad = await restError(await get('/api/trips/trip-lisbon/expenses.csv?range=decade'), 400, 'BAD_REQUEST');
    expect(bad.message).toContain('range');
  });

  it('the CSV names the payer and each share, and keeps a refund a negative number', async () => {
    const people = await json<{ id: string; name: string }[]>(await get('/api/trips/trip-lisbon/participants'));
    const [alex, second] = [people[0]!, people[1]!];
    const refund = await json<Expense>(
      await send('POST', '/api/expenses', {
        ...expenseBody,
        title: 'Refund: boat tour',
        amount: -3_001,
        paidBy: second.id,
        split: {
          mode: 'exact',
          parts: [
            { participantId: alex.id, value: -2_000 },
            { participantId: second.id, value: -1_001 },
          ],
        },
      }),
    );
    const lines = (await (await get('/api/trips/trip-lisbon/expenses.csv')).text()).trimEnd().split('\r\n');
    const line = lines.find((l) => l.includes('Refund: boat tour'))!;
    expect(line.split(',')[3]).toBe('-30.01');
    const cells = line.split(',');
    expect(cells.at(-2)).toBe(second.name);
    expect(cells.at(-1)!.split('; ').sort()).toEqual([`${alex.name} -20.00`, `${second.name} -10.01`].sort());
    await send('DELETE', `/api/expenses/${refund.id}`);
  });
});

import { snapshotChanges, snapshotDatabase } from '@naav/api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await createTestServer();
  cookie = await server.signIn('traveller@naav.example');
  // Sign-ins hash passwords (scrypt): slow on a busy machine.
}, 60_000);
const { get, send } = restCalls(
  () => server,
  () => cookie,
);

/** Runs the request and proves that the database is exactly as before it. */
async function changesNothing(request: () => Promise<Response>): Promise<Response> {
  const before = await snapshotDatabase(server.db);
  const res = await request();
  expect(snapshotChanges(before, await snapshotDatabase(server.db))).toEqual([]);
  return res;
}

const rawJson = (method: string, path: string, text: string) =>
  server.request(path, {
    method,
    headers: { cookie, origin: testOrigin, 'content-type': 'application/json' },
    body: text,
  });

interface TrpcErrorBody {
  error: { json: { message: string; data: { code: string; issues?: { path: string[]; message: string }[] } } };
}
const trpc = (path: string, input: unknown) =>
  server.request(`/trpc/${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ json: input }),
  });

describe('a JSON body that is not an object', () => {
  for (const text of ['null', '[]', '"text"', '42', 'true', '[{"diets":[]}]']) {
    it(`${text} is 400 naming the body and changes nothing`, async () => {
      for (const [method, path] of [
        ['PUT', '/api/profile/food-preferences'],
        ['POST', '/api/concierge/requests'],
        ['POST', '/api/trips/trip-lisbon/cancel'],
        ['PATCH', '/api/trips/trip-lisbon'],
      ] as const) {
        const body = await restError(await changesNothing(() => rawJson(method, path, text)), 400, 'BAD_REQUEST');
        expect(body).toEqual({
          message: 'body: must be a JSON object',
          code: 'BAD_REQUEST',
          issues: [{ path: ['body'], message: 'must be a JSON object' }],
        });
      }
    });
  }

  it('as a tRPC input is 400 too, and changes nothing', async () => {
    for (const input of [null, [], 'text', 42]) {
      const res = await changesNothing(() => trpc('interests.saveFoodPreferences', input));
      const body = await json<TrpcErrorBody>(res, 400);
      expect(body.error.json.message).toBe('input: must be a JSON object');
    }
    await json(await changesNothing(() => trpc('concierge.createRequest', [])), 400);
  });

  it('the food preferences are still there afterwards', async () => {
    const prefs = await json<{ diets: string[]; allergies: string }>(await get('/api/profile/food-preferences'));
    expect(prefs.diets).toEqual(['vegetarian']);
    expect(prefs.allergies).toMatch(/peanut/i);
  });
});

describe('a NUL character in any string', () => {
  it('is 400 naming the field, in a body, nested or in a query, and changes nothing', async () => {
    const trip = {
      title: 'Lis\u0000bon',
      destination: 'Portugal',
      location: 'Lisbon',
      startDate: '2031-05-01',
      endDate: '2031-05-03',
    };
    let body = await restError(await changesNothing(() => send('POST', '/api/trips', trip)), 400, 'BAD_REQUEST');
    expect(body.issues).toEqual([{ path: ['title'], message: 'must not contain a NUL character (\\u0000)' }]);
    expect(body.message).toBe('title: must not contain a NUL character (\\u0000)');

    const travel = {
      title: 'Walk',
      location: 'Lisbon',
      startDate: '2020-01-01',
      endDate: '2020-01-02',
      highlights: ['Tram', 'Fa\u0000do'],
      tags: [],
    };
    body = await restError(
      await changesNothing(() => send('POST', '/api/travels/history', travel)),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues?.[0]?.path).toEqual(['highlights', '1']);

    body = await restError(
      await changesNothing(() => get('/api/trips/trip-lisbon/expenses?q=taxi%00')),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues?.[0]?.path).toEqual(['q']);
    body = await restError(
      await changesNothing(() => send('PUT', '/api/profile/food-preferences', { diets: [], allergies: 'nuts\u0000' })),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues?.[0]?.path).toEqual(['allergies']);
  });

  it('over tRPC is 400 naming the field', async () => {
    const res = await changesNothing(() => trpc('concierge.send', { message: 'Hello\u0000 there' }));
    const body = await json<TrpcErrorBody>(res, 400);
    expect(body.error.json.message).toBe('message: must not contain a NUL character (\\u0000)');
    expect(body.error.json.data.issues).toEqual([
      { path: ['message'], message: 'must not contain a NUL character (\\u0000)' },
    ]);
  });

  it('in a sign-up is 400 naming the field, and no account is made', async () => {
    const res = await changesNothing(() =>
      send(
        'POST',
        '/api/auth/sign-up/email',
        { name: 'Nul\u0000Name', email: 'nul@example.test', password: 'a-long-enough-password' },
        null,
      ),
    );
    const body = await restError(res, 400, 'BAD_REQUEST');
    expect(body.issues?.[0]?.path).toEqual(['name']);
  });
});

describe('numbers and booleans are not read from strings', () => {
  it('a boolean sent as "false" is 400, not true', async () => {
    const window = { startDate: '2031-01-10', endDate: '2031-01-12', isFlexible: 'false' };
    const body = await restError(
      await changesNothing(() => send('POST', '/api/availability', window)),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues?.map((i) => i.path.join('.'))).toEqual(['isFlexible']);
    // A second call, after the first REST call of the procedure, is no different.
    await restError(await changesNothing(() => send('POST', '/api/availability', window)), 400, 'BAD_REQUEST');
  });

  it('a number sent as text ("1e3", "", "12") is 400 naming the field', async () => {
    const expense = { tripId: 'trip-lisbon', title: 'Taxi', currency: 'EUR', categoryId: 2, date: '2025-06-14' };
    for (const amount of ['1e3', '', '12', ' 7 ']) {
      const body = await restError(
        await changesNothing(() => send('POST', '/api/expenses', { ...expense, amount })),
        400,
        'BAD_REQUEST',
      );
      expect(body.issues?.map((i) => i.path.join('.'))).toEqual(['amount']);
    }
    const request = await changesNothing(() => send('POST', '/api/concierge/requests', { type: 'general', notes: 5 }));
    await restError(request, 400, 'BAD_REQUEST');
  });

  it('where the README says so, a numeric string is still read as its number', async () => {
    const interest = await json<{ categoryId: number }>(
      await send('POST', '/api/interests', { categoryId: '3', name: 'Museums' }),
    );
    expect(interest.categoryId).toBe(3);
    const page = await json<{ pageSize: number; items: unknown[] }>(
      await get('/api/trips/trip-lisbon/expenses/page?categoryId=3&page=1&pageSize=1'),
    );
    expect(page.pageSize).toBe(1);
    expect(page.items).toHaveLength(1);
  });
});

describe('expenses whose amount in the base currency would not fit', () => {
  // The date is not the point here: confirmed outside the trip, wherever the clock stands.
  const expense = {
    tripId: 'trip-lisbon',
    title: 'Villa',
    currency: 'USD',
    categoryId: 1,
    date: '2025-06-14',
    allowOutsideTrip: true,
  };

  it('10^12 at a typed-in rate of 10^6 is 400 naming exchangeRate, and nothing is stored', async () => {
    const res = await changesNothing(() =>
      send('POST', '/api/expenses', { ...expense, amount: 1_000_000_000_000, exchangeRate: 1_000_000 }),
    );
    const body = await restError(res, 400, 'BAD_REQUEST');
    expect(body.issues?.[0]?.path).toEqual(['exchangeRate']);
    expect(body.message).toMatch(/^exchangeRate: makes more than 10\^12 minor units of EUR/);
  });

  it('10^12 at the day’s rate into a weaker base currency is 400 naming amount; an update is bounded too', async () => {
    const created = await json<{ id: string; amountInBase: number }>(
      await send('POST', '/api/expenses', { ...expense, amount: 100_000 }),
    );
    // 10^12 EUR cents are more than 10^12 in a trip counted in EUR only if the rate is above 1: GBP is.
    const res = await changesNothing(() =>
      send('POST', '/api/expenses', { ...expense, currency: 'GBP', amount: 1_000_000_000_000 }),
    );
    expect((await restError(res, 400, 'BAD_REQUEST')).issues?.[0]?.path).toEqual(['amount']);
    const update = await changesNothing(() =>
      send('PUT', `/api/expenses/${created.id}`, { ...expense, amount: 999_999_999_999, exchangeRate: 2 }),
    );
    expect((await restError(update, 400, 'BAD_REQUEST')).issues?.[0]?.path).toEqual(['exchangeRate']);
    // The largest that fits is taken.
    const fits = await json<{ amountInBase: number }>(
      await send('PUT', `/api/expenses/${created.id}`, { ...expense, amount: 500_000_000_000, exchangeRate: 2 }),
    );
    expect(fits.amountInBase).toBe(1_000_000_000_000);
  });
});

describe('the budget paths with out-of-range rows already stored', () => {
  it('list, page, CSV and summary still answer', async () => {
    const own = await createTestServer();
    const ownCookie = await own.signIn('traveller@naav.example');
    const now = Date.now();
    // What an unbounded version stored: 10^12 at 10^6 (10^18 in the base currency), a sum
    // past 2^63 (SQLite turns it into a float), and values no version ever wrote.
    for (const [id, amount, rate, base] of [
      ['expense-huge-1', '1000000000000', '1000000', '1000000000000000000'],
      ['expense-huge-2', '9000000000000000000', '1000000', '9000000000000000000'],
      ['expense-huge-3', '1e300', '1e300', '-1e300'],
    ] as const) {
      await own.db.$client.execute(
        `insert into expenses (id, tripId, title, amount, currency, categoryId, date, rateToBase, rateIsManual, amountBase, isReimbursable, createdAt, updatedAt)
         values ('${id}', 'trip-lisbon', 'Stored before the bounds', ${amount}, 'USD', 1, '2025-06-14', ${rate}, 1, ${base}, 0, ${now}, ${now})`,
      );
    }
    await own.db.$client.execute(`update trips set budgetTotal = 90000000000000000000 where id = 'trip-lisbon'`);
    await own.db.$client.execute(`delete from expense_totals where tripId = 'trip-lisbon'`);
    await own.db.$client.execute(
      `insert into expense_totals (tripId, categoryId, currency, count, amount, amountBase)
       select tripId, coalesce(categoryId, 0), currency, count(*), total(amount), total(amountBase) from expenses where tripId = 'trip-lisbon' group by 1, 2, 3`,
    );
    const read = (path: string) => own.request(path, { headers: { cookie: ownCookie } });

    const list = await json<{ id: string; amount: number; amountInBase: number; exchangeRate: number }[]>(
      await read('/api/trips/trip-lisbon/expenses'),
    );
    const huge = list.find((e) => e.id === 'expense-huge-1');
    expect(huge).toMatchObject({
      amount: 1_000_000_000_000,
      exchangeRate: 1_000_000,
      amountInBase: Number.MAX_SAFE_INTEGER,
    });
    for (const e of list) {
      expect(
        Number.isSafeInteger(e.amount) && Number.isSafeInteger(e.amountInBase) && Number.isFinite(e.exchangeRate),
      ).toBe(true);
    }
    const page = await json<{ total: number }>(await read('/api/trips/trip-lisbon/expenses/page?pageSize=2'));
    expect(page.total).toBe(list.length);
    const csv = await read('/api/trips/trip-lisbon/expenses.csv');
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Stored before the bounds');
    const summary = await json<{ totalSpent: number; budgetTotal: number; remaining: number }>(
      await read('/api/trips/trip-lisbon/budget-summary'),
    );
    expect(Number.isSafeInteger(summary.totalSpent)).toBe(true);
    expect(summary.budgetTotal).toBe(Number.MAX_SAFE_INTEGER);
    expect(Number.isSafeInteger(summary.remaining)).toBe(true);
    // And over tRPC, as the Budget Tracker reads them.
    const trpcSummary = await own.request(
      `/trpc/budget.summary?input=${encodeURIComponent(JSON.stringify({ json: { id: 'trip-lisbon' } }))}`,
      { headers: { cookie: ownCookie } },
    );
    expect(trpcSummary.status).toBe(200);
  });
});

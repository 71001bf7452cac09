import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { json, restError, sendAs } from './http';

const NOW = new Date('2025-06-15T12:00:00Z');
const DAY = '2025-06-15';

interface Participant {
  id: string;
  name: string;
  kind: 'owner' | 'member' | 'companion';
  userId: string | null;
}
interface Balances {
  currency: string;
  balances: { participantId: string; name: string; paid: number; share: number; net: number }[];
  transfers: { from: string; to: string; amount: number }[];
}

let server: TestServer;
let traveller: string;
let traveller2: string;

const send = (method: string, path: string, cookie?: string, body?: unknown) =>
  sendAs(server, method, path, cookie, body);

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

describe('/api/trips/{id}/participants, /balances and /settlements', () => {
  it('lists the participants, splits an expense as sent, answers balances summing to zero, and a settlement clears them', async () => {
    const people = await json<Participant[]>(await send('GET', '/api/trips/trip-lisbon/participants', traveller));
    expect(people[0]).toEqual({
      id: 'user:user-traveller',
      name: 'Alex Morgan',
      kind: 'owner',
      userId: 'user-traveller',
    });
    expect(people.filter((p) => p.kind === 'companion').every((p) => p.id.startsWith('companion:'))).toBe(true);
    const jamie = people.find((p) => p.name === 'Jamie Morgan')!.id;

    const expense = await json<{ paidBy: string; shares: { participantId: string; amount: number }[] }>(
      await send('POST', '/api/expenses', traveller, {
        tripId: 'trip-lisbon',
        title: 'Tram tickets',
        amount: 1_001,
        currency: 'EUR',
        categoryId: 2,
        date: DAY,
        allowOutsideTrip: true,
        paidBy: jamie,
        split: {
          mode: 'exact',
          parts: [
            { participantId: jamie, value: 1 },
            { participantId: 'user:user-traveller', value: 1_000 },
          ],
        },
      }),
    );
    expect(expense.paidBy).toBe(jamie);
    expect(expense.shares).toEqual([
      { participantId: jamie, amount: 1 },
      { participantId: 'user:user-traveller', amount: 1_000 },
    ]);

    const before = await json<Balances>(await send('GET', '/api/trips/trip-lisbon/balances', traveller));
    expect(before.currency).toBe('EUR');
    expect(before.balances.reduce((s, b) => s + b.net, 0)).toBe(0);
    for (const t of before.transfers) {
      await json(
        await send('POST', '/api/trips/trip-lisbon/settlements', traveller, { ...t, currency: 'EUR', date: DAY }),
      );
    }
    const after = await json<Balances>(await send('GET', '/api/trips/trip-lisbon/balances', traveller));
    expect(after.balances.every((b) => b.net === 0)).toBe(true);
    expect(after.transfers).toEqual([]);
  });

  it('is 400 naming the field for a bad split or settlement, 404 for a stranger', async () => {
    const bad = await restError(
      await send('POST', '/api/expenses', traveller, {
        tripId: 'trip-lisbon',
        title: 'Dinner',
        amount: 1_000,
        currency: 'EUR',
        categoryId: 2,
        date: DAY,
        allowOutsideTrip: true,
        split: { mode: 'percent', parts: [{ participantId: 'user:user-traveller', value: 90 }] },
      }),
      400,
      'BAD_REQUEST',
    );
    expect(bad.issues?.map((i) => i.path)).toEqual([['split', 'parts']]);
    const settlement = await restError(
      await send('POST', '/api/trips/trip-lisbon/settlements', traveller, {
        from: 'user:user-traveller',
        to: 'companion:nobody',
        amount: 100,
        currency: 'EUR',
        date: DAY,
      }),
      400,
      'BAD_REQUEST',
    );
    expect(settlement.issues?.map((i) => i.path)).toEqual([['to']]);
    await restError(await send('GET', '/api/trips/trip-lisbon/balances', traveller2), 404, 'NOT_FOUND');
    await restError(await send('GET', '/api/trips/trip-lisbon/participants', traveller2), 404, 'NOT_FOUND');
  });
});

describe('refunds and members of a shared trip over HTTP', () => {
  const expense = (extra: object = {}) => ({
    tripId: 'trip-lisbon',
    title: 'Museum tickets',
    amount: 2_000,
    currency: 'EUR',
    categoryId: 4,
    date: DAY,
    allowOutsideTrip: true,
    ...extra,
  });
  const spent = async () =>
    (await json<{ totalSpent: number }>(await send('GET', '/api/trips/trip-lisbon/budget-summary', traveller)))
      .totalSpent;

  it('POST /api/expenses takes a negative amount as a refund, which lowers the spending and the balances', async () => {
    const before = await spent();
    const refund = await json<{ amount: number; amountInBase: number; shares: { amount: number }[] }>(
      await send('POST', '/api/expenses', traveller, expense({ title: 'Refund: museum', amount: -1_500 })),
    );
    expect(refund.amount).toBe(-1_500);
    expect(refund.shares.reduce((s, p) => s + p.amount, 0)).toBe(-1_500);
    expect(await spent()).toBe(before - 1_500);
    const balances = await json<Balances>(await send('GET', '/api/trips/trip-lisbon/balances', traveller));
    expect(balances.balances.reduce((s, b) => s + b.net, 0)).toBe(0);
  });

  it('a view member reads the expenses and balances and is refused a write (403); as an edit member they add one', async () => {
    const group = await json<{ members: { id: string; email: string }[] }>(
      await send('POST', '/api/family/groups/group-morgan-family/members', traveller, {
        name: 'Sam Rivera',
        email: 'traveller2@naav.example',
        relationship: 'friend',
        permissions: ['view'],
      }),
    );
    const memberId = group.members.find((m) => m.email === 'traveller2@naav.example')!.id;
    await json(await send('PUT', '/api/family/groups/group-morgan-family/trips/trip-lisbon', traveller, {}));

    expect(
      (await json<unknown[]>(await send('GET', '/api/trips/trip-lisbon/expenses', traveller2))).length,
    ).toBeGreaterThan(0);
    await json(await send('GET', '/api/trips/trip-lisbon/balances', traveller2));
    const before = await spent();
    await restError(await send('POST', '/api/expenses', traveller2, expense()), 403, 'FORBIDDEN');
    expect(await spent()).toBe(before);

    await json(
      await send('PATCH', `/api/family/groups/group-morgan-family/members/${memberId}`, traveller, {
        permissions: ['edit'],
      }),
    );
    const added = await json<{ id: string; paidBy: string }>(
      await send('POST', '/api/expenses', traveller2, expense({ title: 'Ice cream' })),
    );
    expect(added.paidBy).toBe('user:user-traveller2');
    expect(await spent()).toBe(before + 2_000);
    await json(await send('DELETE', `/api/expenses/${added.id}`, traveller2));
  });
});

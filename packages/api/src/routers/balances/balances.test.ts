import { expenses, expenseShares } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase, snapshotChanges, snapshotDatabase } from '../../testing';
import { settleUp, splitAmount } from './split';

const NOW = new Date('2026-03-10T12:00:00Z');
const now = () => NOW;
const DAY = '2026-03-10';
const owner = 'user:user-traveller';
const sam = 'user:user-traveller2';
const [jamie, lily, noah] = ['companion:companion-jamie', 'companion:companion-lily', 'companion:companion-noah'];

/** The Lisbon trip (base EUR) with no expenses, shared with Sam (edit), a stranger beside. */
async function setUp(permission: 'edit' | 'view' = 'edit') {
  const db = await createSeededDatabase(NOW);
  await db.delete(expenses).where(eq(expenses.tripId, 'trip-lisbon'));
  const alex = callerFor(db, actors.traveller, now);
  await alex.family.addMember({
    id: 'group-morgan-family',
    name: 'Sam Rivera',
    email: actors.traveller2.email,
    permissions: [permission],
  });
  await alex.family.shareTrip({ id: 'group-morgan-family', tripId: 'trip-lisbon' });
  return { db, alex, sam: callerFor(db, actors.traveller2, now), stranger: callerFor(db, actors.agent, now) };
}

const spend = (amount: number, currency: 'EUR' | 'USD' | 'JPY', extra: object = {}) => ({
  tripId: 'trip-lisbon',
  title: 'Shared',
  amount,
  currency,
  categoryId: 2,
  date: DAY,
  ...extra,
});

describe('splitting an expense', () => {
  it('sums exactly to the amount, the remainder on the payer, refunds the same way', () => {
    const people = [owner, sam, jamie];
    expect(splitAmount(100, sam, people, undefined)).toEqual([
      { participantId: owner, amount: 33 },
      { participantId: sam, amount: 34 },
      { participantId: jamie, amount: 33 },
    ]);
    expect(splitAmount(-100, sam, people, undefined).map((s) => s.amount)).toEqual([-33, -34, -33]);
    const byShares = splitAmount(1_001, owner, people, {
      mode: 'shares',
      parts: [
        { participantId: sam, value: 2 },
        { participantId: owner, value: 1 },
      ],
    });
    expect(byShares).toEqual([
      { participantId: sam, amount: 667 },
      { participantId: owner, amount: 334 },
    ]);
    // Not the payer among the parts: the first part takes the remainder.
    expect(
      splitAmount(10, owner, people, {
        mode: 'percent',
        parts: [
          { participantId: sam, value: 33.5 },
          { participantId: jamie, value: 66.5 },
        ],
      }),
    ).toEqual([
      { participantId: sam, amount: 4 },
      { participantId: jamie, amount: 6 },
    ]);
  });
});

describe('settling up', () => {
  /** The fewest payments by trying every partition into zero-sum groups (independently of the DP). */
  function exhaustiveMinimum(nets: number[]): number {
    const open = nets.filter((n) => n !== 0);
    let best = open.length;
    const search = (rest: number[], groups: number) => {
      if (rest.length === 0) {
        best = Math.min(best, open.length - groups);
        return;
      }
      const [first, ...others] = rest;
      // Every group holding `first`: each subset of the others.
      for (let mask = 0; mask < 1 << others.length; mask++) {
        const inGroup = others.filter((_, i) => mask & (1 << i));
        if (inGroup.reduce((s, n) => s + n, first!) !== 0) continue;
        search(
          others.filter((_, i) => !(mask & (1 << i))),
          groups + 1,
        );
      }
    };
    search(open, 0);
    return best;
  }

  it('finds the minimum for random groups up to 6, and the payments settle everyone', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let round = 0; round < 300; round++) {
      const size = 2 + Math.floor(random() * 5);
      // Small values make zero-sum subgroups common, where greedy would not be enough.
      const nets = Array.from({ length: size - 1 }, () => Math.floor(random() * 9) - 4);
      nets.push(-nets.reduce((s, n) => s + n, 0));
      const transfers = settleUp(new Map(nets.map((n, i) => [`p${i}`, n])));
      expect(transfers.length).toBe(exhaustiveMinimum(nets));
      const left = [...nets];
      for (const t of transfers) {
        expect(t.amount).toBeGreaterThan(0);
        left[Number(t.from.slice(1))]! += t.amount;
        left[Number(t.to.slice(1))]! -= t.amount;
      }
      expect(left.every((n) => n === 0)).toBe(true);
    }
  });

  it('beats greedy where two pairs cancel', () => {
    const nets = new Map([
      ['a', -5],
      ['b', -3],
      ['c', 3],
      ['d', 5],
    ]);
    expect(settleUp(nets)).toHaveLength(2);
  });

  it('on a trip of five with a refund, three currencies and every kind of split: the fewest payments, which clear everyone', async () => {
    const { alex, sam: member } = await setUp();
    const parts = (...values: [string, number][]) => values.map(([participantId, value]) => ({ participantId, value }));
    const added = [
      await alex.expenses.create(
        spend(18_000, 'EUR', {
          paidBy: noah,
          split: { mode: 'shares', parts: parts([owner, 3], [jamie, 2], [sam, 1]) },
        }),
      ),
      await member.expenses.create(
        spend(7_777, 'USD', { split: { mode: 'exact', parts: parts([lily, 2_777], [noah, 3_000], [owner, 2_000]) } }),
      ),
      await alex.expenses.create(
        spend(987_654, 'JPY', { paidBy: lily, split: { mode: 'percent', parts: parts([sam, 12.5], [jamie, 87.5]) } }),
      ),
      // A refund to the companion's card, for three of them.
      await alex.expenses.create(
        spend(-4_321, 'USD', {
          paidBy: jamie,
          split: { mode: 'shares', parts: parts([jamie, 1], [noah, 1], [sam, 2]) },
        }),
      ),
    ];
    for (const e of added) expect(e.shares.reduce((sum, p) => sum + p.amount, 0)).toBe(e.amount);

    const { balances, transfers } = await alex.balances.balances({ id: 'trip-lisbon' });
    expect(balances.map((b) => b.participantId)).toEqual([owner, sam, jamie, lily, noah]);
    expect(balances.reduce((sum, b) => sum + b.net, 0)).toBe(0);
    expect(balances.reduce((sum, b) => sum + b.paid, 0)).toBe(added.reduce((sum, e) => sum + e.amountInBase, 0));
    expect(transfers.length).toBe(exhaustiveMinimum(balances.map((b) => b.net)));
    for (const t of transfers) await member.balances.settle({ id: 'trip-lisbon', ...t, currency: 'EUR', date: DAY });
    const settled = await alex.balances.balances({ id: 'trip-lisbon' });
    expect(settled.balances.map((b) => b.net)).toEqual([0, 0, 0, 0, 0]);
    expect(settled.transfers).toEqual([]);
  });
});

describe('trip balances', () => {
  it('lists the owner, the verified member and the companions with stable ids', async () => {
    const { alex } = await setUp();
    expect(await alex.balances.participants({ id: 'trip-lisbon' })).toEqual([
      { id: owner, name: 'Alex Morgan', kind: 'owner', userId: 'user-traveller' },
      { id: sam, name: 'Sam Rivera', kind: 'member', userId: 'user-traveller2' },
      { id: jamie, name: 'Jamie Morgan', kind: 'companion', userId: null },
      { id: lily, name: 'Lily Morgan', kind: 'companion', userId: null },
      { id: noah, name: 'Noah Morgan', kind: 'companion', userId: null },
    ]);
  });

  it('five people, three currencies, shares, exact amounts and percentages: balances sum to zero and settling clears them', async () => {
    const { alex, sam: member } = await setUp();
    const dinner = await alex.expenses.create(
      spend(12_345, 'EUR', {
        paidBy: sam,
        split: {
          mode: 'shares',
          parts: [
            { participantId: owner, value: 2 },
            { participantId: sam, value: 2 },
            { participantId: jamie, value: 1 },
            { participantId: lily, value: 1 },
            { participantId: noah, value: 1 },
          ],
        },
      }),
    );
    expect(dinner.paidBy).toBe(sam);
    expect(dinner.shares.reduce((s, p) => s + p.amount, 0)).toBe(12_345);
    expect(dinner.shares.find((p) => p.participantId === owner)!.amount).toBe(3_527);
    const tickets = await alex.expenses.create(
      spend(9_999, 'USD', {
        split: {
          mode: 'exact',
          parts: [
            { participantId: owner, value: 5_000 },
            { participantId: jamie, value: 4_999 },
          ],
        },
      }),
    );
    expect(tickets.paidBy).toBe(owner);
    const hotel = await alex.expenses.create(
      spend(1_234_567, 'JPY', {
        paidBy: jamie,
        split: {
          mode: 'percent',
          parts: [
            { participantId: owner, value: 33.3 },
            { participantId: sam, value: 33.3 },
            { participantId: noah, value: 33.4 },
          ],
        },
      }),
    );
    expect(hotel.shares.reduce((s, p) => s + p.amount, 0)).toBe(1_234_567);
    // No payer or split: the caller paid, equal among all five, remainder on the payer.
    const taxi = await alex.expenses.create(spend(1_003, 'EUR'));
    expect(Object.fromEntries(taxi.shares.map((p) => [p.participantId, p.amount]))).toEqual({
      [owner]: 203,
      [sam]: 200,
      [jamie]: 200,
      [lily]: 200,
      [noah]: 200,
    });

    const result = await member.balances.balances({ id: 'trip-lisbon' });
    expect(result.currency).toBe('EUR');
    expect(result.balances).toHaveLength(5);
    expect(result.balances.reduce((s, b) => s + b.net, 0)).toBe(0);
    const spentInBase = dinner.amountInBase + tickets.amountInBase + hotel.amountInBase + taxi.amountInBase;
    expect(result.balances.reduce((s, b) => s + b.paid, 0)).toBe(spentInBase);
    expect(result.balances.reduce((s, b) => s + b.share, 0)).toBe(spentInBase);
    for (const b of result.balances) expect(b.net).toBe(b.paid - b.share);
    expect(result.transfers.length).toBeLessThanOrEqual(4);

    const budgetBefore = await alex.budget.summary({ id: 'trip-lisbon' });
    for (const t of result.transfers)
      await member.balances.settle({ id: 'trip-lisbon', ...t, currency: 'EUR', date: DAY });
    const settled = await alex.balances.balances({ id: 'trip-lisbon' });
    expect(settled.balances.every((b) => b.net === 0)).toBe(true);
    expect(settled.transfers).toEqual([]);
    // Settlements are not spending: the budget and the expense list are unchanged.
    expect(await alex.budget.summary({ id: 'trip-lisbon' })).toEqual(budgetBefore);
    expect(await alex.expenses.list({ id: 'trip-lisbon' })).toHaveLength(4);
  });

  it('refuses bad splits naming the field, storing nothing', async () => {
    const { db, alex } = await setUp();
    const before = await snapshotDatabase(db);
    const refused = async (extra: object) =>
      invalidFields(await errorOf(alex.expenses.create(spend(1_000, 'EUR', extra))));
    const parts = (mode: string, ...values: [string, number][]) => ({
      split: { mode, parts: values.map(([participantId, value]) => ({ participantId, value })) },
    });
    expect(await refused({ paidBy: 'companion:nobody' })).toEqual(['paidBy']);
    expect(await refused(parts('equal', [owner, 1], ['user:user-agent', 1]))).toEqual(['split.parts.1.participantId']);
    expect(await refused(parts('exact', [owner, 600], [sam, 300]))).toEqual(['split.parts']);
    expect(await refused(parts('percent', [owner, 60], [sam, 30]))).toEqual(['split.parts']);
    expect(await refused(parts('shares', [owner, 1], [sam, 0]))).toEqual(['split.parts.1.value']);
    expect(await refused(parts('shares', [owner, -1]))).toEqual(['split.parts.0.value']);
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });

  it('splits expenses from before splits equally, paid by the owner', async () => {
    const { db, alex } = await setUp();
    const taxi = await alex.expenses.create(spend(1_000, 'EUR'));
    // As an expense from before splits is stored: no parts, no payer, nothing left to a payer.
    await db.delete(expenseShares);
    await db.update(expenses).set({ paidBy: null, remainderBase: null }).where(eq(expenses.id, taxi.id));
    const [read] = await alex.expenses.list({ id: 'trip-lisbon' });
    expect(read!.paidBy).toBe(owner);
    expect(read!.shares.map((s) => s.amount)).toEqual([200, 200, 200, 200, 200]);
    const { balances } = await alex.balances.balances({ id: 'trip-lisbon' });
    expect(balances.map((b) => b.net)).toEqual([800, -200, -200, -200, -200]);
  });

  it('view members read, edit members settle, strangers get 404', async () => {
    const { db, sam: viewer, stranger } = await setUp('view');
    expect(await viewer.balances.participants({ id: 'trip-lisbon' })).toHaveLength(5);
    expect((await viewer.balances.balances({ id: 'trip-lisbon' })).transfers).toEqual([]);
    const before = await snapshotDatabase(db);
    const settlement = { id: 'trip-lisbon', from: sam, to: owner, amount: 100, currency: 'EUR' as const, date: DAY };
    expect((await errorOf(viewer.balances.settle(settlement))).code).toBe('FORBIDDEN');
    expect((await errorOf(stranger.balances.settle(settlement))).code).toBe('NOT_FOUND');
    expect((await errorOf(stranger.balances.participants({ id: 'trip-lisbon' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(stranger.balances.balances({ id: 'trip-lisbon' }))).code).toBe('NOT_FOUND');
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });
});

describe('refunds', () => {
  it('a negative expense counts against the spending and against the balances, split like any other', async () => {
    const { alex } = await setUp();
    const before = await alex.budget.summary({ id: 'trip-lisbon' });
    const tickets = await alex.expenses.create(
      spend(10_000, 'EUR', {
        paidBy: sam,
        split: { mode: 'equal', parts: [owner, sam].map((participantId) => ({ participantId, value: 1 })) },
      }),
    );
    // Half the tickets refunded to Sam's card, for both of them.
    const refund = await alex.expenses.create(
      spend(-5_001, 'EUR', {
        title: 'Refund: tickets',
        paidBy: sam,
        split: { mode: 'equal', parts: [owner, sam].map((participantId) => ({ participantId, value: 1 })) },
      }),
    );
    expect(refund.amount).toBe(-5_001);
    expect(refund.amountInBase).toBe(-5_001);
    expect(refund.shares).toEqual([
      { participantId: owner, amount: -2_500 },
      { participantId: sam, amount: -2_501 },
    ]);
    const summary = await alex.budget.summary({ id: 'trip-lisbon' });
    expect(summary.totalSpent - before.totalSpent).toBe(tickets.amountInBase + refund.amountInBase);
    const { balances } = await alex.balances.balances({ id: 'trip-lisbon' });
    const of = (id: string) => balances.find((b) => b.participantId === id)!;
    expect(of(sam)).toMatchObject({ paid: 4_999, share: 2_499, net: 2_500 });
    expect(of(owner)).toMatchObject({ paid: 0, share: 2_500, net: -2_500 });
    expect(balances.reduce((s, b) => s + b.net, 0)).toBe(0);
  });

  it('a refund in another currency converts to minus what the same expense would', async () => {
    const { alex } = await setUp();
    const spent = await alex.expenses.create(spend(1_001, 'USD'));
    const refunded = await alex.expenses.create(spend(-1_001, 'USD'));
    expect(refunded.amountInBase).toBe(-spent.amountInBase);
  });
});

describe('expenses on a shared trip', () => {
  it('edit members add, change and delete expenses; the owner sees them', async () => {
    const { alex, sam: member } = await setUp('edit');
    const added = await member.expenses.create(spend(2_000, 'EUR'));
    expect(added.paidBy).toBe(sam);
    const changed = await member.expenses.update({ ...spend(2_400, 'EUR'), id: added.id });
    expect(changed.amount).toBe(2_400);
    expect((await alex.expenses.list({ id: 'trip-lisbon' })).map((e) => e.id)).toContain(added.id);
    expect((await member.budget.summary({ id: 'trip-lisbon' })).expenseCount).toBeGreaterThan(0);
    // The budget itself stays the owner's.
    expect((await errorOf(member.budget.update({ id: 'trip-lisbon', budgetTotal: 1, currency: 'EUR' }))).code).toBe(
      'FORBIDDEN',
    );
    expect(await member.expenses.delete({ id: added.id })).toEqual({ id: added.id, deleted: true });
  });

  it('view members read the expenses but may not add, change or delete one; strangers get 404', async () => {
    const { db, alex, sam: viewer, stranger } = await setUp('view');
    const taxi = await alex.expenses.create(spend(1_500, 'EUR'));
    expect((await viewer.expenses.list({ id: 'trip-lisbon' })).map((e) => e.id)).toEqual([taxi.id]);
    const before = await snapshotDatabase(db);
    expect((await errorOf(viewer.expenses.create(spend(100, 'EUR')))).code).toBe('FORBIDDEN');
    expect((await errorOf(viewer.expenses.update({ ...spend(100, 'EUR'), id: taxi.id }))).code).toBe('FORBIDDEN');
    expect((await errorOf(viewer.expenses.delete({ id: taxi.id }))).code).toBe('FORBIDDEN');
    expect((await errorOf(stranger.expenses.create(spend(100, 'EUR')))).code).toBe('NOT_FOUND');
    expect((await errorOf(stranger.expenses.update({ ...spend(100, 'EUR'), id: taxi.id }))).code).toBe('NOT_FOUND');
    expect((await errorOf(stranger.expenses.delete({ id: taxi.id }))).code).toBe('NOT_FOUND');
    expect((await errorOf(stranger.expenses.list({ id: 'trip-lisbon' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(stranger.budget.summary({ id: 'trip-lisbon' }))).code).toBe('NOT_FOUND');
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });
});

describe('spending per person', () => {
  it('is each person’s part of the spending, settlements left out, refunds counted against it', async () => {
    const { alex, sam: member } = await setUp();
    await alex.expenses.create(
      spend(9_000, 'EUR', {
        split: { mode: 'equal', parts: [owner, sam, jamie].map((participantId) => ({ participantId, value: 1 })) },
      }),
    );
    await member.expenses.create(
      spend(-3_000, 'EUR', {
        split: { mode: 'equal', parts: [owner, sam].map((participantId) => ({ participantId, value: 1 })) },
      }),
    );
    const before = await member.balances.spending({ id: 'trip-lisbon' });
    const of = (id: string) => before.people.find((p) => p.participantId === id)!;
    expect(of(owner)).toMatchObject({ paid: 9_000, spent: 1_500 });
    expect(of(sam)).toMatchObject({ paid: -3_000, spent: 1_500 });
    expect(of(jamie)).toMatchObject({ paid: 0, spent: 3_000 });
    // The parts add up to what was spent: 90.00 less the 30.00 refund.
    expect(before.people.reduce((s, p) => s + p.spent, 0)).toBe(6_000);
    await alex.balances.settle({
      id: 'trip-lisbon',
      from: jamie,
      to: owner,
      amount: 3_000,
      currency: 'EUR',
      date: DAY,
    });
    expect(await member.balances.spending({ id: 'trip-lisbon' })).toEqual(before);
  });
});

import { storeTripShareAmounts } from '@naav/db';
import { expenses, expenseShares } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2026-03-10T12:00:00Z');
const owner = 'user:user-traveller';
const gone = 'companion:no-longer-on-the-trip';

interface Row {
  id: string;
  amount: number;
  amountBase: number;
  paidBy: string | null;
  kind: 'expense' | 'transfer';
}

/** Each expense worked out on its own, as the balances are defined (the aggregate's reference). */
function reference(
  rows: Row[],
  parts: { expenseId: string; participantId: string; amount: number }[],
  people: string[],
) {
  const totals = new Map<string, { paid: number; share: number }>();
  const add = (pid: string, paid: number, share: number) => {
    const t = totals.get(pid) ?? { paid: 0, share: 0 };
    totals.set(pid, { paid: t.paid + paid, share: t.share + share });
  };
  for (const e of rows) {
    const payer = e.paidBy ?? owner;
    add(payer, e.amountBase, e.amountBase);
    const own = parts.filter((p) => p.expenseId === e.id);
    const split: [string, number][] = own.length
      ? own.map((p) => [p.participantId, e.amount === 0 ? 0 : Math.trunc((e.amountBase * p.amount) / e.amount)])
      : people.map((pid) => [pid, Math.trunc(e.amountBase / people.length)]);
    for (const [pid, amount] of split) {
      add(pid, 0, amount);
      add(payer, 0, -amount);
    }
  }
  return totals;
}

describe('the balances aggregate', () => {
  it('gives what each expense worked out on its own gives: parts, no parts, a former participant, zero, refunds, transfers', async () => {
    const db = await createSeededDatabase(NOW);
    await db.delete(expenses).where(eq(expenses.tripId, 'trip-lisbon'));
    const alex = callerFor(db, actors.traveller, () => NOW);
    // The owner and the seeded companions (Jamie, Lily, Noah).
    const people = (await alex.balances.participants({ id: 'trip-lisbon' })).map((p) => p.id);
    expect(people).toHaveLength(4);

    // A fixed pseudo-random trip: 120 expenses, a few without parts (from before splits).
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const payers = [...people, gone, null];
    const rows: Row[] = [];
    const parts: { expenseId: string; participantId: string; amount: number }[] = [];
    for (let i = 0; i < 120; i++) {
      const amount = i % 17 === 0 ? 0 : (i % 6 === 0 ? -1 : 1) * (1 + next(90_000));
      const rate = [1, 0.0061, 1.0833, 0.857][i % 4]!;
      const row: Row = {
        id: `agg-${i}`,
        amount,
        amountBase: Math.round(amount * rate),
        paidBy: payers[next(payers.length)]!,
        kind: i % 9 === 0 ? 'transfer' : 'expense',
      };
      rows.push(row);
      if (i % 10 === 3) continue;
      // Among some of the people, the former participant sometimes; the last part takes what is left.
      const among = [...people, gone].filter((_, j) => j === 0 || next(3) > 0);
      let left = amount;
      among.forEach((participantId, j) => {
        const part = j === among.length - 1 ? left : Math.trunc(amount / among.length) + next(7) - 3;
        left -= part;
        parts.push({ expenseId: row.id, participantId, amount: part });
      });
    }
    await db.insert(expenses).values(
      rows.map((r, i) => ({
        ...r,
        tripId: 'trip-lisbon',
        title: `Expense ${i}`,
        currency: 'EUR',
        date: '2026-03-01',
        rateToBase: 1,
        createdAt: NOW,
        updatedAt: NOW,
      })),
    );
    await db.insert(expenseShares).values(parts);
    // Each part in the base currency, as every writer of expenses stores it.
    const [storeParts, storeRemainders] = storeTripShareAmounts('trip-lisbon');
    await db.batch([db.run(storeParts), db.run(storeRemainders)]);

    const expectFrom = (totals: Map<string, { paid: number; share: number }>) =>
      [...totals]
        .map(([participantId, t]) => ({ participantId, paid: t.paid, share: t.share }))
        .sort((a, b) => a.participantId.localeCompare(b.participantId));
    const { balances } = await alex.balances.balances({ id: 'trip-lisbon' });
    expect(
      balances
        .map(({ participantId, paid, share }) => ({ participantId, paid, share }))
        .sort((a, b) => a.participantId.localeCompare(b.participantId)),
    ).toEqual(expectFrom(reference(rows, parts, people)));
    expect(balances.find((b) => b.participantId === gone)?.name).toBe('Former participant');
    expect(balances.reduce((sum, b) => sum + b.net, 0)).toBe(0);

    const spending = await alex.balances.spending({ id: 'trip-lisbon' });
    expect(
      spending.people
        .map(({ participantId, paid, spent }) => ({ participantId, paid, share: spent }))
        .sort((a, b) => a.participantId.localeCompare(b.participantId)),
    ).toEqual(
      expectFrom(
        reference(
          rows.filter((r) => r.kind === 'expense'),
          parts,
          people,
        ),
      ),
    );
  });
});

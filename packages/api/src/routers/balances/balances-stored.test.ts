import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Database, migrationsFolder } from '@naav/db';
import { expenses, expenseShares } from '@naav/db/schema';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actors, callerFor, createSeededDatabase } from '../../testing';

// Balances sum the parts in the base currency stored with every expense (share-amounts.ts). The
// reference here is the query that worked every part out when read, before they were stored:
// the answers must stay the same to the minor unit, for the same rows.

const NOW = new Date('2026-03-10T12:00:00Z');
const now = () => NOW;
const DAY = '2026-03-10';
const owner = 'user:user-traveller';
const sam = 'user:user-traveller2';
const [jamie, lily, noah] = ['companion:companion-jamie', 'companion:companion-lily', 'companion:companion-noah'];

const safe = (column: string) =>
  sql.raw(`CAST(max(-9007199254740991, min(9007199254740991, round(coalesce(${column}, 0)))) AS INTEGER)`);

/** The query balances ran before the parts were stored, word for word but for drizzle's column names. */
const earlierTotalsSql = (tripId: string, people: readonly string[], spendingOnly: boolean) => sql`
    WITH e AS MATERIALIZED (
      SELECT id, ${safe('amount')} AS amount, ${safe('amountBase')} AS amountBase, paidBy AS payer
        FROM expenses
        WHERE tripId = ${tripId} ${spendingOnly ? sql`AND kind = 'expense'` : sql``}
    ),
    people AS (SELECT value AS pid FROM json_each(${JSON.stringify(people)})),
    n AS (SELECT count(*) AS c FROM people),
    pairs AS (
      SELECT e.payer, s.participantId AS pid,
             sum(CASE WHEN s.expenseId IS NULL THEN e.amountBase / n.c
                      WHEN e.amount = 0 THEN 0
                      ELSE CAST(e.amountBase * s.amount / e.amount AS INTEGER) END) AS amt
        FROM e JOIN n LEFT JOIN expense_shares s ON s.expenseId = e.id
        GROUP BY e.payer, s.participantId
    ),
    moves AS (
      SELECT payer AS pid, sum(amountBase) AS paid, sum(amountBase) AS share FROM e GROUP BY payer
      UNION ALL SELECT pid, 0, amt FROM pairs WHERE pid IS NOT NULL
      UNION ALL SELECT payer, 0, -amt FROM pairs WHERE pid IS NOT NULL
      UNION ALL SELECT people.pid, 0, pairs.amt FROM pairs JOIN people WHERE pairs.pid IS NULL
      UNION ALL SELECT pairs.payer, 0, -pairs.amt * n.c FROM pairs JOIN n WHERE pairs.pid IS NULL
    )
    SELECT coalesce(moves.pid, 'user:' || t.ownerId) AS participantId, sum(paid) AS paid, sum(share) AS share
      FROM moves JOIN trips t ON t.id = ${tripId}
      GROUP BY 1`;

type Caller = ReturnType<typeof callerFor>;

/** What the earlier query gives for the trip: everyone listed (participants first, then anyone else with a total). */
async function earlierAnswer(db: Database, caller: Caller, tripId: string, spendingOnly: boolean) {
  const people = await caller.balances.participants({ id: tripId });
  const rows = await db.all<{ participantId: string; paid: number; share: number }>(
    earlierTotalsSql(
      tripId,
      people.map((p) => p.id),
      spendingOnly,
    ),
  );
  const ids = [
    ...people.map((p) => p.id),
    ...rows.map((r) => r.participantId).filter((id) => !people.some((p) => p.id === id)),
  ];
  return ids.map((participantId) => {
    const { paid = 0, share = 0 } = rows.find((r) => r.participantId === participantId) ?? {};
    return { participantId, paid, share };
  });
}

/** The balances and the spending per person match the earlier query's, and the nets sum to zero. */
async function expectAsBefore(db: Database, caller: Caller, tripId: string) {
  const { balances } = await caller.balances.balances({ id: tripId });
  expect(balances.map(({ participantId, paid, share }) => ({ participantId, paid, share }))).toEqual(
    await earlierAnswer(db, caller, tripId, false),
  );
  expect(balances.reduce((sum, b) => sum + b.net, 0)).toBe(0);
  const { people } = await caller.balances.spending({ id: tripId });
  expect(people.map(({ participantId, paid, spent }) => ({ participantId, paid, share: spent }))).toEqual(
    await earlierAnswer(db, caller, tripId, true),
  );
  return balances;
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
const parts = (mode: 'shares' | 'exact' | 'percent' | 'equal', ...values: [string, number][]) => ({
  mode,
  parts: values.map(([participantId, value]) => ({ participantId, value })),
});

/**
 * The Lisbon trip (base EUR) shared with Sam: five participants (Alex, Sam and three companions
 * without an account), its seeded expenses from before splits (no parts, no payer) kept, and
 * split expenses in three currencies by shares, exact amounts and percentages, a refund and a
 * settlement in another currency added through the API.
 */
async function trickyTrip() {
  const db = await createSeededDatabase(NOW);
  const alex = callerFor(db, actors.traveller, now);
  await alex.family.addMember({
    id: 'group-morgan-family',
    name: 'Sam Rivera',
    email: actors.traveller2.email,
    permissions: ['edit'],
  });
  await alex.family.shareTrip({ id: 'group-morgan-family', tripId: 'trip-lisbon' });
  const member = callerFor(db, actors.traveller2, now);
  const added = [
    await alex.expenses.create(
      spend(12_345, 'EUR', {
        paidBy: sam,
        split: parts('shares', [owner, 2], [sam, 2], [jamie, 1], [lily, 1], [noah, 1]),
      }),
    ),
    await member.expenses.create(spend(9_999, 'USD', { split: parts('exact', [owner, 5_000], [jamie, 4_999]) })),
    await alex.expenses.create(
      spend(1_234_567, 'JPY', { paidBy: jamie, split: parts('percent', [owner, 33.3], [sam, 33.3], [noah, 33.4]) }),
    ),
    await alex.expenses.create(spend(1_003, 'EUR')),
    // A refund to the companion's card, for three of them, in a third currency.
    await alex.expenses.create(
      spend(-4_321, 'JPY', { paidBy: lily, split: parts('shares', [lily, 1], [noah, 1], [sam, 2]) }),
    ),
  ];
  await member.balances.settle({ id: 'trip-lisbon', from: noah, to: sam, amount: 777, currency: 'USD', date: DAY });
  return { db, alex, member, added };
}

describe('balances from the stored parts', () => {
  it('give what working every part out gave, to the minor unit: five people, three currencies, every split, a companion, a refund, expenses from before splits', async () => {
    const { db, alex, member } = await trickyTrip();
    const unsplit = await db.select({ id: expenses.id }).from(expenses).where(eq(expenses.tripId, 'trip-lisbon'));
    const withParts = await db.selectDistinct({ id: expenseShares.expenseId }).from(expenseShares);
    // Seeded expenses from before splits, and the six added.
    expect(unsplit.length - withParts.length).toBeGreaterThan(2);
    expect(withParts).toHaveLength(6);

    const balances = await expectAsBefore(db, member, 'trip-lisbon');
    expect(balances.map((b) => b.participantId)).toEqual([owner, sam, jamie, lily, noah]);
    // Rounding toward zero leaves something on a payer in the tricky case (the stored remainders are not all zero).
    const rests = await db
      .select({ rest: expenses.remainderBase })
      .from(expenses)
      .where(eq(expenses.tripId, 'trip-lisbon'));
    expect(rests.some((r) => r.rest !== null && r.rest !== 0)).toBe(true);

    // Settling up the suggested way still clears everyone.
    for (const t of (await alex.balances.balances({ id: 'trip-lisbon' })).transfers)
      await member.balances.settle({ id: 'trip-lisbon', ...t, currency: 'EUR', date: DAY });
    expect((await expectAsBefore(db, alex, 'trip-lisbon')).map((b) => b.net)).toEqual([0, 0, 0, 0, 0]);
  });

  it('stay right when expenses change amount, currency, split, payer or trip, are deleted, and when the trip changes its base currency', async () => {
    const { db, alex, member, added } = await trickyTrip();
    const [dinner, tickets, hotel, taxi, refund] = added;
    await alex.expenses.update({
      ...spend(23_456, 'EUR', { paidBy: sam, split: parts('shares', [owner, 1], [sam, 3]) }),
      id: dinner!.id,
    });
    await expectAsBefore(db, alex, 'trip-lisbon');
    // Another currency: a new frozen rate.
    await member.expenses.update({
      ...spend(9_999, 'JPY', { split: parts('exact', [owner, 4_999], [lily, 5_000]) }),
      id: tickets!.id,
    });
    await expectAsBefore(db, alex, 'trip-lisbon');
    // Another payer and a typed-in rate.
    await alex.expenses.update({
      ...spend(1_234_567, 'JPY', {
        paidBy: noah,
        exchangeRate: 0.00612,
        split: parts('percent', [jamie, 50], [noah, 50]),
      }),
      id: hotel!.id,
    });
    await expectAsBefore(db, alex, 'trip-lisbon');
    await alex.expenses.update({ ...spend(-3_003, 'USD'), id: refund!.id });
    await expectAsBefore(db, alex, 'trip-lisbon');
    await alex.expenses.delete({ id: taxi!.id });
    await expectAsBefore(db, alex, 'trip-lisbon');

    // Re-based: every frozen rate carried over, every part with it.
    const before = (await alex.balances.balances({ id: 'trip-lisbon' })).balances;
    await alex.budget.update({ id: 'trip-lisbon', budgetTotal: null, currency: 'JPY' });
    const rebased = await expectAsBefore(db, alex, 'trip-lisbon');
    expect(rebased.map((b) => Math.sign(b.net))).toEqual(before.map((b) => Math.sign(b.net)));
    await alex.budget.update({ id: 'trip-lisbon', budgetTotal: null, currency: 'USD' });
    await expectAsBefore(db, alex, 'trip-lisbon');

    // Moved to another of Alex's trips: its parts count there, no longer here.
    await alex.expenses.update({
      ...spend(500, 'EUR', { tripId: 'trip-kyoto', allowOutsideTrip: true }),
      id: dinner!.id,
    });
    await expectAsBefore(db, alex, 'trip-lisbon');
    const kyoto = await expectAsBefore(db, alex, 'trip-kyoto');
    expect(kyoto.find((b) => b.participantId === owner)?.paid).toBeGreaterThan(0);
  });

  it('migration 0034 stores the same parts and remainders for existing rows as the API writes', async () => {
    const { db } = await trickyTrip();
    const stored = async () => ({
      parts: await db.select().from(expenseShares).orderBy(expenseShares.expenseId, expenseShares.participantId),
      rests: await db.select({ id: expenses.id, rest: expenses.remainderBase }).from(expenses).orderBy(expenses.id),
    });
    const written = await stored();
    expect(written.parts.every((p) => p.tripId === 'trip-lisbon' && p.amountBase !== null)).toBe(true);
    expect(written.parts.filter((p) => p.kind === 'transfer')).toHaveLength(1);

    // As a database from before the migration had them, then the migration's statements that fill them in.
    await db.run(sql`UPDATE expense_shares SET tripId = NULL, amountBase = NULL, kind = 'expense'`);
    await db.run(sql`UPDATE expenses SET remainderBase = NULL`);
    const migration = readFileSync(join(migrationsFolder, '0034_stored_balance_parts.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter((s) => s.startsWith('UPDATE'));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await db.run(sql.raw(statement));
    expect(await stored()).toEqual(written);
  });
});

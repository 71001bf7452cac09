import { randomUUID } from 'node:crypto';
import { storeExpenseShareAmounts, type Database } from '@naav/db';
import { expenses, expenseShares } from '@naav/db/schema';
import { isExpenseCurrency } from '@naav/schemas/budget';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { ValidationError } from '../../errors';
import { feedInsert, topic } from '../../lib/live/feed';
import { checkTripAccess, tripAccessQuery, type TripNeed } from '../../lib/trip-access';
import { convertMinor, crossRate, rateTableFrom } from '../expenses/rates';
import { storedRatesSql } from '../expenses/rates';
import { safeMinor, safeMinorSql } from '../expenses/owned-trip';
import type { Balances, Participant, SettlementInput, SpendingByPerson } from './balances.schemas';
import { settleUp } from './split';
import { participantsSql } from '../expenses/expense-shares';

/** The trip's participants when the actor may `need` it (strangers: NOT_FOUND), in one batch with the access check. */
export async function tripParticipants(
  db: Database,
  actor: Actor,
  tripId: string,
  need: TripNeed,
): Promise<Participant[]> {
  const [access, rows] = await db.batch([
    tripAccessQuery(db, actor, tripId),
    db.all<Participant>(participantsSql(tripId)),
  ]);
  checkTripAccess(access[0]?.rank, need);
  return rows;
}

interface PersonTotal {
  participantId: string;
  paid: number;
  share: number;
}

/**
 * Each participant's paid and share in the base currency as one aggregate query over the trip's
 * expenses (and, unless `spendingOnly`, its transfers) at their frozen rates: a part in the base
 * currency is the expense's amountBase in proportion to the part, rounded toward zero; what
 * rounding leaves goes to the payer, so every expense's parts sum to its amountBase exactly.
 * Expenses from before splits (no share rows) are paid by the owner and split equally among
 * today's `people`.
 *
 * The parts in the base currency and the payer's remainder are stored when written
 * (@naav/db share-amounts), so this sums two covering indexes, each in its own order: the
 * trip's expenses per payer (expenses_trip_payer_idx: paid, the remainders, and for an expense
 * without parts amountBase / n to each of the n people, the rest on the payer) and the trip's
 * parts per participant (expense_shares_trip_idx). No table row is read.
 */
const personTotalsSql = (tripId: string, people: readonly { id: string }[], spendingOnly: boolean) => {
  const onlySpending = spendingOnly ? sql`AND kind = 'expense'` : sql``;
  const amountBase = safeMinorSql(expenses.amountBase);
  return sql`
    WITH people AS (SELECT value AS pid FROM json_each(${JSON.stringify(people.map((p) => p.id))})),
    n AS (SELECT count(*) AS c FROM people),
    -- equal: each person's part of the payer's expenses without parts (null when there are none, or nobody is listed).
    payers AS (
      SELECT ${expenses.paidBy} AS payer, sum(${amountBase}) AS paid, sum(${expenses.remainderBase}) AS rest,
             sum(CASE WHEN ${expenses.remainderBase} IS NULL THEN ${amountBase} END) AS unsplit,
             sum(CASE WHEN ${expenses.remainderBase} IS NULL THEN ${amountBase} / (SELECT c FROM n) END) AS equal
        FROM ${expenses}
        WHERE ${expenses.tripId} = ${tripId} ${onlySpending}
        GROUP BY ${expenses.paidBy}
    ),
    moves AS (
      SELECT payer AS pid, paid, coalesce(rest, 0) + coalesce(unsplit, 0) - coalesce(equal * n.c, 0) AS share FROM payers JOIN n
      UNION ALL SELECT people.pid, 0, payers.equal FROM payers JOIN people WHERE payers.equal IS NOT NULL
      UNION ALL SELECT participantId, 0, sum(amountBase) FROM expense_shares
        WHERE tripId = ${tripId} ${onlySpending}
        GROUP BY participantId
    )
    -- A payer left null (expenses from before splits) is the trip's owner.
    SELECT coalesce(moves.pid, 'user:' || t.ownerId) AS participantId, sum(paid) AS paid, sum(share) AS share
      FROM moves JOIN trips t ON t.id = ${tripId}
      GROUP BY 1`;
};

/** The participants and anyone else with a total (no longer a participant: "Former participant"), each kept within safe integers. */
function totalsOf(people: readonly Participant[], rows: readonly PersonTotal[]) {
  const byId = new Map(rows.map((r) => [r.participantId, r]));
  const listed = [
    ...people.map((p) => ({ participantId: p.id, name: p.name })),
    ...rows
      .filter((r) => !people.some((p) => p.id === r.participantId))
      .map((r) => ({ participantId: r.participantId, name: 'Former participant' })),
  ];
  return listed.map(({ participantId, name }) => {
    const { paid = 0, share = 0 } = byId.get(participantId) ?? {};
    // Rows beyond the bounds of amounts (edited by hand) are kept within safe integers.
    return { participantId, name, paid: safeMinor(paid), share: safeMinor(share), net: safeMinor(paid - share) };
  });
}

/** Each participant's totals (settlements left out for spending) in the trip's base currency, for a reader of the trip. */
async function personTotals(db: Database, actor: Actor, tripId: string, spendingOnly: boolean) {
  const [access, people, trip] = await db.batch([
    tripAccessQuery(db, actor, tripId),
    db.all<Participant>(participantsSql(tripId)),
    db.all<{ baseCurrency: string }>(sql`SELECT baseCurrency FROM trips WHERE id = ${tripId}`),
  ]);
  checkTripAccess(access[0]?.rank, 'view');
  const totals = totalsOf(people, await db.all<PersonTotal>(personTotalsSql(tripId, people, spendingOnly)));
  const base = trip[0]?.baseCurrency ?? 'USD';
  return { currency: isExpenseCurrency(base) ? base : ('USD' as const), totals };
}

/**
 * Everyone's paid, share and net in the trip's base currency, by one aggregate query over its
 * expenses and transfers (personTotalsSql), so the nets sum to zero exactly; with the fewest
 * payments that settle up. Someone no longer a participant keeps their balance ("Former participant").
 */
export async function tripBalances(db: Database, actor: Actor, tripId: string): Promise<Balances> {
  const { currency, totals: balances } = await personTotals(db, actor, tripId, false);
  return { currency, balances, transfers: settleUp(new Map(balances.map((b) => [b.participantId, b.net]))) };
}

/**
 * Spending per person in the trip's base currency: what each paid and their share of the
 * expenses, settlements left out (they are not spending). Refunds count against both.
 */
export async function tripSpending(db: Database, actor: Actor, tripId: string): Promise<SpendingByPerson> {
  const { currency, totals } = await personTotals(db, actor, tripId, true);
  return {
    currency,
    people: totals.map(({ participantId, name, paid, share }) => ({ participantId, name, paid, spent: share })),
  };
}

/**
 * Records a settle-up payment as an expense of kind transfer: `from` paid `amount` whose whole
 * share is `to`'s, so it moves both balances and no spending total (edit permission).
 */
export async function recordSettlement(db: Database, actor: Actor, input: SettlementInput, now: Date) {
  const [access, people, trip] = await db.batch([
    tripAccessQuery(db, actor, input.id),
    db.all<Participant>(participantsSql(input.id)),
    db.all<{ baseCurrency: string; rates: string | null }>(
      sql`SELECT baseCurrency, ${storedRatesSql} AS rates FROM trips WHERE id = ${input.id}`,
    ),
  ]);
  checkTripAccess(access[0]?.rank, 'edit');
  const known = new Set(people.map((p) => p.id));
  if (!known.has(input.from)) throw new ValidationError('from', 'Not a participant of this trip');
  if (!known.has(input.to)) throw new ValidationError('to', 'Not a participant of this trip');
  if (input.from === input.to) throw new ValidationError('to', 'Must be someone other than the payer');
  const base = trip[0]?.baseCurrency;
  const baseCurrency = base && isExpenseCurrency(base) ? base : 'USD';
  const rate =
    input.currency === baseCurrency
      ? 1
      : crossRate(rateTableFrom(trip[0]?.rates ?? null), input.currency, baseCurrency);
  const id = randomUUID();
  const name = (pid: string) => people.find((p) => p.id === pid)?.name ?? pid;
  await db.batch([
    db.insert(expenses).values({
      id,
      tripId: input.id,
      title: `${name(input.from)} paid ${name(input.to)}`,
      amount: input.amount,
      currency: input.currency,
      date: input.date,
      kind: 'transfer',
      paidBy: input.from,
      rateToBase: rate,
      amountBase: convertMinor(input.amount, rate),
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(expenseShares).values({ expenseId: id, participantId: input.to, amount: input.amount }),
    ...storeExpenseShareAmounts(id).map((statement) => db.run(statement)),
    feedInsert(db, topic.trip(input.id), id, 'expense'),
  ]);
  return {
    id,
    tripId: input.id,
    from: input.from,
    to: input.to,
    amount: input.amount,
    currency: input.currency,
    date: input.date,
  };
}

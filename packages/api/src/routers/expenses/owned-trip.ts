// The actor's trip as the expense and budget screens read it (with the rates in use), and
// money read back from the database within safe bounds.
import type { Database } from '@naav/db';
import { trips } from '@naav/db/schema';
import { isExpenseCurrency, type ExpenseCurrency } from '@naav/schemas/budget';
import { eq, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import { checkTripAccess, sharedTripIdsSql, tripAccessRank, type TripNeed } from '../../lib/trip-access';
import { maxExchangeRate } from './expenses.schemas';
import { rateTableFrom, storedRatesSql, type RateTable } from './rates';

/**
 * Money as stored, read back as a whole number within JavaScript's safe integers (and a rate
 * as a finite number), whatever a row holds: rows written before amounts and rates were
 * bounded, or edited by hand, must not make the budget screens fail (the database driver
 * refuses to read integers beyond 2^53, and answers are checked to be safe integers).
 */
export const safeMinorSql = (column: SQLWrapper) =>
  sql<number>`CAST(max(-${sql.raw(String(Number.MAX_SAFE_INTEGER))}, min(${sql.raw(String(Number.MAX_SAFE_INTEGER))}, round(coalesce(${column}, 0)))) AS INTEGER)`;
export const safeRateSql = (column: SQLWrapper) =>
  sql<number>`max(0, min(${sql.raw(String(maxExchangeRate))}, coalesce(${column}, 0)))`;
/** A sum of safe amounts kept safe. */
export const safeMinor = (n: number) => Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, n));

export interface OwnedTrip {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  baseCurrency: ExpenseCurrency;
  budgetTotal: number | null;
}

/**
 * The trip with the rates in use (the newest stored table) and what the actor may do with it,
 * read in the same query; run it alone or first in a batch, then hand its rows to ownedTripFrom,
 * which decides whether the actor may go on.
 */
export function ownedTripQuery(db: Database, actor: Actor, tripId: string) {
  return db
    .select({
      id: trips.id,
      title: trips.title,
      startDate: trips.startDate,
      endDate: trips.endDate,
      timeZone: trips.timeZone,
      baseCurrency: trips.baseCurrency,
      budgetTotal: sql<
        number | null
      >`CASE WHEN ${trips.budgetTotal} IS NULL THEN NULL ELSE ${safeMinorSql(trips.budgetTotal)} END`,
      rates: storedRatesSql,
      rank: tripAccessRank(actor),
    })
    .from(trips)
    .where(eq(trips.id, tripId))
    .limit(1);
}

export type OwnedTripRow = Awaited<ReturnType<typeof ownedTripQuery>>[number];

/**
 * The trip when the actor may do what `need` asks (the budget itself is its owner's; members
 * see the expenses and edit members add them): a trip they cannot see is NOT_FOUND like a
 * missing one (naming `field` when the trip came in the body), one they may only see FORBIDDEN.
 */
export function ownedTripFrom(
  rows: OwnedTripRow[],
  field?: string,
  need: TripNeed = 'owner',
): OwnedTrip & { rates: RateTable } {
  const [row] = rows;
  const what = field ? `Trip (${field})` : 'Trip';
  if (!row) throw new NotFoundError(what);
  checkTripAccess(row.rank, need, what);
  const { rank: _rank, ...trip } = row;
  // Trips made before the budget tracker may carry a currency it does not list: count them as USD.
  return {
    ...trip,
    baseCurrency: isExpenseCurrency(trip.baseCurrency) ? trip.baseCurrency : 'USD',
    rates: rateTableFrom(trip.rates),
  };
}

/** The trip when the actor may do what `need` asks (see ownedTripFrom). */
export async function ownedTrip(db: Database, actor: Actor, tripId: string, field?: string, need?: TripNeed) {
  return ownedTripFrom(await ownedTripQuery(db, actor, tripId), field, need);
}

/**
 * The trips the actor may see (their own and those shared with a group of theirs), as a
 * subquery: an expense or a sum is only read through one of them.
 */
export const visibleTripIds = (db: Database, actor: Actor) =>
  db
    .select({ id: trips.id })
    .from(trips)
    .where(or(eq(trips.ownerId, actor.id), sql`${trips.id} IN (${sharedTripIdsSql(actor)})`));

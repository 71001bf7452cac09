import type { Database } from '@naav/db';
import { familyGroups, familyMembers, groupTrips, trips, user } from '@naav/db/schema';
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Actor } from '../context';
import { ForbiddenError, NotFoundError } from '../errors';
import { qualified } from './qualified';

/** What the actor may do with a trip: its owner everything, a group member what their permission allows. */
export type TripAccess = 'owner' | 'admin' | 'edit' | 'view';
/** What an operation needs: read it, change it (trip and events), or be its owner (cancel, share). */
export type TripNeed = 'view' | 'edit' | 'owner';

/**
 * Who is asking, as the SQL helpers below need it: an actor, or a placeholder for the actor's
 * id in a prepared statement (built once, run for everyone).
 */
export type ActorRef = { id: string | Placeholder };

/** The access levels as numbers, so SQL can take the strongest: 0 is none at all. */
const levels: readonly (TripAccess | null)[] = [null, 'view', 'edit', 'admin', 'owner'];
const needed: Record<TripNeed, number> = { view: 1, edit: 2, owner: 4 };

/**
 * The actor's e-mail as member entries store it (lower case), read from the account itself in
 * the query, or NULL (which matches no entry) while the address is unverified: a member entry
 * links to an account only once its owner has proved the address, so signing up with someone
 * else's cannot claim their place.
 */
export function verifiedEmailSql(actor: ActorRef): SQL<string | null> {
  const account = qualified(user);
  return sql<
    string | null
  >`(SELECT lower(${account.email}) FROM ${user} WHERE ${account.id} = ${actor.id} AND ${account.emailVerified} = 1)`;
}

/** verifiedEmailSql on its own, for a caller that needs the address itself. */
export async function verifiedEmailOf(db: Database, actor: Actor): Promise<string | null> {
  const [row] = await db
    .select({ email: sql<string>`lower(${user.email})` })
    .from(user)
    .where(and(eq(user.id, actor.id), eq(user.emailVerified, true)));
  return row?.email ?? null;
}

/**
 * "What may this actor do with the trip in this row" as an SQL expression (the `trips` table
 * must be in the query): 4 its owner, 3 whoever owns a group the trip is shared with or is an
 * admin member of one, 2 an edit member, 1 a view member, 0 anyone else. Put into the query
 * that reads the trip (or its event, photo…), it answers the access check in the same round
 * trip (CONVENTIONS rule 4).
 */
export function tripAccessRank(actor: ActorRef): SQL<number> {
  const [trip, group, member, shared] = [
    qualified(trips),
    qualified(familyGroups),
    qualified(familyMembers),
    qualified(groupTrips),
  ];
  return sql<number>`(CASE WHEN ${trip.ownerId} = ${actor.id} THEN 4 ELSE coalesce((
    SELECT max(CASE WHEN ${group.ownerId} = ${actor.id} OR ${member.permission} = 'admin' THEN 3
                    WHEN ${member.permission} = 'edit' THEN 2 ELSE 1 END)
    FROM ${groupTrips}
    INNER JOIN ${familyGroups} ON ${group.id} = ${shared.groupId}
    LEFT JOIN ${familyMembers} ON ${member.groupId} = ${shared.groupId} AND ${member.email} = ${verifiedEmailSql(actor)}
    WHERE ${shared.tripId} = ${trip.id} AND (${group.ownerId} = ${actor.id} OR ${member.id} IS NOT NULL)
  ), 0) END)`;
}

/** A rank of tripAccessRank as the access it stands for (null: none). */
export function accessOfRank(rank: number | undefined): TripAccess | null {
  return levels[rank ?? 0] ?? null;
}

/**
 * The ids of the trips shared with a group the actor owns or belongs to (by verified e-mail),
 * as an SQL subquery: with `owner = actor`, the trips the actor may see, found through the
 * indexes on groups' owners, members' e-mails and shares (never a scan of every trip).
 */
export function sharedTripIdsSql(actor: ActorRef): SQL<string> {
  const [group, member, shared] = [qualified(familyGroups), qualified(familyMembers), qualified(groupTrips)];
  return sql<string>`SELECT ${shared.tripId} FROM ${groupTrips} WHERE ${shared.groupId} IN (
    SELECT ${group.id} FROM ${familyGroups} WHERE ${group.ownerId} = ${actor.id}
    UNION SELECT ${member.groupId} FROM ${familyMembers} WHERE ${member.email} = ${verifiedEmailSql(actor)})`;
}

/**
 * Decides from a rank read with tripAccessRank (undefined: no such row). Someone who can
 * neither own nor see the trip gets NOT_FOUND naming `what`, exactly as for a row that does
 * not exist; a member who can see it but not do this gets FORBIDDEN.
 */
export function checkTripAccess(rank: number | undefined, need: TripNeed, what = 'Trip'): TripAccess {
  const access = levels[rank ?? 0] ?? null;
  if (!access) throw new NotFoundError(what);
  if (rank! < needed[need]) {
    throw new ForbiddenError(
      need === 'owner'
        ? 'Only the trip’s owner can do this'
        : 'Your permission in this group lets you view this trip, not change it',
    );
  }
  return access;
}

/** The query behind tripAccess, for callers that put it in a batch with what they read next. */
export function tripAccessQuery(db: Database, actor: Actor, tripId: string) {
  return db
    .select({ rank: tripAccessRank(actor) })
    .from(trips)
    .where(eq(trips.id, tripId));
}

/** Decides whether the actor may do what `need` asks with a trip (one query); see checkTripAccess. */
export async function tripAccess(db: Database, actor: Actor, tripId: string, need: TripNeed): Promise<TripAccess> {
  const [row] = await tripAccessQuery(db, actor, tripId);
  return checkTripAccess(row?.rank, need);
}

import type { Database } from '@naav/db';
import { changeFeed, familyGroups, familyMembers, groupTrips, trips, user } from '@naav/db/schema';
import { eq, sql, type SQL } from 'drizzle-orm';
import { activityColumns, type ActivityLine } from './activity';

/**
 * Live topics. Each names what changed and, by its form, who may follow it (see
 * routers/live/live.service.ts): a trip and what hangs off it, one traveller's concierge
 * conversation and requests, every conversation (agents), one client's proposals, every
 * proposal (agents), a family group, one user's list of trips, one user's inbox.
 */
export const topic = {
  trip: (tripId: string) => `trip:${tripId}`,
  trips: (userId: string) => `trips:${userId}`,
  concierge: (userId: string) => `concierge:${userId}`,
  conciergeDesk: 'concierge',
  proposals: (clientId: string) => `proposals:${clientId}`,
  proposalDesk: 'proposals',
  group: (groupId: string) => `group:${groupId}`,
  /** One person's inbox: a notice of theirs was written, changed or read (see lib/notify.ts). */
  notices: (userId: string) => `notices:${userId}`,
} as const;

/**
 * What an event's row is, so a client refetches exactly what shows it. On `trip:<id>`: `event`,
 * `companion`, `photo`, `expense`, `budget` (the trip's budget or category budgets), `details`
 * (the trip's own fields, its cancellation), `share` (shared with or withdrawn from a group), `packing` (its packing list),
 * `todo` (its to-dos) and `membership` (who may do what with it changed). On `trips:<userId>`: `created`, `updated`,
 * `deleted` (a trip in the list), `request` (a trip request's status), `proposal`, `membership`
 * (the user's shared trips). On `concierge…`: `message`, `read`, `request`. On `proposals…`:
 * `proposal`. On `group:<id>`: `updated`, `deleted`, `membership`. On `notices:<userId>`: `notice`.
 */
export type ChangeKind =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'message'
  | 'read'
  | 'request'
  | 'proposal'
  | 'membership'
  | 'event'
  | 'companion'
  | 'photo'
  | 'expense'
  | 'budget'
  | 'details'
  | 'share'
  | 'packing'
  | 'todo'
  | 'notice';

/**
 * The feed row reporting one change, as a query to put in the same `db.batch` as the change
 * itself: the feed then says exactly what was committed, nothing a failed write attempted.
 */
export function feedInsert(
  db: Database,
  topicName: string | SQL<string>,
  rowId: string | null,
  kind: ChangeKind,
  activity?: ActivityLine,
) {
  // The wall clock, not the request's (tests pin that): rows are pruned by real age.
  return db
    .insert(changeFeed)
    .values({ topic: topicName, rowId, kind, createdAt: new Date(), ...activityColumns(activity) });
}

/**
 * feedInserts for a guarded change (`UPDATE … WHERE status = <expected>`) placed right after it
 * in the batch: the rows are written only if that statement changed something, so a change
 * refused because someone else moved first is not reported.
 */
export function feedAfterChange(db: Database, topics: readonly string[], rowId: string | null, kind: ChangeKind) {
  const createdAt = Date.now();
  const rows = sql.join(
    topics.map((t) => sql`SELECT ${t} AS topic`),
    sql` UNION ALL `,
  );
  return db.run(
    sql`INSERT INTO ${changeFeed} (topic, rowId, kind, createdAt) SELECT topic, ${rowId}, ${kind}, ${createdAt} FROM (${rows}) WHERE changes() > 0`,
  );
}

/**
 * A `trip:<id>` row for every trip shared with the group: a change of membership or permission
 * changes what its members may do with those trips (a withdrawn edit permission hides the edit
 * controls of a member's open trip). Put it before a statement that deletes the shares.
 */
export function feedGroupTrips(
  db: Database,
  groupId: string,
  activity?: Omit<ActivityLine, 'tripId'> & { memberId?: string },
) {
  if (activity) {
    // A line on each trip's activity, naming the group (and the member entry, read before it goes) as they stand now.
    const { actorId, action, detail } = activityColumns({ ...activity, tripId: '' });
    const group = sql`(SELECT ${familyGroups.name} FROM ${familyGroups} WHERE ${familyGroups.id} = ${groupId})`;
    const member = activity.memberId
      ? sql`, '$.name', (SELECT ${familyMembers.name} FROM ${familyMembers} WHERE ${familyMembers.id} = ${activity.memberId})`
      : sql``;
    return db.run(
      sql`INSERT INTO ${changeFeed} (topic, rowId, kind, createdAt, tripId, actorId, action, detail) SELECT 'trip:' || ${groupTrips.tripId}, ${groupTrips.tripId}, 'membership', ${Date.now()}, ${groupTrips.tripId}, ${actorId}, ${action}, json_set(${detail}, '$.group', ${group}${member}) FROM ${groupTrips} WHERE ${groupTrips.groupId} = ${groupId}`,
    );
  }
  return db.run(
    sql`INSERT INTO ${changeFeed} (topic, rowId, kind, createdAt) SELECT 'trip:' || ${groupTrips.tripId}, ${groupTrips.tripId}, 'membership', ${Date.now()} FROM ${groupTrips} WHERE ${groupTrips.groupId} = ${groupId}`,
  );
}

/** The `trips:<ownerId>` topic of a trip, read in the write's own statement (a member's edit changes the owner's list). */
export const tripOwnerTopic = (tripId: string): SQL<string> => sql<string>`('trips:' || (${sqlSelectOwner(tripId)}))`;

function sqlSelectOwner(tripId: string) {
  return sql`SELECT ${trips.ownerId} FROM ${trips} WHERE ${eq(trips.id, tripId)}`;
}

/** The same change reported on several topics (a chat message: the traveller's and the agents' desk). */
export function feedInserts(db: Database, topics: readonly string[], rowId: string | null, kind: ChangeKind) {
  const createdAt = new Date();
  return db.insert(changeFeed).values(topics.map((t) => ({ topic: t, rowId, kind, createdAt })));
}

/**
 * A `trips:<userId>` row for the account behind a member entry's e-mail (verified accounts only,
 * as for access itself): that user's list of shared trips changed. `email` may be a subquery,
 * read in the statement's own place in the batch (before a delete, the entry still exists).
 */
export function feedMemberList(
  db: Database,
  email: string | null | SQL<string | null>,
  rowId: string | null,
  kind: ChangeKind,
) {
  return db.run(
    sql`INSERT INTO ${changeFeed} (topic, rowId, kind, createdAt) SELECT 'trips:' || ${user.id}, ${rowId}, ${kind}, ${Date.now()} FROM ${user} WHERE lower(${user.email}) = lower(${email}) AND ${user.emailVerified} = 1`,
  );
}

/** The e-mail of one member entry, as a subquery for feedMemberList. */
export const memberEmail = (memberId: string): SQL<string | null> =>
  sql<string | null>`(SELECT ${familyMembers.email} FROM ${familyMembers} WHERE ${familyMembers.id} = ${memberId})`;

/** `trips:<userId>` rows for the group's owner and every member with an account: each one's shared trips changed. */
export function feedGroupLists(db: Database, groupId: string, rowId: string | null, kind: ChangeKind) {
  return db.run(
    sql`INSERT INTO ${changeFeed} (topic, rowId, kind, createdAt) SELECT 'trips:' || ${user.id}, ${rowId}, ${kind}, ${Date.now()} FROM ${user}
      WHERE ${user.id} = (SELECT ${familyGroups.ownerId} FROM ${familyGroups} WHERE ${familyGroups.id} = ${groupId})
         OR (${user.emailVerified} = 1 AND lower(${user.email}) IN (SELECT ${familyMembers.email} FROM ${familyMembers} WHERE ${familyMembers.groupId} = ${groupId}))`,
  );
}

/**
 * `trips:<userId>` rows for everyone a trip is shared with (the owners and members with an
 * account of the groups it is shared with, its own owner aside): a change to the trip changes
 * their lists of shared trips too.
 */
export function feedSharedLists(db: Database, tripId: string, kind: ChangeKind) {
  const groups = sql`SELECT ${groupTrips.groupId} FROM ${groupTrips} WHERE ${groupTrips.tripId} = ${tripId}`;
  return db.run(
    sql`INSERT INTO ${changeFeed} (topic, rowId, kind, createdAt) SELECT 'trips:' || ${user.id}, ${tripId}, ${kind}, ${Date.now()} FROM ${user}
      WHERE ${user.id} IS NOT (${sqlSelectOwner(tripId)})
        AND (${user.id} IN (SELECT ${familyGroups.ownerId} FROM ${familyGroups} WHERE ${familyGroups.id} IN (${groups}))
          OR (${user.emailVerified} = 1 AND lower(${user.email}) IN (SELECT ${familyMembers.email} FROM ${familyMembers} WHERE ${familyMembers.groupId} IN (${groups}))))`,
  );
}

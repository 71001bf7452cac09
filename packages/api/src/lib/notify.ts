import type { Database } from '@naav/db';
import { familyGroups, familyMembers, groupTrips, notifications, trips, user } from '@naav/db/schema';
import type { NotificationKind } from '@naav/schemas/notifications';
import { sql, type SQL } from 'drizzle-orm';

/** One notice for one person: what the inbox shows and the mail says. `link` is an app path (`/proposals/…`). */
export interface Notice {
  userId: string;
  kind: NotificationKind;
  title: string;
  body?: string;
  link: string;
  /** For notices that must exist once however often they are computed (reminders): unique per person. */
  dedupeKey?: string;
}

/**
 * The insert for `notices`, to put in the same `db.batch` as the change that causes them, so a
 * change that fails tells nobody and one that commits always does. Mail goes out later from the
 * outbox (apps/server/src/notifications); a duplicate `dedupeKey` is ignored.
 * Every notice written also reaches its person's open inboxes live: a trigger adds a
 * `notices:<userId>` row to the change feed in the same statement (migration 0027).
 */
/** `notices` must not be empty. */
export function noticeInsert(db: Database, notices: readonly Notice[]) {
  return db
    .insert(notifications)
    .values(notices.map((n) => ({ ...n, body: n.body ?? '' })))
    .onConflictDoNothing();
}

/** A notice whose recipients an SQL subquery selects; its words may be SQL read in the statement's own place in the batch. */
export interface NoticeToEach {
  kind: NotificationKind;
  title: string | SQL<string>;
  body?: string | SQL<string>;
  link: string;
  dedupeKey?: string | SQL<string>;
}

/** A fresh UUID-shaped id per row, for rows an INSERT … SELECT writes. */
export const newNoticeId = sql`lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;

/**
 * The notice for everyone `recipients` selects (a subquery answering one column, `id`), as one
 * INSERT … SELECT for the change's own batch. `when` guards it: `changes() > 0` placed right
 * after a guarded UPDATE (or the feedAfterChange behind one) writes notices only if that
 * statement changed something, so a change refused because someone else moved first tells nobody.
 */
export function noticeToEach(db: Database, recipients: SQL, notice: NoticeToEach, when: SQL = sql`1`) {
  return db.run(
    sql`INSERT INTO ${notifications} (id, userId, kind, title, body, link, dedupeKey)
      SELECT ${newNoticeId}, r.id, ${notice.kind}, ${notice.title}, ${notice.body ?? ''}, ${notice.link}, ${notice.dedupeKey ?? null}
      FROM (${recipients}) AS r WHERE ${when} ON CONFLICT DO NOTHING`,
  );
}

/** Recipients: one person by id. */
export const onePerson = (userId: string): SQL => sql`SELECT ${userId} AS id`;

/** Recipients: every travel agent (the desk's shared inbox). */
export const everyAgent: SQL = sql`SELECT ${user.id} AS id FROM ${user} WHERE ${user.role} = 'agent'`;

/** Recipients: the account behind an e-mail, once its owner proved the address (as access itself does). */
export const accountOf = (email: string | SQL<string | null>): SQL =>
  sql`SELECT ${user.id} AS id FROM ${user} WHERE lower(${user.email}) = lower(${email}) AND ${user.emailVerified} = 1`;

/** Recipients: a group's owner and every member with a verified account, `except` the one acting. */
export const groupPeople = (groupId: string, except: string): SQL =>
  sql`SELECT ${user.id} AS id FROM ${user} WHERE ${user.id} <> ${except} AND (
    ${user.id} = (SELECT ${familyGroups.ownerId} FROM ${familyGroups} WHERE ${familyGroups.id} = ${groupId})
    OR (${user.emailVerified} = 1 AND lower(${user.email}) IN (SELECT lower(${familyMembers.email}) FROM ${familyMembers} WHERE ${familyMembers.groupId} = ${groupId})))`;

/**
 * Recipients: everyone who may see a trip (its owner, the owners and members of the groups it is
 * shared with), `except` the one acting. Run on every change to a trip: each part is an indexed
 * lookup, and the accounts are searched only when the trip is shared at all.
 */
export const tripPeople = (tripId: string, except: string): SQL => {
  const groups = sql`SELECT ${groupTrips.groupId} FROM ${groupTrips} WHERE ${groupTrips.tripId} = ${tripId}`;
  return sql`SELECT id FROM (
    SELECT ${trips.ownerId} AS id FROM ${trips} WHERE ${trips.id} = ${tripId}
    UNION SELECT ${familyGroups.ownerId} FROM ${familyGroups} WHERE ${familyGroups.id} IN (${groups})
    UNION SELECT ${user.id} FROM ${user} WHERE EXISTS (${groups}) AND ${user.emailVerified} = 1
      AND lower(${user.email}) IN (SELECT lower(${familyMembers.email}) FROM ${familyMembers} WHERE ${familyMembers.groupId} IN (${groups}))
  ) WHERE id <> ${except}`;
};

/** A person's name, read in the statement (`Someone` for an account that is gone). */
export const nameOf = (userId: string): SQL<string> =>
  sql<string>`coalesce((SELECT ${user.name} FROM ${user} WHERE ${user.id} = ${userId}), 'Someone')`;

/** A trip's title, read in the statement. */
export const tripTitleOf = (tripId: string): SQL<string> =>
  sql<string>`coalesce((SELECT ${trips.title} FROM ${trips} WHERE ${trips.id} = ${tripId}), 'a trip')`;

/** The first line of a message, as a notice's body quotes it (at most 200 characters). */
export function firstLine(text: string): string {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

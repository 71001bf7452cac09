// Who paid an expense and each participant's part of it, read with the expense itself.
import { sql, type SQL } from 'drizzle-orm';

/**
 * The ids of a trip's participants as SQL rows (`pid`): `user:<owner>`, `user:<id>` for the
 * verified accounts of the members of the groups it is shared with, `companion:<id>`.
 */
export const participantIdsSql = (tripId: SQL | string) => sql`
  SELECT 'user:' || t.ownerId AS pid FROM trips t WHERE t.id = ${tripId}
  UNION SELECT 'user:' || u.id FROM group_trips g
    JOIN family_members m ON m.groupId = g.groupId
    JOIN "user" u ON lower(u.email) = m.email AND u.emailVerified = 1
    WHERE g.tripId = ${tripId}
  UNION SELECT 'companion:' || c.id FROM companions c WHERE c.tripId = ${tripId}`;

/**
 * A trip's participants, owner first: its owner, the verified accounts of the members of the
 * groups it is shared with (as trip access decides), then its companions. Ids are stable per
 * trip: `user:<userId>` and `companion:<companionId>`.
 */
export const participantsSql = (tripId: string) => sql`
  SELECT id, name, kind, userId FROM (
    SELECT 'user:' || u.id AS id, u.name AS name, 'owner' AS kind, u.id AS userId, 0 AS rank, '' AS sortKey
      FROM trips t JOIN "user" u ON u.id = t.ownerId WHERE t.id = ${tripId}
    UNION
    SELECT 'user:' || u.id, u.name, 'member', u.id, 1, lower(u.name) || u.id
      FROM group_trips g
      JOIN family_members m ON m.groupId = g.groupId
      JOIN "user" u ON lower(u.email) = m.email AND u.emailVerified = 1
      JOIN trips t ON t.id = g.tripId
      WHERE g.tripId = ${tripId} AND u.id <> t.ownerId
    UNION
    SELECT 'companion:' || c.id, c.name, 'companion', NULL, 2, lower(c.name) || c.id
      FROM companions c WHERE c.tripId = ${tripId}
  ) ORDER BY rank, sortKey`;

const tripOfRow = sql.raw('"expenses"."tripId"');
// Kept within safe integers whatever a row holds (see safeMinorSql).
const safe = (column: string) =>
  sql.raw(
    `CAST(max(-${Number.MAX_SAFE_INTEGER}, min(${Number.MAX_SAFE_INTEGER}, round(coalesce(${column}, 0)))) AS INTEGER)`,
  );
const amountOfRow = safe('"expenses"."amount"');

/** The payer: the one stored, or (expenses from before splits) the trip's owner. */
export const paidBySql = sql<string>`coalesce("expenses"."paidBy", (SELECT 'user:' || t.ownerId FROM trips t WHERE t.id = ${tripOfRow}))`;

/** The stored parts as JSON `[{participantId, amount}]`; null for an expense from before splits. */
export const storedSharesSql = sql<
  string | null
>`(SELECT json_group_array(json_object('participantId', s.participantId, 'amount', ${safe('s.amount')}))
     FROM expense_shares s WHERE s.expenseId = "expenses"."id" HAVING count(*) > 0)`;

/**
 * The parts as JSON `[{participantId, amount}]`: the stored ones, or (expenses from before
 * splits) equal parts among today's participants, rounded toward zero, the rest on the payer.
 */
export const sharesSql = sql<string>`coalesce(${storedSharesSql},
  (SELECT json_group_array(json_object('participantId', p.pid, 'amount',
       ${amountOfRow} / n.c + CASE WHEN p.pid = ${paidBySql} THEN ${amountOfRow} % n.c ELSE 0 END))
     FROM (${participantIdsSql(tripOfRow)}) p, (SELECT count(*) AS c FROM (${participantIdsSql(tripOfRow)})) n))`;

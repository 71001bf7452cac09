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

const tripOfRow = sql.raw('"expenses"."tripId"');
// Kept within safe integers whatever a row holds (see safeMinorSql).
const safe = (column: string) =>
  sql.raw(
    `CAST(max(-${Number.MAX_SAFE_INTEGER}, min(${Number.MAX_SAFE_INTEGER}, round(coalesce(${column}, 0)))) AS INTEGER)`,
  );
const amountOfRow = safe('"expenses"."amount"');

/** The payer: the one stored, or (expenses from before splits) the trip's owner. */
export const paidBySql = sql<string>`coalesce("expenses"."paidBy", (SELECT 'user:' || t.ownerId FROM trips t WHERE t.id = ${tripOfRow}))`;

/** The parts as JSON, the stored ones else equal parts among the participants `participants` and their count `count` give. */
const sharesOf = (participants: SQL, count: SQL) => sql<string>`coalesce(
  (SELECT json_group_array(json_object('participantId', s.participantId, 'amount', ${safe('s.amount')}))
     FROM expense_shares s WHERE s.expenseId = "expenses"."id" HAVING count(*) > 0),
  (SELECT json_group_array(json_object('participantId', p.pid, 'amount',
       ${amountOfRow} / n.c + CASE WHEN p.pid = ${paidBySql} THEN ${amountOfRow} % n.c ELSE 0 END))
     FROM ${participants} p, ${count} n))`;

/**
 * The parts as JSON `[{participantId, amount}]`: the stored ones, or (expenses from before
 * splits) equal parts among today's participants, rounded toward zero, the rest on the payer.
 */
export const sharesSql = sharesOf(
  sql`(${participantIdsSql(tripOfRow)})`,
  sql`(SELECT count(*) AS c FROM (${participantIdsSql(tripOfRow)}))`,
);

/**
 * A list of one trip's expenses reads its participants once, not twice per row: `participants`
 * are the ids participantIdsSql answers for the trip, in its order, and the column gives the same
 * JSON as sharesSql.
 */
export const tripSharesSql = (participants: string[]) =>
  sharesOf(
    sql`(SELECT value AS pid FROM json_each(${JSON.stringify(participants)}))`,
    sql`(SELECT CAST(${participants.length} AS INTEGER) AS c)`,
  );

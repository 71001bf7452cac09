import type { Database } from '@naav/db';
import type { Actor } from '../../context';
import { ValidationError } from '../../errors';
import type { PhotoStore } from '../photos/photo-store';
import type { DeleteAccountInput, SharedTrip } from './me.schemas';
import { personalTopics } from './user-data';

const roleNames = { client: 'a traveller', agent: 'a travel agent', admin: 'an administrator' } as const;

type InStatement = Parameters<Database['$client']['batch']>[0][number];

/** Checks the person's password and, when two-factor sign-in is on, a code; the server supplies it. */
export type ConfirmIdentity = (
  actor: Actor,
  answer: { password: string; code?: string },
) => Promise<{ password: boolean; code: boolean }>;

/** Without a checker (server-side callers), nothing can confirm a deletion. */
export const noIdentityCheck: ConfirmIdentity = async () => ({ password: false, code: false });

/**
 * The person's trips that are shared with a group, each with who would take it over: a member
 * of one of those groups with edit or admin permission whose verified account is not theirs
 * (admins first, then the earliest added), or null when nobody qualifies.
 */
export async function sharedTripsOf(db: Database, actor: Actor): Promise<SharedTrip[]> {
  const { rows } = await db.$client.execute({
    sql: `SELECT s.id, s.title, s."heirId", u.name AS "heirName" FROM (
        SELECT t.id, t.title, t."startDate",
          (SELECT u.id FROM group_trips gt
             JOIN family_members m ON m."groupId" = gt."groupId" AND m.permission IN ('edit', 'admin')
             JOIN user u ON lower(u.email) = m.email AND u."emailVerified" = 1 AND u.id <> :user
            WHERE gt."tripId" = t.id
            ORDER BY m.permission = 'admin' DESC, m."createdAt", m.id LIMIT 1) AS "heirId"
          FROM trips t
         WHERE t."ownerId" = :user AND EXISTS (SELECT 1 FROM group_trips gt WHERE gt."tripId" = t.id)) s
      LEFT JOIN user u ON u.id = s."heirId"
     ORDER BY s."startDate", s.id`,
    args: { user: actor.id },
  });
  return rows.map((r) => ({
    id: String(r.id),
    title: String(r.title),
    transferTo: r.heirId ? { id: String(r.heirId), name: String(r.heirName) } : null,
  }));
}

/**
 * Deletes the account and everything its owner owns, in one transaction, once the password (and
 * two-factor code when on) confirm it. Trips shared with a group go to the member named by
 * `sharedTripsOf` when `sharedTrips` is `transfer` (deleted when nobody qualifies). Most rows go
 * with the user row (foreign keys cascade: trips, their photos' bytes in the database, documents,
 * messages, sessions, tokens, exports); the statements before it clear what names the person
 * without a foreign key: their parts of other trips' expenses (kept, as a former participant),
 * packing and to-do assignments, places in other people's groups, throttle counters and the
 * change feed's signals. Sign-in fails at once: the sessions and the account are gone.
 */
export async function deleteAccount(
  db: Database,
  actor: Actor,
  input: DeleteAccountInput,
  {
    confirmIdentity,
    photoStore,
    clientAddress = null,
  }: { confirmIdentity: ConfirmIdentity; photoStore: PhotoStore; clientAddress?: string | null },
): Promise<{ deleted: true; transferredTrips: SharedTrip[] }> {
  const checked = await confirmIdentity(actor, { password: input.password, code: input.code });
  if (!checked.password) throw new ValidationError('password', 'That is not your password');
  if (!checked.code)
    throw new ValidationError(
      'code',
      input.code ? 'That code is not valid' : 'Enter the code from your authenticator app',
    );

  const shared = await sharedTripsOf(db, actor);
  const transferred = input.sharedTrips === 'transfer' ? shared.filter((t) => t.transferTo) : [];
  // The bytes of photos kept as files go after the rows (the database store's go with them).
  const { rows: photoKeys } = photoStore.removedWithRow
    ? { rows: [] }
    : await db.$client.execute({
        sql: `SELECT "storageKey" AS key FROM photos p JOIN trips t ON t.id = p."tripId" WHERE t."ownerId" = :user
              UNION SELECT "thumbnailKey" FROM photos p JOIN trips t ON t.id = p."tripId"
               WHERE t."ownerId" = :user AND "thumbnailKey" IS NOT NULL`,
        args: { user: actor.id },
      });
  const keptKeys = new Set<string>();
  for (const trip of transferred) {
    const { rows } = await db.$client.execute({
      sql: `SELECT "storageKey" AS key FROM photos WHERE "tripId" = ? UNION SELECT "thumbnailKey" FROM photos WHERE "tripId" = ?`,
      args: [trip.id, trip.id],
    });
    for (const r of rows) keptKeys.add(String(r.key));
  }

  const args = { user: actor.id, email: actor.email, former: `former:${crypto.randomUUID()}` };
  const statements: InStatement[] = [
    ...transferred.flatMap((t): InStatement[] => [
      {
        sql: `UPDATE trips SET "ownerId" = :heir, "updatedAt" = unixepoch() * 1000 WHERE id = :trip AND "ownerId" = :user`,
        args: { user: actor.id, heir: t.transferTo!.id, trip: t.id },
      },
      // The new owner's list of trips, and the trip's screens, refresh (see lib/live/feed.ts).
      {
        sql: `INSERT INTO change_feed (topic, "rowId", kind, "createdAt") VALUES ('trips:' || :heir, :trip, 'created', :at),
                ('trip:' || :trip, :trip, 'membership', :at)`,
        args: { heir: t.transferTo!.id, trip: t.id, at: Date.now() },
      },
    ]),
    { sql: `UPDATE expenses SET "paidBy" = :former WHERE "paidBy" = 'user:' || :user`, args },
    { sql: `UPDATE expense_shares SET "participantId" = :former WHERE "participantId" = 'user:' || :user`, args },
    { sql: `UPDATE packing_items SET "assigneeId" = NULL WHERE "assigneeId" = :user`, args },
    { sql: `UPDATE todos SET "assigneeId" = NULL WHERE "assigneeId" = :user`, args },
    { sql: `DELETE FROM family_members WHERE email = lower(:email)`, args },
    // The audit log is append-only: its lines stay, with the person's name and address taken out.
    {
      sql: `UPDATE audit_log SET "actorId" = NULL, "actorEmail" = NULL WHERE "actorId" = :user OR "actorEmail" = :email`,
      args,
    },
    { sql: `UPDATE audit_log SET "targetId" = NULL WHERE "targetId" = :user`, args },
    {
      sql: `UPDATE audit_log SET summary = replace(summary, :email, 'a deleted account') WHERE instr(summary, :email) > 0`,
      args,
    },
    // The deletion itself is recorded without a name: who (a role), when, from where, and what went.
    {
      sql: `INSERT INTO audit_log (at, action, "clientAddress", summary) VALUES (:at, 'account.deleted', :address, :summary)`,
      args: {
        at: Date.now(),
        address: clientAddress,
        summary: `${roleNames[actor.role]} deleted their own account (${shared.length} shared trip${shared.length === 1 ? '' : 's'}: ${transferred.length} transferred, ${shared.length - transferred.length} deleted)`,
      },
    },
    { sql: `DELETE FROM invitations WHERE lower(email) = lower(:email)`, args },
    {
      sql: `DELETE FROM throttle_counters WHERE instr(key, ':account:') > 0
              AND substr(key, instr(key, ':account:') + 9) IN (:email, :user)`,
      args,
    },
    { sql: 'DELETE FROM verification WHERE value = :user OR identifier = :email', args },
    {
      sql: `DELETE FROM change_feed WHERE "tripId" IS NULL AND ("rowId" = :user
              OR topic IN ${personalTopics})`,
      args,
    },
    // Other people's trips keep their activity lines, without the name of who did it.
    { sql: `UPDATE change_feed SET "actorId" = NULL WHERE "actorId" = :user`, args },
    { sql: `UPDATE change_feed SET "rowId" = NULL WHERE "rowId" = :user`, args },
    { sql: 'DELETE FROM user WHERE id = :user', args },
  ];
  await db.$client.batch(statements, 'write');
  for (const r of photoKeys) {
    const key = String(r.key);
    if (!keptKeys.has(key)) await photoStore.delete(key).catch(() => undefined);
  }
  return { deleted: true, transferredTrips: transferred };
}

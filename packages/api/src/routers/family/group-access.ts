// A family group as its owner and members see it, and the actor's standing in it: what every
// change to a group, its members or its shared trips checks and answers.
import type { Database } from '@naav/db';
import { familyGroups, familyMembers, groupTrips, trips, user } from '@naav/db/schema';
import { and, asc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Actor } from '../../context';
import { ForbiddenError, NotFoundError } from '../../errors';
import { qualified } from '../../lib/qualified';
import { verifiedEmailSql } from '../../lib/trip-access';
import type { Group, MemberPermission } from './family.schemas';
import { permissionsOf } from './family.schemas';

export type GroupAccess = 'owner' | MemberPermission;
export const rank_: Record<GroupAccess, number> = { view: 1, edit: 2, admin: 3, owner: 4 };

export const accessOfRank: readonly (GroupAccess | undefined)[] = [undefined, 'view', 'edit', 'admin', 'owner'];

/**
 * The actor's standing in the group of this row as a number (`family_groups` must be in the
 * query): 4 owner, 3 admin, 2 edit, 1 view member, 0 none; the strongest entry with their
 * e-mail counts.
 */
export function groupRankSql(actor: Actor) {
  const [group, member] = [qualified(familyGroups), qualified(familyMembers)];
  return sql<number>`(CASE WHEN ${group.ownerId} = ${actor.id} THEN 4 ELSE coalesce((
    SELECT max(CASE ${member.permission} WHEN 'admin' THEN 3 WHEN 'edit' THEN 2 ELSE 1 END)
    FROM ${familyMembers} WHERE ${member.groupId} = ${group.id} AND ${member.email} = ${verifiedEmailSql(actor)}
  ), 0) END)`;
}

/** Which of the groups `ids` the actor owns or belongs to, as a query (for a batched re-check). */
export function seenGroupsQuery(db: Database, actor: Actor, ids: readonly string[]) {
  return db
    .select({ id: familyGroups.id })
    .from(familyGroups)
    .where(and(inArray(familyGroups.id, [...ids]), sql`${groupRankSql(actor)} > 0`));
}

/** The ids of the groups the actor owns or belongs to (by verified e-mail), as a subquery. */
export function visibleGroupIds(db: Database, actor: Actor) {
  return db
    .select({ id: familyGroups.id })
    .from(familyGroups)
    .where(
      or(
        eq(familyGroups.ownerId, actor.id),
        inArray(
          familyGroups.id,
          db
            .select({ id: familyMembers.groupId })
            .from(familyMembers)
            .where(eq(familyMembers.email, verifiedEmailSql(actor))),
        ),
      ),
    );
}

/** Whether the actor owns or belongs to the group (what its live topic needs). */
export async function seesGroup(db: Database, actor: Actor, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ rank: groupRankSql(actor) })
    .from(familyGroups)
    .where(eq(familyGroups.id, groupId));
  return (row?.rank ?? 0) > 0;
}

/** NOT_FOUND for a stranger (as for a missing group), FORBIDDEN for a member whose permission is too weak. */
function checkGroupAccess(rank: number | undefined, need: GroupAccess): GroupAccess {
  const access = accessOfRank[rank ?? 0];
  if (!access) throw new NotFoundError('Group');
  if (rank! < rank_[need]) {
    throw new ForbiddenError(
      need === 'owner'
        ? 'Only the group’s owner can do this'
        : 'Only the group’s owner or an admin member can manage it',
    );
  }
  return access;
}

/** The actor's standing in a group if it allows `need` (one query); see checkGroupAccess. */
export async function groupAccess(
  db: Database,
  actor: Actor,
  groupId: string,
  need: GroupAccess,
): Promise<GroupAccess> {
  const [row] = await db
    .select({ rank: groupRankSql(actor) })
    .from(familyGroups)
    .where(eq(familyGroups.id, groupId));
  return checkGroupAccess(row?.rank, need);
}

/**
 * The groups whose id `ids` picks (a subquery or one id), with their members and shared
 * trips, and the actor's standing in each: one round trip (a batch of three reads). Groups
 * in which the actor has no standing are left out.
 */
export async function loadGroups(
  db: Database,
  actor: Actor,
  ids: (column: AnyColumn) => SQL,
  before?: BatchItem<'sqlite'>,
): Promise<Group[]> {
  const [groupsRead, membersRead, sharedRead] = [
    db
      .select({
        id: familyGroups.id,
        name: familyGroups.name,
        description: familyGroups.description,
        type: familyGroups.type,
        ownerName: user.name,
        rank: groupRankSql(actor),
      })
      .from(familyGroups)
      .innerJoin(user, eq(user.id, familyGroups.ownerId))
      .where(ids(familyGroups.id))
      .orderBy(asc(familyGroups.createdAt), asc(familyGroups.name)),
    db
      .select({
        id: familyMembers.id,
        groupId: familyMembers.groupId,
        name: familyMembers.name,
        email: familyMembers.email,
        phone: familyMembers.phone,
        relationship: familyMembers.relationship,
        permission: familyMembers.permission,
        imageUrl: familyMembers.imageUrl,
        joinedAt: familyMembers.joinedAt,
        userId: user.id,
      })
      .from(familyMembers)
      .leftJoin(user, and(eq(sql`lower(${user.email})`, familyMembers.email), eq(user.emailVerified, true)))
      .where(ids(familyMembers.groupId))
      .orderBy(asc(familyMembers.createdAt), asc(familyMembers.name)),
    db
      .select({
        groupId: groupTrips.groupId,
        id: trips.id,
        title: trips.title,
        destination: trips.destination,
        startDate: trips.startDate,
        endDate: trips.endDate,
      })
      .from(groupTrips)
      .innerJoin(trips, eq(trips.id, groupTrips.tripId))
      .where(ids(groupTrips.groupId))
      .orderBy(asc(trips.startDate)),
  ] as const;
  const [groups, members, shared] = before
    ? await db.batch([before, groupsRead, membersRead, sharedRead]).then(([, ...read]) => read)
    : await db.batch([groupsRead, membersRead, sharedRead]);
  return groups.flatMap(({ rank, ...group }) => {
    const level = accessOfRank[rank];
    if (!level) return [];
    // E-mail addresses and phone numbers are for those who manage the group.
    const seesContacts = rank_[level] >= rank_.admin;
    return [
      {
        ...group,
        access: level,
        members: members
          .filter((m) => m.groupId === group.id)
          .map(({ groupId: _g, permission, userId, joinedAt, email, phone, ...m }) => ({
            ...m,
            email: seesContacts ? email : null,
            phone: seesContacts ? phone : null,
            permissions: permissionsOf(permission),
            // Only once the person has opened the group: adding an address must not tell whether it has an account.
            registered: userId !== null && joinedAt !== null,
          })),
        trips: shared.filter((t) => t.groupId === group.id).map(({ groupId: _g, ...t }) => t),
      },
    ];
  });
}

/** One group the actor may see (NOT_FOUND otherwise), in one round trip. */
export async function loadGroup(db: Database, actor: Actor, groupId: string): Promise<Group> {
  const [group] = await loadGroups(db, actor, (column) => eq(column, groupId));
  if (!group) throw new NotFoundError('Group');
  return group;
}

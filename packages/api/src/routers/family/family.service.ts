import type { Database } from '@naav/db';
import { addDaysIso } from '@naav/schemas/dates';
import { familyGroups, familyMembers, groupTrips, occasions, trips, user } from '@naav/db/schema';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Actor } from '../../context';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { qualified } from '../../lib/qualified';
import { tripAccess, verifiedEmailOf, verifiedEmailSql, type TripAccess } from '../../lib/trip-access';
import { nextOccurrence } from '../occasions/occasion-dates';
import { getTrip, tripStatus } from '../trips/trips.service';
import type { AddMemberInput, CreateGroupInput, FamilyEvent, Group, MemberPermission, SharePersonInput, SharedTrip, UpdateGroupInput, UpdateMemberInput } from './family.schemas';
import { feedGroupLists, feedGroupTrips, feedInsert, feedMemberList, memberEmail, topic } from '../../lib/live/feed';
import { permissionsOf } from './family.schemas';

type GroupAccess = 'owner' | MemberPermission;
const rank_: Record<GroupAccess, number> = { view: 1, edit: 2, admin: 3, owner: 4 };

const accessOfRank: readonly (GroupAccess | undefined)[] = [undefined, 'view', 'edit', 'admin', 'owner'];

/**
 * The actor's standing in the group of this row as a number (`family_groups` must be in the
 * query): 4 owner, 3 admin, 2 edit, 1 view member, 0 none; the strongest entry with their
 * e-mail counts.
 */
function groupRankSql(actor: Actor) {
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
function visibleGroupIds(db: Database, actor: Actor) {
  return db
    .select({ id: familyGroups.id })
    .from(familyGroups)
    .where(
      or(
        eq(familyGroups.ownerId, actor.id),
        inArray(familyGroups.id, db.select({ id: familyMembers.groupId }).from(familyMembers).where(eq(familyMembers.email, verifiedEmailSql(actor)))),
      ),
    );
}

/** Whether the actor owns or belongs to the group (what its live topic needs). */
export async function seesGroup(db: Database, actor: Actor, groupId: string): Promise<boolean> {
  const [row] = await db.select({ rank: groupRankSql(actor) }).from(familyGroups).where(eq(familyGroups.id, groupId));
  return (row?.rank ?? 0) > 0;
}

/** NOT_FOUND for a stranger (as for a missing group), FORBIDDEN for a member whose permission is too weak. */
function checkGroupAccess(rank: number | undefined, need: GroupAccess): GroupAccess {
  const access = accessOfRank[rank ?? 0];
  if (!access) throw new NotFoundError('Group');
  if (rank! < rank_[need]) {
    throw new ForbiddenError(need === 'owner' ? 'Only the group’s owner can do this' : 'Only the group’s owner or an admin member can manage it');
  }
  return access;
}

/** The actor's standing in a group if it allows `need` (one query); see checkGroupAccess. */
async function groupAccess(db: Database, actor: Actor, groupId: string, need: GroupAccess): Promise<GroupAccess> {
  const [row] = await db.select({ rank: groupRankSql(actor) }).from(familyGroups).where(eq(familyGroups.id, groupId));
  return checkGroupAccess(row?.rank, need);
}

/**
 * The groups whose id `ids` picks (a subquery or one id), with their members and shared
 * trips, and the actor's standing in each: one round trip (a batch of three reads). Groups
 * in which the actor has no standing are left out.
 */
async function loadGroups(db: Database, actor: Actor, ids: (column: AnyColumn) => SQL, before?: BatchItem<'sqlite'>): Promise<Group[]> {
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
async function loadGroup(db: Database, actor: Actor, groupId: string): Promise<Group> {
  const [group] = await loadGroups(db, actor, (column) => eq(column, groupId));
  if (!group) throw new NotFoundError('Group');
  return group;
}

/** The groups the actor owns (access 'owner') and those they were added to by e-mail. */
export async function listGroups(db: Database, actor: Actor, now = new Date()): Promise<Group[]> {
  // Opening their groups is when a member's verified account joins: from then on the group sees
  // that the address has an account, and the person's events. In the same round trip as the reads.
  const join = db
    .update(familyMembers)
    .set({ joinedAt: now })
    .where(and(eq(familyMembers.email, verifiedEmailSql(actor)), isNull(familyMembers.joinedAt)));
  return loadGroups(db, actor, (column) => inArray(column, visibleGroupIds(db, actor)), join);
}

export async function createGroup(db: Database, actor: Actor, input: CreateGroupInput, now: Date): Promise<Group> {
  const [row] = await db
    .insert(familyGroups)
    .values({ ...input, ownerId: actor.id, createdAt: now, updatedAt: now })
    .returning({ id: familyGroups.id });
  if (!row) throw new Error('insert returned no row');
  // Nobody follows a group that did not exist: no feed row needed.
  return loadGroup(db, actor, row.id);
}

/** Rename or re-describe a group: its owner or an admin member. */
export async function updateGroup(db: Database, actor: Actor, input: UpdateGroupInput, now: Date): Promise<Group> {
  const { id, ...changes } = input;
  await groupAccess(db, actor, id, 'admin');
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length > 0) {
    await db.batch([
      db
        .update(familyGroups)
        .set({ ...defined, updatedAt: now })
        .where(eq(familyGroups.id, id)),
      feedInsert(db, topic.group(id), id, 'updated'),
    ]);
  }
  return loadGroup(db, actor, id);
}

/** Deleting a group (its members and shares go with it) is for its owner alone. */
export async function deleteGroup(db: Database, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  await groupAccess(db, actor, id, 'owner');
  await db.batch([
    feedGroupTrips(db, id),
    feedGroupLists(db, id, id, 'membership'),
    db.delete(familyGroups).where(and(eq(familyGroups.id, id), eq(familyGroups.ownerId, actor.id))),
    feedInsert(db, topic.group(id), id, 'deleted'),
  ]);
  return { id, deleted: true };
}

export async function addMember(db: Database, actor: Actor, input: AddMemberInput, now: Date): Promise<Group> {
  const { id: groupId, permissions: permission, ...fields } = input;
  await groupAccess(db, actor, groupId, 'admin');
  await db.batch([
    db.insert(familyMembers).values({ ...fields, permission, groupId, createdAt: now }),
    feedInsert(db, topic.group(groupId), groupId, 'membership'),
    feedGroupTrips(db, groupId),
    feedMemberList(db, fields.email ?? null, groupId, 'membership'),
  ]);
  return loadGroup(db, actor, groupId);
}

async function assertMemberOf(db: Database, groupId: string, memberId: string) {
  const [row] = await db
    .select({ id: familyMembers.id })
    .from(familyMembers)
    .where(and(eq(familyMembers.id, memberId), eq(familyMembers.groupId, groupId)));
  if (!row) throw new NotFoundError('Member');
}

export async function updateMember(db: Database, actor: Actor, input: UpdateMemberInput): Promise<Group> {
  await groupAccess(db, actor, input.id, 'admin');
  await assertMemberOf(db, input.id, input.memberId);
  await db.batch([
    db
      .update(familyMembers)
      .set({ permission: input.permissions })
      .where(and(eq(familyMembers.id, input.memberId), eq(familyMembers.groupId, input.id))),
    feedInsert(db, topic.group(input.id), input.memberId, 'membership'),
    feedGroupTrips(db, input.id),
    feedMemberList(db, memberEmail(input.memberId), input.id, 'membership'),
  ]);
  return loadGroup(db, actor, input.id);
}

export async function removeMember(db: Database, actor: Actor, groupId: string, memberId: string): Promise<Group> {
  await groupAccess(db, actor, groupId, 'admin');
  await assertMemberOf(db, groupId, memberId);
  await db.batch([
    feedMemberList(db, memberEmail(memberId), groupId, 'membership'),
    db.delete(familyMembers).where(and(eq(familyMembers.id, memberId), eq(familyMembers.groupId, groupId))),
    feedInsert(db, topic.group(groupId), memberId, 'membership'),
    feedGroupTrips(db, groupId),
  ]);
  // An admin who removed themselves can no longer see the group: loadGroup answers NOT_FOUND.
  return loadGroup(db, actor, groupId);
}

/**
 * A member leaves a group someone else owns: every entry with their e-mail goes, and with it
 * their access to the group's trips. An owner cannot leave their own group, only delete it.
 */
export async function leaveGroup(db: Database, actor: Actor, groupId: string): Promise<{ id: string; left: true }> {
  const access = await groupAccess(db, actor, groupId, 'view');
  if (access === 'owner') throw new ConflictError('You own this group: delete it instead of leaving it');
  // A member who is not the owner reached the group through their verified e-mail.
  const email = await verifiedEmailOf(db, actor);
  if (!email) throw new NotFoundError('Group');
  await db.batch([
    db.delete(familyMembers).where(and(eq(familyMembers.groupId, groupId), eq(familyMembers.email, email))),
    feedInsert(db, topic.group(groupId), groupId, 'membership'),
    feedGroupTrips(db, groupId),
    feedInsert(db, topic.trips(actor.id), groupId, 'membership'),
  ]);
  return { id: groupId, left: true };
}

/** Shares one of the actor's own trips with a group they own or administer; sharing twice changes nothing. */
export async function shareTrip(db: Database, actor: Actor, groupId: string, tripId: string, now: Date): Promise<Group> {
  await groupAccess(db, actor, groupId, 'admin');
  await getTrip(db, actor, tripId, now, 'owner');
  await db.batch([
    db.insert(groupTrips).values({ groupId, tripId, createdAt: now }).onConflictDoNothing(),
    feedInsert(db, topic.group(groupId), tripId, 'membership'),
    feedInsert(db, topic.trip(tripId), tripId, 'share'),
    feedGroupLists(db, groupId, tripId, 'membership'),
  ]);
  return loadGroup(db, actor, groupId);
}

/** The name of the group sharing with a person by e-mail makes for a trip (see sharePersonInput). */
export const personalGroupName = (tripTitle: string) => `Shared: ${tripTitle}`.slice(0, 100);

/**
 * Shares one of the actor's trips with a person by e-mail: they become a member, with the
 * chosen permission, of the actor's group for this trip (the group of theirs named
 * "Shared: <title>" the trip is shared with, made on first use), so they manage it like any
 * other in Family. Someone already in that group gets the new permission; nobody is added twice.
 */
export async function shareTripWithPerson(db: Database, actor: Actor, input: SharePersonInput, now: Date): Promise<Group> {
  const trip = await getTrip(db, actor, input.id, now, 'owner');
  const [existing] = await db
    .select({ id: familyGroups.id })
    .from(familyGroups)
    .innerJoin(groupTrips, and(eq(groupTrips.groupId, familyGroups.id), eq(groupTrips.tripId, trip.id)))
    .where(and(eq(familyGroups.ownerId, actor.id), eq(familyGroups.name, personalGroupName(trip.title))))
    .orderBy(asc(familyGroups.createdAt))
    .limit(1);
  const groupId = existing?.id ?? crypto.randomUUID();
  const [member] = existing
    ? await db
        .select({ id: familyMembers.id })
        .from(familyMembers)
        .where(and(eq(familyMembers.groupId, groupId), eq(familyMembers.email, input.email)))
    : [];
  const setUp: BatchItem<'sqlite'>[] = existing
    ? []
    : ([
        db.insert(familyGroups).values({
          id: groupId,
          ownerId: actor.id,
          name: personalGroupName(trip.title),
          description: `The people ${trip.title} is shared with.`,
          type: 'custom',
          createdAt: now,
          updatedAt: now,
        }),
        db.insert(groupTrips).values({ groupId, tripId: trip.id, createdAt: now }).onConflictDoNothing(),
      ] as const);
  const membership = member
    ? db.update(familyMembers).set({ permission: input.permissions }).where(eq(familyMembers.id, member.id))
    : db.insert(familyMembers).values({ groupId, name: input.name, email: input.email, relationship: 'other', permission: input.permissions, createdAt: now });
  // One transaction; the group (when new) before its member, the feed rows that read them after.
  await db.batch([
    feedInsert(db, topic.trip(trip.id), trip.id, 'share'),
    ...setUp,
    membership,
    feedInsert(db, topic.group(groupId), groupId, 'membership'),
    feedGroupTrips(db, groupId),
    feedGroupLists(db, groupId, trip.id, 'membership'),
  ]);
  return loadGroup(db, actor, groupId);
}

/** Stops sharing: the trip's owner, with the same standing in the group as for sharing. */
export async function unshareTrip(db: Database, actor: Actor, groupId: string, tripId: string, now: Date): Promise<Group> {
  await groupAccess(db, actor, groupId, 'admin');
  await getTrip(db, actor, tripId, now, 'owner');
  await db.batch([
    db.delete(groupTrips).where(and(eq(groupTrips.groupId, groupId), eq(groupTrips.tripId, tripId))),
    feedInsert(db, topic.group(groupId), tripId, 'membership'),
    feedInsert(db, topic.trip(tripId), tripId, 'share'),
    feedGroupLists(db, groupId, tripId, 'membership'),
  ]);
  return loadGroup(db, actor, groupId);
}

/** The trips shared with any of the actor's groups, with what the actor may do with each, by start date. */
export async function listSharedTrips(db: Database, actor: Actor, now: Date): Promise<SharedTrip[]> {
  // One query: the shares of every group the actor sees, with their standing in each.
  const rows = await db
    .select({
      id: trips.id,
      title: trips.title,
      destination: trips.destination,
      startDate: trips.startDate,
      endDate: trips.endDate,
      timeZone: trips.timeZone,
      cancelledAt: trips.cancelledAt,
      imageUrl: trips.imageUrl,
      ownerId: trips.ownerId,
      ownerName: user.name,
      groupId: familyGroups.id,
      groupName: familyGroups.name,
      groupRank: groupRankSql(actor),
    })
    .from(groupTrips)
    .innerJoin(trips, eq(trips.id, groupTrips.tripId))
    .innerJoin(user, eq(user.id, trips.ownerId))
    .innerJoin(familyGroups, eq(familyGroups.id, groupTrips.groupId))
    .where(inArray(groupTrips.groupId, visibleGroupIds(db, actor)))
    .orderBy(asc(trips.startDate), asc(trips.title), asc(familyGroups.name));
  const byTrip = new Map<string, SharedTrip>();
  for (const row of rows) {
    const inGroup = accessOfRank[row.groupRank] ?? 'view';
    // The group's owner has an admin's rights on trips shared with it; the trip's owner all of them.
    const level: TripAccess = row.ownerId === actor.id ? 'owner' : inGroup === 'owner' ? 'admin' : inGroup;
    const known = byTrip.get(row.id);
    if (known) {
      known.groups.push({ id: row.groupId, name: row.groupName });
      if (rank_[level] > rank_[known.access]) known.access = level;
      continue;
    }
    byTrip.set(row.id, {
      id: row.id,
      title: row.title,
      destination: row.destination,
      startDate: row.startDate,
      endDate: row.endDate,
      status: tripStatus(row, now),
      imageUrl: row.imageUrl,
      ownerName: row.ownerName,
      access: level,
      groups: [{ id: row.groupId, name: row.groupName }],
    });
  }
  return [...byTrip.values()];
}

/** What the actor may do with a trip (owner, admin, edit, view); NOT_FOUND when nothing. */
export async function getTripAccess(db: Database, actor: Actor, tripId: string): Promise<{ tripId: string; access: TripAccess }> {
  return { tripId, access: await tripAccess(db, actor, tripId, 'view') };
}

/** How far ahead the Events tab looks. */
export const EVENTS_HORIZON_DAYS = 365;
const EVENTS_LIMIT = 50;

/**
 * Upcoming special occasions and trip starts of everyone in the actor's groups who has an
 * account (the owners, and the members whose verified account has joined), soonest first.
 */
export async function listFamilyEvents(db: Database, actor: Actor, now: Date): Promise<FamilyEvent[]> {
  const groupIds = visibleGroupIds(db, actor);
  // Everyone with an account in those groups: the owners and the members registered by e-mail.
  const people = db
    .select({ id: user.id })
    .from(user)
    .where(
      or(
        inArray(user.id, db.select({ id: familyGroups.ownerId }).from(familyGroups).where(inArray(familyGroups.id, groupIds))),
        and(
          eq(user.emailVerified, true),
          inArray(
            sql`lower(${user.email})`,
            db
              .select({ email: familyMembers.email })
              .from(familyMembers)
              .where(and(inArray(familyMembers.groupId, groupIds), isNotNull(familyMembers.joinedAt))),
          ),
        ),
      ),
    );
  const today = now.toISOString().slice(0, 10);
  const horizon = addDaysIso(today, EVENTS_HORIZON_DAYS);
  // One round trip: the three reads share the subqueries above.
  const [named, occasionRows, tripRows] = await db.batch([
    db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, people)),
    db
      .select({ id: occasions.id, userId: occasions.userId, title: occasions.title, date: occasions.date, isRecurring: occasions.isRecurring, occasionType: occasions.occasionType })
      .from(occasions)
      .where(inArray(occasions.userId, people)),
    db
      .select({ id: trips.id, ownerId: trips.ownerId, title: trips.title, destination: trips.destination, startDate: trips.startDate })
      .from(trips)
      .where(and(inArray(trips.ownerId, people), isNull(trips.cancelledAt), gte(trips.startDate, today), lte(trips.startDate, horizon))),
  ]);
  const names = new Map(named.map((p) => [p.id, p.name]));

  const upcoming: FamilyEvent[] = [];
  for (const o of occasionRows) {
    const date = nextOccurrence(o, today);
    if (!date || date > horizon) continue;
    upcoming.push({ id: `occasion:${o.id}`, kind: 'occasion', title: o.title, date, personName: names.get(o.userId) ?? '', occasionType: o.occasionType, destination: null });
  }
  for (const t of tripRows) {
    upcoming.push({ id: `trip:${t.id}`, kind: 'trip', title: t.title, date: t.startDate, personName: names.get(t.ownerId) ?? '', occasionType: null, destination: t.destination });
  }
  upcoming.sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
  return upcoming.slice(0, EVENTS_LIMIT);
}

// Trips shared with groups, or with one person through a group made for the trip.
import { auditInsert } from '../../lib/audit';
import type { Database } from '@naav/db';
import { familyGroups, familyMembers, groupTrips, trips, user } from '@naav/db/schema';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Actor } from '../../context';
import { tripAccess, type TripAccess } from '../../lib/trip-access';
import { getTrip } from '../trips/trips.service';
import { tripStatus } from '../trips/trip-columns';
import type { Group, SharePersonInput, SharedTrip } from './family.schemas';
import { activity } from '../../lib/live/activity';
import { feedGroupLists, feedGroupTrips, feedInsert, topic } from '../../lib/live/feed';
import { accountOf, groupPeople, nameOf, noticeToEach, tripTitleOf } from '../../lib/notify';
import { accessOfRank, groupAccess, groupRankSql, loadGroup, rank_, visibleGroupIds } from './group-access';

/** A group's name, for the line its sharing writes on the trip's activity. */
async function groupName(db: Database, groupId: string): Promise<string> {
  const [row] = await db.select({ name: familyGroups.name }).from(familyGroups).where(eq(familyGroups.id, groupId));
  return row?.name ?? 'a group';
}

/** Shares one of the actor's own trips with a group they own or administer; sharing twice changes nothing. */
export async function shareTrip(
  db: Database,
  actor: Actor,
  groupId: string,
  tripId: string,
  now: Date,
): Promise<Group> {
  return changeShare(db, actor, groupId, tripId, now, 'share.added', () =>
    db.insert(groupTrips).values({ groupId, tripId, createdAt: now }).onConflictDoNothing(),
  );
}

/** The name of the group sharing with a person by e-mail makes for a trip (see sharePersonInput). */
const personalGroupName = (tripTitle: string) => `Shared: ${tripTitle}`.slice(0, 100);

/**
 * Shares one of the actor's trips with a person by e-mail: they become a member, with the
 * chosen permission, of the actor's group for this trip (the group of theirs named
 * "Shared: <title>" the trip is shared with, made on first use), so they manage it like any
 * other in Family. Someone already in that group gets the new permission; nobody is added twice.
 */
export async function shareTripWithPerson(
  db: Database,
  actor: Actor,
  input: SharePersonInput,
  now: Date,
): Promise<Group> {
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
    : db.insert(familyMembers).values({
        groupId,
        name: input.name,
        email: input.email,
        relationship: 'other',
        permission: input.permissions,
        createdAt: now,
      });
  // One transaction; the group (when new) before its member, the feed rows that read them after.
  await db.batch([
    feedInsert(
      db,
      topic.trip(trip.id),
      trip.id,
      'share',
      activity(actor.id, trip.id, 'share.added', { group: input.name }),
    ),
    ...setUp,
    membership,
    feedInsert(db, topic.group(groupId), groupId, 'membership'),
    feedGroupTrips(db, groupId),
    feedGroupLists(db, groupId, trip.id, 'membership'),
    // A person newly added hears of it; one whose permission changed already has the trip.
    ...(member ? [] : [sharedNotice(db, actor, accountOf(input.email), trip.id)]),
    auditInsert(db, {
      actor,
      targetId: trip.id,
      action: 'sharing.changed',
      summary: `trip shared with ${input.email} (${input.permissions})`,
      at: now,
    }),
  ]);
  return loadGroup(db, actor, groupId);
}

/** "Aiko shared Tokyo with you", for the people `recipients` selects. */
const sharedNotice = (db: Database, actor: Actor, recipients: SQL, tripId: string, when?: SQL) =>
  noticeToEach(
    db,
    recipients,
    {
      kind: 'family_invite',
      title: sql`${nameOf(actor.id)} || ' shared ' || ${tripTitleOf(tripId)} || ' with you'`,
      link: `/trips/${tripId}`,
    },
    when,
  );

/** Stops sharing: the trip's owner, with the same standing in the group as for sharing. */
export async function unshareTrip(
  db: Database,
  actor: Actor,
  groupId: string,
  tripId: string,
  now: Date,
): Promise<Group> {
  return changeShare(db, actor, groupId, tripId, now, 'share.removed', () =>
    db.delete(groupTrips).where(and(eq(groupTrips.groupId, groupId), eq(groupTrips.tripId, tripId))),
  );
}

/**
 * Shares or stops sharing (`change`, once the actor is found to administer the group and own
 * the trip), telling the group's and the trip's feeds, and the trip's activity, in the same batch.
 */
async function changeShare(
  db: Database,
  actor: Actor,
  groupId: string,
  tripId: string,
  now: Date,
  action: 'share.added' | 'share.removed',
  change: () => BatchItem<'sqlite'>,
): Promise<Group> {
  await groupAccess(db, actor, groupId, 'admin');
  await getTrip(db, actor, tripId, now, 'owner');
  const group = await groupName(db, groupId);
  await db.batch([
    change(),
    // Everyone in the group hears of a new share (sharing twice changes nothing and tells nobody).
    ...(action === 'share.added'
      ? [sharedNotice(db, actor, groupPeople(groupId, actor.id), tripId, sql`changes() > 0`)]
      : []),
    feedInsert(db, topic.group(groupId), tripId, 'membership'),
    feedInsert(db, topic.trip(tripId), tripId, 'share', activity(actor.id, tripId, action, { group })),
    feedGroupLists(db, groupId, tripId, 'membership'),
    auditInsert(db, {
      actor,
      targetId: tripId,
      action: 'sharing.changed',
      summary:
        action === 'share.added' ? `trip shared with the group "${group}"` : `trip no longer shared with "${group}"`,
      at: now,
    }),
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
export async function getTripAccess(
  db: Database,
  actor: Actor,
  tripId: string,
): Promise<{ tripId: string; access: TripAccess }> {
  return { tripId, access: await tripAccess(db, actor, tripId, 'view') };
}

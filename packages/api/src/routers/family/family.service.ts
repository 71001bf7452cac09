import type { Database } from '@naav/db';
import { addDaysIso } from '@naav/schemas/dates';
import { familyGroups, familyMembers, occasions, trips, user } from '@naav/db/schema';
import { and, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { verifiedEmailSql } from '../../lib/trip-access';
import { nextOccurrence } from '../occasions/occasion-dates';
import type { CreateGroupInput, FamilyEvent, Group, UpdateGroupInput } from './family.schemas';
import { feedGroupLists, feedGroupTrips, feedInsert, topic } from '../../lib/live/feed';
import { groupAccess, loadGroup, loadGroups, visibleGroupIds } from './group-access';

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

/** How far ahead the Events tab looks. */
const EVENTS_HORIZON_DAYS = 365;
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
        inArray(
          user.id,
          db.select({ id: familyGroups.ownerId }).from(familyGroups).where(inArray(familyGroups.id, groupIds)),
        ),
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
      .select({
        id: occasions.id,
        userId: occasions.userId,
        title: occasions.title,
        date: occasions.date,
        isRecurring: occasions.isRecurring,
        occasionType: occasions.occasionType,
      })
      .from(occasions)
      .where(inArray(occasions.userId, people)),
    db
      .select({
        id: trips.id,
        ownerId: trips.ownerId,
        title: trips.title,
        destination: trips.destination,
        startDate: trips.startDate,
      })
      .from(trips)
      .where(
        and(
          inArray(trips.ownerId, people),
          isNull(trips.cancelledAt),
          gte(trips.startDate, today),
          lte(trips.startDate, horizon),
        ),
      ),
  ]);
  const names = new Map(named.map((p) => [p.id, p.name]));

  const upcoming: FamilyEvent[] = [];
  for (const o of occasionRows) {
    const date = nextOccurrence(o, today);
    if (!date || date > horizon) continue;
    upcoming.push({
      id: `occasion:${o.id}`,
      kind: 'occasion',
      title: o.title,
      date,
      personName: names.get(o.userId) ?? '',
      occasionType: o.occasionType,
      destination: null,
    });
  }
  for (const t of tripRows) {
    upcoming.push({
      id: `trip:${t.id}`,
      kind: 'trip',
      title: t.title,
      date: t.startDate,
      personName: names.get(t.ownerId) ?? '',
      occasionType: null,
      destination: t.destination,
    });
  }
  upcoming.sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
  return upcoming.slice(0, EVENTS_LIMIT);
}

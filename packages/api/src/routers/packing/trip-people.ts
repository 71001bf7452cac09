import type { Database } from '@naav/db';
import type { Actor } from '../../context';
import { companions, familyGroups, familyMembers, groupTrips, trips, user } from '@naav/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ValidationError } from '../../errors';
import type { ActivityLine } from '../../lib/live/activity';
import { type ChangeKind, feedInsert, topic } from '../../lib/live/feed';
import { tripAccess } from '../../lib/trip-access';
import { changeTripRow, type TripRowTable } from '../../lib/trip-rows';
import type { TripPerson } from './packing.schemas';

/**
 * Who may be given a packing item or a to-do on a trip: its owner, the owners and members with
 * a (verified) account of the groups it is shared with, and its companions. The caller has
 * checked that the actor may see the trip.
 */
export async function tripPeople(db: Database, tripId: string): Promise<TripPerson[]> {
  const sharedGroups = sql`SELECT ${groupTrips.groupId} FROM ${groupTrips} WHERE ${groupTrips.tripId} = ${tripId}`;
  const [owner, members, company] = await db.batch([
    db
      .select({ id: user.id, name: user.name })
      .from(user)
      .innerJoin(trips, eq(trips.ownerId, user.id))
      .where(eq(trips.id, tripId)),
    db
      .selectDistinct({ id: user.id, name: user.name })
      .from(user)
      .where(
        sql`${user.id} IN (SELECT ${familyGroups.ownerId} FROM ${familyGroups} WHERE ${familyGroups.id} IN (${sharedGroups}))
          OR (${user.emailVerified} = 1 AND lower(${user.email}) IN (SELECT ${familyMembers.email} FROM ${familyMembers} WHERE ${familyMembers.groupId} IN (${sharedGroups})))`,
      )
      .orderBy(asc(user.name)),
    db
      .select({ id: companions.id, name: companions.name })
      .from(companions)
      .where(and(eq(companions.tripId, tripId)))
      .orderBy(asc(companions.createdAt), asc(companions.id)),
  ]);
  const ownerId = owner[0]?.id;
  return [
    ...owner.map((p) => ({ ...p, kind: 'owner' as const })),
    ...members.filter((p) => p.id !== ownerId).map((p) => ({ ...p, kind: 'member' as const })),
    ...company.map((p) => ({ ...p, kind: 'companion' as const })),
  ];
}

/** Refuses an assignee who is not on the trip (400 naming the field); null ("shared") always fits. */
function checkAssignee(people: readonly TripPerson[], assigneeId: string | null | undefined) {
  if (assigneeId && !people.some((p) => p.id === assigneeId)) {
    throw new ValidationError(
      'assigneeId',
      'Choose someone on this trip (its owner, a member or a companion), or nobody for shared',
    );
  }
}

/** The name of each person, to show who brings what. */
export const namesOf = (people: readonly TripPerson[]) => new Map(people.map((p) => [p.id, p.name]));

/**
 * Writes the fields sent of a row someone on the trip may be given (a packing item, a to-do),
 * once a new assignee is found on the trip; a tick (`ticked`: the item packed, the to-do done) is
 * a line of the trip's activity, written with the change.
 */
export async function changeAssignedRow(
  db: Database,
  row: { table: TripRowTable; id: string; tripId: string; kind: ChangeKind },
  changes: Record<string, unknown> & { assigneeId?: string | null | undefined },
  ticked: false | (() => Promise<ActivityLine>),
  now: Date,
): Promise<void> {
  if (changes.assigneeId !== undefined) checkAssignee(await tripPeople(db, row.tripId), changes.assigneeId);
  await changeTripRow(
    db,
    row.table,
    row.id,
    row.tripId,
    row.kind,
    changes,
    async () => (ticked ? ticked() : undefined),
    now,
  );
}

/**
 * Adds a row someone on the trip may be given (a packing item, a to-do) to trip `input.id`, which
 * the actor may edit, once its assignee is found on the trip; with the trip's feed row. Answers
 * the new row's id.
 */
export async function addAssignedRow(
  db: Database,
  actor: Actor,
  { table, kind }: { table: TripRowTable; kind: ChangeKind },
  input: { id: string; assigneeId?: string | null | undefined },
): Promise<string> {
  const { id: tripId, ...fields } = input;
  await tripAccess(db, actor, tripId, 'edit');
  checkAssignee(await tripPeople(db, tripId), fields.assigneeId);
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(table).values({ ...fields, id, tripId } as never),
    feedInsert(db, topic.trip(tripId), id, kind),
  ]);
  return id;
}

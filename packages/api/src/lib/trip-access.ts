import type { Database } from '@naav/db';
import { familyGroups, familyMembers, groupTrips, trips, user } from '@naav/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../context';
import { ForbiddenError, NotFoundError } from '../errors';

/** What the actor may do with a trip: its owner everything, a group member what their permission allows. */
export type TripAccess = 'owner' | 'admin' | 'edit' | 'view';
/** What an operation needs: read it, change it (trip and events), or be its owner (cancel, share). */
export type TripNeed = 'view' | 'edit' | 'owner';

const rank: Record<TripAccess, number> = { view: 1, edit: 2, admin: 3, owner: 4 };
const needed: Record<TripNeed, number> = { view: 1, edit: 2, owner: 4 };

/**
 * The actor's e-mail as member entries store it (lower case), read from the account itself,
 * or null while the address is unverified: a member entry links to an account only once its
 * owner has proved the address, so signing up with someone else's cannot claim their place.
 */
export async function verifiedEmailOf(db: Database, actor: Actor): Promise<string | null> {
  const [row] = await db
    .select({ email: sql<string>`lower(${user.email})` })
    .from(user)
    .where(and(eq(user.id, actor.id), eq(user.emailVerified, true)));
  return row?.email ?? null;
}

/** The strongest permission the actor holds on a trip through the groups it is shared with, or null. */
export async function memberPermissionOnTrip(db: Database, actor: Actor, tripId: string): Promise<'view' | 'edit' | 'admin' | null> {
  const email = await verifiedEmailOf(db, actor);
  const rows = email
    ? await db
        .select({ permission: familyMembers.permission })
        .from(groupTrips)
        .innerJoin(familyMembers, eq(familyMembers.groupId, groupTrips.groupId))
        .where(and(eq(groupTrips.tripId, tripId), eq(familyMembers.email, email)))
    : [];
  // Whoever owns a group the trip is shared with has every right a member can have.
  const [ownedGroup] = await db
    .select({ id: familyGroups.id })
    .from(groupTrips)
    .innerJoin(familyGroups, eq(familyGroups.id, groupTrips.groupId))
    .where(and(eq(groupTrips.tripId, tripId), eq(familyGroups.ownerId, actor.id)))
    .limit(1);
  if (ownedGroup) return 'admin';
  let best: 'view' | 'edit' | 'admin' | null = null;
  for (const { permission } of rows) if (!best || rank[permission] > rank[best]) best = permission;
  return best;
}

/**
 * Decides whether the actor may do what `need` asks with a trip. Someone who can neither
 * own nor see it gets NOT_FOUND, exactly as for a trip that does not exist; a member who
 * can see it but not do this gets FORBIDDEN.
 */
export async function tripAccess(db: Database, actor: Actor, tripId: string, need: TripNeed): Promise<TripAccess> {
  const [trip] = await db.select({ ownerId: trips.ownerId }).from(trips).where(eq(trips.id, tripId));
  if (!trip) throw new NotFoundError('Trip');
  return accessToReadTrip(db, actor, tripId, trip.ownerId, need);
}

/** tripAccess for a trip the caller has just read, so its owner is known: no second read of the trip. */
export async function accessToReadTrip(db: Database, actor: Actor, tripId: string, ownerId: string, need: TripNeed): Promise<TripAccess> {
  if (ownerId === actor.id) return 'owner';
  const permission = await memberPermissionOnTrip(db, actor, tripId);
  if (!permission) throw new NotFoundError('Trip');
  if (rank[permission] < needed[need]) {
    throw new ForbiddenError(need === 'owner' ? 'Only the trip’s owner can do this' : 'Your permission in this group lets you view this trip, not change it');
  }
  return permission;
}

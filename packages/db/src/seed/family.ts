import type { Database } from '../client';
import { familyGroups, familyMembers, groupTrips } from '../schema/index';
import { upsertRows } from './upsert';
import { demoUsers } from './users';

/**
 * The demo traveller's groups. The second demo traveller is deliberately in none of them,
 * so adding them (and seeing the shared trip appear for them) can be shown from scratch.
 */
export async function seedFamily(db: Database, now: Date): Promise<void> {
  const owner = demoUsers.traveller;
  await upsertRows(db, familyGroups, [
    {
      id: 'group-morgan-family',
      ownerId: owner.id,
      name: 'Morgan Family',
      description: 'Holidays with the whole family.',
      type: 'family',
    },
    {
      id: 'group-hiking-friends',
      ownerId: owner.id,
      name: 'Hiking Friends',
      description: null,
      type: 'friends',
    },
  ]);
  await upsertRows(db, familyMembers, [
    {
      id: 'member-alex',
      groupId: 'group-morgan-family',
      name: owner.name,
      email: owner.email,
      phone: null,
      relationship: 'self',
      permission: 'admin',
      // The demo traveller's own entry: their (verified) account has seen the group.
      joinedAt: now,
    },
    {
      id: 'member-jamie',
      groupId: 'group-morgan-family',
      name: 'Jamie Morgan',
      email: 'jamie.morgan@example.com',
      phone: '+1 555 0142',
      relationship: 'spouse',
      permission: 'edit',
      joinedAt: null,
    },
    {
      id: 'member-riley',
      groupId: 'group-morgan-family',
      name: 'Riley Morgan',
      email: null,
      phone: null,
      relationship: 'child',
      permission: 'view',
      joinedAt: null,
    },
    {
      id: 'member-casey',
      groupId: 'group-hiking-friends',
      name: 'Casey Quinn',
      email: 'casey.quinn@example.com',
      phone: null,
      relationship: 'friend',
      permission: 'view',
      joinedAt: null,
    },
  ]);
  await upsertRows(db, groupTrips, [{ id: 'group-trip-kyoto', groupId: 'group-morgan-family', tripId: 'trip-kyoto' }]);
}

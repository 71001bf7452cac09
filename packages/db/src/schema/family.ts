import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { cascadeRef, timestampNow, uuidKey } from './columns';
import { trips } from './trips';
import { groupTypes, memberPermissions, memberRelationships } from '@naav/schemas/family';

export { groupTypes, memberPermissions, memberRelationships } from '@naav/schemas/family';

/** A traveller's family or friends group; the owner always has every right over it. */
export const familyGroups = sqliteTable(
  'family_groups',
  {
    id: uuidKey(),
    ownerId: cascadeRef(() => user.id),
    name: text().notNull(),
    description: text(),
    type: text({ enum: groupTypes }).notNull().default('family'),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [index('family_groups_owner_idx').on(t.ownerId)],
);

/**
 * A person in a group. A member whose e-mail belongs to a registered user (matched when
 * asked, so someone who signs up later is linked too) gets the group's shared trips with
 * their permission.
 */
export const familyMembers = sqliteTable(
  'family_members',
  {
    id: uuidKey(),
    groupId: cascadeRef(() => familyGroups.id),
    name: text().notNull(),
    /** Lower-cased; null for someone without an e-mail (a young child, say). */
    email: text(),
    phone: text(),
    relationship: text({ enum: memberRelationships }).notNull().default('other'),
    permission: text({ enum: memberPermissions }).notNull().default('view'),
    imageUrl: text(),
    /**
     * When the account with this (verified) e-mail first opened the group. Until then the
     * group's other members are not told that the address has an account, and none of the
     * person's occasions or trips show in the group's events.
     */
    joinedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: timestampNow(),
  },
  (t) => [index('family_members_group_idx').on(t.groupId), index('family_members_email_idx').on(t.email)],
);

/** A trip its owner shared with one of their groups. */
export const groupTrips = sqliteTable(
  'group_trips',
  {
    id: uuidKey(),
    groupId: cascadeRef(() => familyGroups.id),
    tripId: cascadeRef(() => trips.id),
    createdAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('group_trips_group_trip_idx').on(t.groupId, t.tripId),
    index('group_trips_trip_idx').on(t.tripId),
  ],
);

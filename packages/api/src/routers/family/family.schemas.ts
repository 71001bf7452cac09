import { accessLevels, groupTypes, memberPermissions, memberRelationships } from '@naav/schemas/family';
import { z } from 'zod';
import { doneSchema, id, isoDate } from '../../lib/schemas';
import { tripStatuses } from '../trips/trips.schemas';

// The requests the family screens' forms send live in @naav/schemas, where the forms check their values with them too.
export {
  addMemberInput,
  createGroupInput,
  groupTripInput,
  memberIdInput,
  permissionsOf,
  sharePersonInput,
  type SharePersonInput,
  updateGroupInput,
  updateMemberInput,
  type AddMemberInput,
  type CreateGroupInput,
  type MemberPermission,
  type UpdateGroupInput,
  type UpdateMemberInput,
} from '@naav/schemas/family';

const memberSchema = z
  .object({
    id,
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    relationship: z.enum(memberRelationships),
    permissions: z.array(z.enum(memberPermissions)),
    imageUrl: z.string().nullable(),
    /**
     * True once the e-mail's owner, with a verified account, has opened the group (they see its
     * shared trips from the moment they verify). Until then it stays false, so adding an address
     * does not tell whether it has an account.
     */
    registered: z.boolean(),
  })
  .meta({ id: 'GroupMember' });

const groupTripSchema = z.object({
  id,
  title: z.string(),
  destination: z.string(),
  startDate: isoDate,
  endDate: isoDate,
});

export const groupSchema = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(groupTypes),
    /** 'owner' for My Groups; a member's permission for Shared with Me. */
    access: z.enum(accessLevels),
    ownerName: z.string(),
    members: z.array(memberSchema),
    /** Trips shared with the group. */
    trips: z.array(groupTripSchema),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof groupSchema>;

export const leftGroupSchema = doneSchema('left');

export const sharedTripSchema = z
  .object({
    id,
    title: z.string(),
    destination: z.string(),
    startDate: isoDate,
    endDate: isoDate,
    status: z.enum(tripStatuses),
    imageUrl: z.string().nullable(),
    ownerName: z.string(),
    /** What the signed-in user may do with it. */
    access: z.enum(accessLevels),
    groups: z.array(z.object({ id, name: z.string() })),
  })
  .meta({ id: 'GroupSharedTrip' });
export type SharedTrip = z.infer<typeof sharedTripSchema>;

export const tripAccessSchema = z.object({ tripId: id, access: z.enum(accessLevels) }).meta({ id: 'TripAccess' });

export const familyEventSchema = z
  .object({
    /** Stable per occurrence: `occasion:<id>` or `trip:<id>`. */
    id: z.string(),
    kind: z.enum(['occasion', 'trip']),
    title: z.string(),
    date: isoDate,
    /** Whose occasion or trip it is. */
    personName: z.string(),
    /** The occasion's type, for an occasion. */
    occasionType: z.string().nullable(),
    /** The trip's destination, for a trip start. */
    destination: z.string().nullable(),
  })
  .meta({ id: 'FamilyEvent' });
export type FamilyEvent = z.infer<typeof familyEventSchema>;

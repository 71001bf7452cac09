import { groupTypes, memberPermissions, memberRelationships } from '@naav/db/schema';
import { z } from 'zod';
import { id, isoDate, optionalText, requiredText } from '../../lib/schemas';
import { tripStatuses } from '../trips/trips.schemas';

export type MemberPermission = (typeof memberPermissions)[number];
/** The actor's standing in a group or on a trip: its owner, or a member with a permission. */
export const accessLevels = ['owner', 'admin', 'edit', 'view'] as const;

/**
 * The documented payload sends a list (View Only = [view], View & Edit = [view, edit],
 * Full Admin = [view, edit, admin]); the strongest entry decides, since each level includes
 * the ones below it.
 */
export const permissionsInput = z
  .array(z.enum(memberPermissions))
  .min(1, 'Choose at least one permission')
  .max(3)
  .transform((list): MemberPermission => (list.includes('admin') ? 'admin' : list.includes('edit') ? 'edit' : 'view'));

/** The list the screen shows for a stored level. */
export const permissionsOf = (level: MemberPermission): MemberPermission[] => memberPermissions.slice(0, memberPermissions.indexOf(level) + 1);

export const createGroupInput = z.object({
  name: requiredText(100),
  description: optionalText(500),
  type: z.enum(groupTypes).default('family'),
});
export type CreateGroupInput = z.infer<typeof createGroupInput>;

export const updateGroupInput = z.object({
  id,
  name: requiredText(100).optional(),
  description: optionalText(500).optional(),
  type: z.enum(groupTypes).optional(),
});
export type UpdateGroupInput = z.infer<typeof updateGroupInput>;

const emailInput = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid e-mail address')
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null));

export const addMemberInput = z.object({
  /** The group. */
  id,
  name: requiredText(100),
  email: emailInput,
  phone: optionalText(40),
  relationship: z.enum(memberRelationships).default('other'),
  permissions: permissionsInput.prefault(['view']),
});
export type AddMemberInput = z.infer<typeof addMemberInput>;

export const updateMemberInput = z.object({ id, memberId: id, permissions: permissionsInput });
export type UpdateMemberInput = z.infer<typeof updateMemberInput>;

export const memberIdInput = z.object({ id, memberId: id });
export const groupTripInput = z.object({ id, tripId: id });

export const memberSchema = z.object({
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
});
export type Member = z.infer<typeof memberSchema>;

export const groupTripSchema = z.object({ id, title: z.string(), destination: z.string(), startDate: isoDate, endDate: isoDate });

export const groupSchema = z.object({
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
});
export type Group = z.infer<typeof groupSchema>;

export const deletedGroupSchema = z.object({ id, deleted: z.literal(true) });
export const leftGroupSchema = z.object({ id, left: z.literal(true) });

export const sharedTripSchema = z.object({
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
});
export type SharedTrip = z.infer<typeof sharedTripSchema>;

export const tripAccessSchema = z.object({ tripId: id, access: z.enum(accessLevels) });

export const familyEventSchema = z.object({
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
});
export type FamilyEvent = z.infer<typeof familyEventSchema>;

/** The family groups' choices and the requests their forms send: a group, a member, a shared trip. */
import { z } from './zod';
import { id, optionalText, requiredText } from './fields';

export const groupTypes = ['family', 'friends', 'colleagues', 'custom'] as const;
export const memberRelationships = ['self', 'spouse', 'parent', 'child', 'sibling', 'friend', 'other'] as const;
/** Each level includes the ones before it: view < edit < admin. */
export const memberPermissions = ['view', 'edit', 'admin'] as const;

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
export const permissionsOf = (level: MemberPermission): MemberPermission[] =>
  memberPermissions.slice(0, memberPermissions.indexOf(level) + 1);

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

/**
 * POST /api/family/trips/{id}/people: share one's trip (`id`) with a person by e-mail. They join
 * the owner's group "Shared: <trip title>" (made for the trip on first use) with the chosen
 * permission; someone already in that group gets the new permission.
 */
export const sharePersonInput = z.object({
  id,
  name: requiredText(100),
  email: z
    .string()
    .trim()
    .min(1, 'Enter an e-mail address')
    .max(254)
    .refine((v) => z.email().safeParse(v).success, 'Enter a valid e-mail address')
    .transform((v) => v.toLowerCase()),
  permissions: permissionsInput.prefault(['view']),
});
export type SharePersonInput = z.infer<typeof sharePersonInput>;

/** The family groups' choices and the requests their forms send: a group, a member, a shared trip. */
import { z } from './zod';
import { id, optionalText, requiredText } from './fields';
import { groupTypes, memberPermissions, memberRelationships, type MemberPermission } from './family-levels';

export {
  accessLevels,
  groupTypes,
  memberPermissions,
  memberRelationships,
  permissionsOf,
  type MemberPermission,
} from './family-levels';

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

import { permissionsOf } from '@naav/schemas/family-levels';
import type { IconName } from '~/components/icon';
import type { RouterOutputs } from '~/lib/api-types';

export type Group = RouterOutputs['family']['groups'][number];
export type Member = Group['members'][number];
export type SharedTrip = RouterOutputs['family']['sharedTrips'][number];
export type FamilyEvent = RouterOutputs['family']['events'][number];
export type GroupType = Group['type'];
export type Relationship = Member['relationship'];
export type Permission = Member['permissions'][number];
export type Access = Group['access'];

/** The three presets of the Add Member dialog; each level includes the ones before it. */
export const permissionPresets = [
  { key: 'view', label: 'View Only', permissions: ['view'] },
  { key: 'edit', label: 'View & Edit', permissions: ['view', 'edit'] },
  { key: 'admin', label: 'Full Admin', permissions: ['view', 'edit', 'admin'] },
] as const satisfies readonly { key: Permission; label: string; permissions: readonly Permission[] }[];
export type PresetKey = (typeof permissionPresets)[number]['key'];

/** The preset a member's permission list amounts to: the strongest entry decides. */
export function presetOf(permissions: readonly Permission[]): PresetKey {
  if (permissions.includes('admin')) return 'admin';
  if (permissions.includes('edit')) return 'edit';
  return 'view';
}

/**
 * A member form's request, for the group or trip `id`: its values with the preset chosen in the
 * field `presetField` sent as that preset's permission list.
 */
export function withPermissions<V extends object, F extends keyof V & string>(id: string, presetField: F) {
  return (values: V) => {
    const { [presetField]: preset, ...rest } = values;
    return { id, ...(rest as Omit<V, F>), permissions: permissionsOf(preset as PresetKey) };
  };
}

export const groupTypeLabels: Record<GroupType, string> = {
  family: 'Family',
  friends: 'Friends',
  colleagues: 'Colleagues',
  custom: 'Custom',
};
export const groupTypeIcons: Record<GroupType, IconName> = {
  family: 'heart',
  friends: 'users',
  colleagues: 'suitcase',
  custom: 'sparkles',
};

export const relationshipLabels: Record<Relationship, string> = {
  self: 'Self',
  spouse: 'Spouse',
  parent: 'Parent',
  child: 'Child',
  sibling: 'Sibling',
  friend: 'Friend',
  other: 'Other',
};

/** What the signed-in user may do, in words. */
export const accessLabels: Record<Access, string> = {
  owner: 'Owner',
  admin: 'Full Admin',
  edit: 'View & Edit',
  view: 'View Only',
};

/** Owners and admin members manage a group's members and name. */
export const canManage = (access: Access) => access === 'owner' || access === 'admin';

/** At most this many avatars on a card, then "+N". */
export const MAX_AVATARS = 5;
export function avatarOverflow<T>(members: readonly T[]): { shown: T[]; more: number } {
  return { shown: members.slice(0, MAX_AVATARS), more: Math.max(0, members.length - MAX_AVATARS) };
}

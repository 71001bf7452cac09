// The family groups' choices and levels, without the schemas (and zod): screens that only show them import these.

export const groupTypes = ['family', 'friends', 'colleagues', 'custom'] as const;
export const memberRelationships = ['self', 'spouse', 'parent', 'child', 'sibling', 'friend', 'other'] as const;
/** Each level includes the ones before it: view < edit < admin. */
export const memberPermissions = ['view', 'edit', 'admin'] as const;

export type MemberPermission = (typeof memberPermissions)[number];
/** The actor's standing in a group or on a trip: its owner, or a member with a permission. */
export const accessLevels = ['owner', 'admin', 'edit', 'view'] as const;

/** The list the screen shows for a stored level. */
export const permissionsOf = (level: MemberPermission): MemberPermission[] =>
  memberPermissions.slice(0, memberPermissions.indexOf(level) + 1);

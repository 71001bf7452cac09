/**
 * The kinds of event the audit log records (GET /api/admin/audit?action=, the admin screen's
 * filter). A new kind of event adds its name here.
 */
export const auditActions = [
  'sign-in',
  'sign-in.failed',
  'sign-in.two-factor',
  'sign-in.two-factor-failed',
  'sign-out',
  'password.changed',
  'password.reset',
  'two-factor.enabled',
  'two-factor.disabled',
  'two-factor.reset',
  'passkey.added',
  'passkey.removed',
  'user.role-changed',
  'user.deactivated',
  'user.reactivated',
  'user.admin-created',
  'client.agent-assigned',
  'invitation.sent',
  'invitation.accepted',
  'sharing.changed',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** How the admin screen names each kind of event. */
export const auditActionLabels: Record<AuditAction, string> = {
  'sign-in': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'sign-in.two-factor': 'Two-factor code accepted',
  'sign-in.two-factor-failed': 'Two-factor code refused',
  'sign-out': 'Signed out',
  'password.changed': 'Password changed',
  'password.reset': 'Password reset',
  'two-factor.enabled': 'Two-factor turned on',
  'two-factor.disabled': 'Two-factor turned off',
  'two-factor.reset': 'Two-factor reset',
  'passkey.added': 'Passkey added',
  'passkey.removed': 'Passkey removed',
  'user.role-changed': 'Role changed',
  'user.deactivated': 'Deactivated',
  'user.reactivated': 'Reactivated',
  'user.admin-created': 'Made an admin',
  'client.agent-assigned': 'Agent assigned',
  'invitation.sent': 'Invitation sent',
  'invitation.accepted': 'Invitation accepted',
  'sharing.changed': 'Sharing changed',
};

import { newPassword } from './auth';
import { roles } from './role-names';
import { z } from './zod';

export { isTravelTeam, type Role, roleLabels, roles } from './role-names';

/** POST /api/admin/invitations: who to invite, and as what. */
export const invitationInput = z.object({
  email: z.email('Enter a valid e-mail address').max(254),
  role: z.enum(roles),
});

/** POST /api/invitations/{token}/accept: the new account's name and password (the address is the invitation's). */
export const acceptInvitationInput = z.object({
  name: z.string().trim().min(1, 'Required').max(100, 'Use at most 100 characters'),
  password: newPassword,
});

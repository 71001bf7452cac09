import { newPassword } from './auth';
import { z } from './zod';

/**
 * The roles an account can have: a client is a traveller (every sign-up), an agent is on the
 * travel team, and an admin is on the travel team too and also manages the accounts.
 */
export const roles = ['client', 'agent', 'admin'] as const;
export type Role = (typeof roles)[number];

/** How the screens name each role. */
export const roleLabels: Record<Role, string> = { client: 'Traveller', agent: 'Travel agent', admin: 'Administrator' };

/** Agents and admins: they see the travel desk (an admin may do all an agent may). */
export const isTravelTeam = (role: Role | undefined | null): boolean => role === 'agent' || role === 'admin';

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

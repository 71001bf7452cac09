/** The roles and their names, without zod: the browser needs them before its first screen. */

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

import { userRoles } from '@naav/db/schema';
import { z } from 'zod';

export const meSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.email(),
    role: z.enum(userRoles),
    /** One or two letters for the avatar. */
    initials: z.string(),
    /** Whether the e-mail address is confirmed (the app asks to verify until it is). */
    emailVerified: z.boolean(),
    /** Whether sign-in asks for a code from an authenticator app. */
    twoFactorEnabled: z.boolean(),
    /** True for an agent while AGENT_2FA=required and two-factor sign-in is still off: nothing else works until it is on. */
    twoFactorRequired: z.boolean(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof meSchema>;

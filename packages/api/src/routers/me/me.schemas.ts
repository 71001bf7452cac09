import { userRoles } from '@naav/db/schema';
import { z } from 'zod';

export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.email(),
  role: z.enum(userRoles),
  /** One or two letters for the avatar. */
  initials: z.string(),
});
export type Me = z.infer<typeof meSchema>;

import { userRoles } from '@naav/db/schema';
import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });

export const demoSchema = z
  .object({
    /** False once the demo accounts are gone (or were never loaded). */
    available: z.boolean(),
    password: z.string().nullable(),
    accounts: z.array(z.object({ email: z.email(), role: z.enum(userRoles), name: z.string() })),
  })
  .meta({ id: 'Demo' });
export type DemoInfo = z.infer<typeof demoSchema>;

import { z } from 'zod';

export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.email(),
});
export type Client = z.infer<typeof clientSchema>;

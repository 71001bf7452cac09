/** The auth requests the web app checks before sending them to the server's auth endpoints (better-auth). */
import { z } from 'zod';

/**
 * POST /api/auth/sign-in/email: an e-mail address and a password. The server answers an address
 * that is not one with "Invalid email" (better-auth's INVALID_EMAIL), and checks the password.
 */
export const signInInput = z.object({
  email: z.email('Invalid email'),
  password: z.string().min(1, 'Required'),
});
export type SignInInput = z.infer<typeof signInInput>;

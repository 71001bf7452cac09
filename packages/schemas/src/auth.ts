/** The auth requests the web app checks before sending them to the server's auth endpoints (better-auth). */
import { z } from './zod';
import { maxPasswordLength, minPasswordLength } from './password';

export { maxPasswordLength, minPasswordLength };

/**
 * POST /api/auth/sign-in/email: an e-mail address and a password. The server answers an address
 * that is not one with "Invalid email" (better-auth's INVALID_EMAIL), and checks the password.
 */
export const signInInput = z.object({
  email: z.email('Invalid email'),
  password: z.string().min(1, 'Required'),
});
export type SignInInput = z.infer<typeof signInInput>;

/** A new password: the server's length rule (it also refuses the most common passwords, which only it knows). */
export const newPassword = z
  .string()
  .min(minPasswordLength, `Password must be at least ${minPasswordLength} characters`)
  .max(maxPasswordLength, `Use at most ${maxPasswordLength} characters`);

/** POST /api/auth/sign-up/email: a name, an e-mail address and a new password. */
export const signUpInput = z.object({
  name: z.string().trim().min(1, 'Required'),
  email: z.email('Invalid email'),
  password: newPassword,
});
export type SignUpInput = z.infer<typeof signUpInput>;

/** POST /api/auth/request-password-reset: the address to send the link to. */
export const requestPasswordResetInput = z.object({
  email: z.email('Invalid email'),
});

/** POST /api/auth/reset-password: the new password (the token comes from the link). */
export const resetPasswordInput = z.object({
  newPassword,
});

/** POST /api/auth/two-factor/enable and /disable: the account's password. */
export const twoFactorPasswordInput = z.object({
  password: z.string().min(1, 'Required'),
});

/** POST /api/auth/two-factor/verify-totp: the 6-digit code an authenticator app shows. */
export const appCodeInput = z.object({
  code: z.string().regex(/^\d{6}$/, 'Enter the 6 digits your app shows'),
});

/** POST /api/auth/two-factor/verify-backup-code: one of the recovery codes saved at set-up. */
export const recoveryCodeInput = z.object({
  code: z.string().trim().min(1, 'Required'),
});

/** DELETE /api/me: the password (and the app's code when two-factor sign-in is on), and what becomes of trips shared with a group. */
export const deleteAccountInput = z.object({
  password: z.string().min(1, 'Required').max(200),
  code: appCodeInput.shape.code.optional(),
  /** `transfer`: each goes to a member with edit permission (deleted when there is none); `delete`: deleted. */
  sharedTrips: z.enum(['transfer', 'delete']),
});

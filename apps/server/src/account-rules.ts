import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { isCommonPassword, maxPasswordLength, minPasswordLength } from './password-policy';

/** The field that carries the new password on each path that sets one. */
const newPasswordField: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/**
 * Naav's own rules on top of better-auth: a new password may not be one of the common ones
 * (checked offline), and two-factor sign-in can be turned on only by an account whose
 * e-mail is verified, so that an address squatted before its owner verified it can still
 * be recovered by a password reset.
 */
export const accountRules = () =>
  ({
    id: 'naav-account-rules',
    hooks: {
      before: [
        {
          matcher: (ctx) => (ctx.path ?? '') in newPasswordField,
          handler: createAuthMiddleware(async (ctx) => {
            const field = newPasswordField[ctx.path] ?? 'password';
            const password: unknown = (ctx.body as Record<string, unknown> | undefined)?.[field];
            // Length is better-auth's own check (it answers PASSWORD_TOO_SHORT or _TOO_LONG).
            if (
              typeof password !== 'string' ||
              password.length < minPasswordLength ||
              password.length > maxPasswordLength
            )
              return;
            if (await isCommonPassword(password)) {
              throw APIError.from('BAD_REQUEST', {
                code: 'PASSWORD_TOO_COMMON',
                message: `${field}: this password is one of the most common ones; choose another`,
              });
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/two-factor/enable',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (session && !session.user.emailVerified) {
              throw APIError.from('FORBIDDEN', {
                code: 'EMAIL_NOT_VERIFIED',
                message: 'Verify your e-mail address before turning on two-factor sign-in',
              });
            }
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;

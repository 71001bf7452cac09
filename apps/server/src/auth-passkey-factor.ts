import type { BetterAuthPlugin } from 'better-auth';
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  sessionMiddleware,
} from 'better-auth/api';
import { expireCookie } from 'better-auth/cookies';
import * as z from 'zod';

/**
 * A passkey as the second factor of a password sign-in, on top of better-auth's two-factor and
 * passkey plugins (the passkey plugin checks every assertion; nothing here does WebAuthn itself):
 *
 * - After the password, the two-factor plugin leaves a pending sign-in: its signed `two_factor`
 *   cookie names a verification row holding the user's id. The sign-in answer lists `passkey`
 *   among `twoFactorMethods` when the account has one.
 * - `GET /passkey/generate-authenticate-options?factor=second` offers only that user's passkeys, and
 *   `POST /passkey/verify-authentication?factor=second` accepts only one of them: a passkey of
 *   another account is refused (401 PASSKEY_NOT_YOURS) before the plugin checks it, and no session
 *   starts. Accepted, the pending sign-in is spent and its cookie cleared; the answer says
 *   `twoFactor: "passkey"` (for the audit log).
 * - `POST /two-factor/enable-passkey` `{password}` turns two-factor sign-in on with the account's
 *   passkeys as the factor (no authenticator app). The last passkey of such an account cannot be
 *   deleted while it is the only factor.
 */

/** The two-factor plugin's pending sign-in cookie (better-auth's TWO_FACTOR_COOKIE_NAME). */
const pendingCookie = 'two_factor';

const notYours = {
  code: 'PASSKEY_NOT_YOURS',
  message: 'This passkey belongs to another account: use a passkey of the account you are signing in to',
};
const pendingExpired = { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'That took too long: sign in again' };

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const asSecondFactor = (ctx: HookContext) =>
  (ctx.query as Record<string, unknown> | undefined)?.['factor'] === 'second';

/** The pending sign-in of this request (its cookie's verification row and user), or null. */
async function pendingSignIn(ctx: HookContext): Promise<{ identifier: string; userId: string } | null> {
  const cookie = ctx.context.createAuthCookie(pendingCookie);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const row = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return { identifier, userId: row.value };
}

interface PasskeyRow {
  id: string;
  userId: string;
  credentialID: string;
  transports?: string | null;
}

const passkeysOf = (ctx: HookContext, userId: string) =>
  ctx.context.adapter.findMany<PasskeyRow>({ model: 'passkey', where: [{ field: 'userId', value: userId }] });

/** Whether the account has a confirmed authenticator app (the two-factor plugin's own row). */
async function hasAuthenticatorApp(ctx: HookContext, userId: string): Promise<boolean> {
  const row = await ctx.context.adapter.findOne<{ verified?: boolean | null }>({
    model: 'twoFactor',
    where: [{ field: 'userId', value: userId }],
  });
  return !!row && row.verified !== false;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !(value instanceof Error);

export const passkeyFactor = () =>
  ({
    id: 'naav-passkey-factor',
    endpoints: {
      enablePasskeyFactor: createAuthEndpoint(
        '/two-factor/enable-passkey',
        { method: 'POST', body: z.object({ password: z.string().max(1024) }), use: [sessionMiddleware] },
        async (ctx) => {
          const { user } = ctx.context.session;
          if (!user.emailVerified)
            throw APIError.from('FORBIDDEN', {
              code: 'EMAIL_NOT_VERIFIED',
              message: 'Verify your e-mail address before turning on two-factor sign-in',
            });
          const account = await ctx.context.internalAdapter.findCredentialAccount(user.id);
          if (!account?.password)
            throw APIError.from('BAD_REQUEST', {
              code: 'NO_PASSWORD',
              message: 'This account signs in without a password: its passkeys need no second factor',
            });
          if (!(await ctx.context.password.verify({ hash: account.password, password: ctx.body.password })))
            throw APIError.from('BAD_REQUEST', { code: 'INVALID_PASSWORD', message: 'Invalid password' });
          if ((await passkeysOf(ctx, user.id)).length === 0)
            throw APIError.from('BAD_REQUEST', {
              code: 'NO_PASSKEY',
              message: 'Add a passkey first (account menu, Passkeys)',
            });
          if (user.twoFactorEnabled)
            throw APIError.from('BAD_REQUEST', {
              code: 'TWO_FACTOR_ALREADY_ENABLED',
              message: 'Two-factor sign-in is already on',
            });
          await ctx.context.internalAdapter.updateUser(user.id, { twoFactorEnabled: true });
          return ctx.json({ status: true });
        },
      ),
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/passkey/verify-authentication',
          handler: createAuthMiddleware(async (ctx) => {
            if (!asSecondFactor(ctx)) return;
            const pending = await pendingSignIn(ctx);
            if (!pending) throw APIError.from('UNAUTHORIZED', pendingExpired);
            const credentialId = (ctx.body as { response?: { id?: unknown } } | undefined)?.response?.id;
            const owner = (await passkeysOf(ctx, pending.userId)).some((p) => p.credentialID === credentialId);
            if (!owner) throw APIError.from('UNAUTHORIZED', notYours);
          }),
        },
        {
          // The last passkey of an account whose only second factor it is stays until two-factor sign-in is off.
          matcher: (ctx) => ctx.path === '/passkey/delete-passkey',
          handler: createAuthMiddleware(async (ctx) => {
            const user = (await getSessionFromCtx(ctx))?.user;
            if (!user?.twoFactorEnabled || (await hasAuthenticatorApp(ctx, user.id))) return;
            const passkeys = await passkeysOf(ctx, user.id);
            const id = (ctx.body as { id?: unknown } | undefined)?.id;
            if (passkeys.length === 1 && passkeys[0]?.id === id)
              throw APIError.from('BAD_REQUEST', {
                code: 'LAST_PASSKEY_IS_SECOND_FACTOR',
                message:
                  'This passkey is your second factor: turn two-factor sign-in off first, or add another passkey',
              });
          }),
        },
      ],
      after: [
        {
          // After the password: say that a passkey can finish the sign-in.
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const answer = ctx.context.returned;
            if (!isObject(answer) || answer['twoFactorRedirect'] !== true) return;
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email !== 'string') return;
            const user = await ctx.context.internalAdapter.findUserByEmail(email.trim().toLowerCase());
            if (!user || (await passkeysOf(ctx, user.user.id)).length === 0) return;
            const methods = Array.isArray(answer['twoFactorMethods']) ? answer['twoFactorMethods'] : [];
            ctx.context.returned = { ...answer, twoFactorMethods: [...methods, 'passkey'] };
          }),
        },
        {
          // The browser is offered the pending user's passkeys only.
          matcher: (ctx) => ctx.path === '/passkey/generate-authenticate-options',
          handler: createAuthMiddleware(async (ctx) => {
            const options = ctx.context.returned;
            if (!asSecondFactor(ctx) || !isObject(options)) return;
            const pending = await pendingSignIn(ctx);
            if (!pending) throw APIError.from('UNAUTHORIZED', pendingExpired);
            const allowCredentials = (await passkeysOf(ctx, pending.userId)).map((p) => ({
              id: p.credentialID,
              type: 'public-key',
              ...(p.transports ? { transports: p.transports.split(',') } : {}),
            }));
            ctx.context.returned = { ...options, allowCredentials };
          }),
        },
        {
          // Accepted as the second factor: the pending sign-in is spent.
          matcher: (ctx) => ctx.path === '/passkey/verify-authentication',
          handler: createAuthMiddleware(async (ctx) => {
            const answer = ctx.context.returned;
            if (!asSecondFactor(ctx) || !isObject(answer) || !answer['session']) return;
            const cookie = ctx.context.createAuthCookie(pendingCookie);
            const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
            if (identifier) await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
            expireCookie(ctx, cookie);
            ctx.context.returned = { ...answer, twoFactor: 'passkey' };
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;

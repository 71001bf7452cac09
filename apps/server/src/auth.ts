import { quietAsyncStorage } from './auth-async-storage';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Actor } from '@naav/api';
import type { Database, PreparedReader } from '@naav/db';
import { schema } from '@naav/db';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { accountRules } from './account-rules';
import { passkeyFactor } from './auth-passkey-factor';
import { auditSsoSignIn, passkeyPlugin, type SsoConfig, ssoPlugins, ssoRoleOf } from './auth-sso';
import type { MailMessage, Mailer } from './mail/mailer';
import { existingAccountMessage, passwordResetMessage, verificationMessage } from './mail/messages';
import { maxPasswordLength, minPasswordLength } from './password-policy';
import type { PasswordHasher } from './test-password-hash';

/** How long a session lives: it ends at whichever comes first. */
export const sessionLifetime = {
  /** From sign-in, whatever happens. */
  absoluteMs: 7 * 24 * 60 * 60 * 1000,
  /** Unused for this long, it ends. */
  idleMs: 24 * 60 * 60 * 1000,
  /** "Last seen" is written at most this often per session, not on every request. */
  touchEveryMs: 60 * 1000,
} as const;

/**
 * The request header that carries the client address (see client-address.ts) from the app to
 * better-auth, which records it with each new session. The app sets it on every request it
 * hands over, so a value the client sent never reaches better-auth.
 */
export const clientAddressHeader = 'x-naav-client-address';

export interface AuthOptions {
  db: Database;
  secret: string;
  /** PUBLIC_URL: every link in a message starts with it. */
  baseURL: string;
  trustedOrigins: string[];
  /** Sends verification, password reset and "your address is taken" messages. */
  mailer: Mailer;
  /** Tests only (see test-password-hash.ts): a cheaper hasher than better-auth's own scrypt. */
  passwordHasher?: PasswordHasher;
  /** An agency's OpenID Connect provider for single sign-on (OIDC_* settings); none when unset. */
  sso?: SsoConfig;
}

/** What signing in to a deactivated account answers (403). */
const deactivatedError = {
  code: 'ACCOUNT_DEACTIVATED',
  message: 'This account has been deactivated: ask your administrator',
};

/** How long a password reset link works. */
const resetLinkMinutes = 30;

export function createAuth({ db, secret, baseURL, trustedOrigins, mailer, passwordHasher, sso }: AuthOptions) {
  const appUrl = (path: string) => new URL(path, baseURL).toString();
  // A mail server that fails is logged, never answered: every auth answer stays the same
  // whether or not a message went out (or the address has an account).
  const deliver = async (composing: Promise<MailMessage>) => {
    const message = await composing;
    try {
      await mailer.send(message);
    } catch (error) {
      console.error(`Mail to ${message.to} ("${message.subject}") failed: ${(error as Error).message}`);
    }
  };
  const auth = betterAuth({
    appName: 'Naav',
    secret,
    baseURL,
    basePath: '/api/auth',
    trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'sqlite',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        passkey: schema.passkey,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength,
      maxPasswordLength,
      // Sign-up signs nobody in and answers the same whether or not the address is taken (the
      // owner of a taken one gets an e-mail instead); the verification link signs the new user in.
      autoSignIn: false,
      ...(passwordHasher ? { password: passwordHasher } : {}),
      // Unverified users may sign in; a banner asks them to verify, and nothing links to them until they do.
      requireEmailVerification: false,
      onExistingUserSignUp: ({ user }) =>
        deliver(
          existingAccountMessage(user, { signIn: appUrl('/sign-in'), forgotPassword: appUrl('/forgot-password') }),
        ),
      resetPasswordTokenExpiresIn: resetLinkMinutes * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, url }) => deliver(passwordResetMessage(user, url, resetLinkMinutes)),
      // The reset link reached the address, which proves it as well as a verification link would.
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified)
          await db
            .update(schema.user)
            .set({ emailVerified: true, updatedAt: new Date() })
            .where(eq(schema.user.id, user.id));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60,
      sendVerificationEmail: ({ user, url }) => deliver(verificationMessage(user, url)),
    },
    user: {
      // Sign-up always makes a client; agents and admins come from an invitation, an admin's
      // change of role, or `pnpm naav admin create` (docs/operating.md).
      additionalFields: { role: { type: 'string', required: false, defaultValue: 'client', input: false } },
    },
    session: {
      // No cookie cache: every request reads the session row (createSessionResolver), so a
      // sign-out or revocation counts at once on every server. The row's expiresAt is the
      // moment the session ends, idle or not: 24 hours after sign-in, moved on as it is used
      // (sessionLifetime.touchEveryMs) but never past 7 days after sign-in. better-auth's own
      // refresh would move it to 7 days from now, so it is off.
      expiresIn: sessionLifetime.absoluteMs / 1000,
      disableSessionRefresh: true,
    },
    databaseHooks: {
      user: {
        create: {
          // A first sign-in through single sign-on makes the role OIDC_ROLE gives.
          before: async (user, ctx) => {
            const role = ssoRoleOf(sso, ctx);
            return role ? { data: { ...user, role } } : undefined;
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            // A deactivated account signs in nowhere (password, link or second factor alike).
            const [owner] = await db
              .select({ deactivatedAt: schema.user.deactivatedAt })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId));
            if (owner?.deactivatedAt) throw APIError.from('FORBIDDEN', deactivatedError);
            return {
              data: {
                ...session,
                expiresAt: new Date(Math.min(session.expiresAt.getTime(), Date.now() + sessionLifetime.idleMs)),
              },
            };
          },
          after: (session, ctx) => auditSsoSignIn(db, sso, session, ctx),
        },
      },
    },
    hooks: {
      // A password change always signs out every other session (the caller gets a new one).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/change-password')
          return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
      }),
    },
    plugins: [
      twoFactor({ issuer: 'Naav' }),
      passkeyPlugin(baseURL, trustedOrigins),
      passkeyFactor(),
      ...ssoPlugins(sso),
      accountRules(),
    ],
    // better-auth turns its Origin/CSRF checks off by default when NODE_ENV is 'test' (as under
    // Vitest, or a server started with NODE_ENV=test); keep them on everywhere.
    advanced: {
      cookiePrefix: 'naav',
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [clientAddressHeader] },
    },
    // Throttling is the app's (auth-routes.ts): counted in the database, per address and account.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
  });
  // Its AsyncLocalStorage off between its calls (auth-async-storage.ts).
  return quietAsyncStorage(auth);
}

export type Auth = ReturnType<typeof createAuth>;

export interface SessionResolver {
  /** The request's actor (with its session id), or null when signed out, expired or revoked. */
  actorFor(headers: Headers): Promise<Actor | null>;
}

export interface SessionResolverOptions {
  /** Per-request reads, compiled once (see @naav/db's createPreparedReader). */
  reader: PreparedReader;
  clock?: () => number;
}

/**
 * Checks the session of every API request: the `naav.session_token` cookie's signature
 * (HMAC-SHA256 with the auth secret, as better-auth signs it), then one indexed read of the
 * session and its user by token. Browsers and integrators (who send only that cookie) take the
 * same path. Nothing is remembered between requests: a session deleted by a sign-out,
 * revocation or password change on any server is refused by the next request on every server.
 */
export function createSessionResolver(
  auth: Auth,
  db: Database,
  { reader, clock = Date.now }: SessionResolverOptions,
): SessionResolver {
  const { session, user } = schema;
  const lookup = db
    .select({
      id: session.id,
      expiresAt: session.expiresAt,
      lastSeen: session.updatedAt,
      ...schema.actorColumns,
      // How the account can sign in (AGENT_2FA and /api/me ask), by two index probes in the same read.
      hasPassword: sql`EXISTS (SELECT 1 FROM ${schema.account} WHERE ${schema.account.userId} = ${user.id} AND ${schema.account.providerId} = 'credential' AND ${schema.account.password} IS NOT NULL)`,
      hasPasskey: sql`EXISTS (SELECT 1 FROM ${schema.passkey} WHERE ${schema.passkey.userId} = ${user.id})`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    // A deactivated account has no sessions left; the condition keeps it so even mid-deactivation.
    .where(and(eq(session.token, sql.placeholder('token')), isNull(user.deactivatedAt)))
    .toSQL().sql;

  let cookie: { name: string; secret: string } | undefined;
  const cookieSettings = async (): Promise<{ name: string; secret: string }> => {
    if (!cookie) {
      const ctx = await auth.$context;
      cookie = { name: ctx.authCookies.sessionToken.name, secret: ctx.secret };
    }
    return cookie;
  };

  /** Last seen now, and the idle deadline moved on (never past the absolute one). */
  const touch = (id: string, now: number) =>
    db
      .update(session)
      .set({
        updatedAt: new Date(now),
        expiresAt: sql`min(${session.createdAt} + ${sessionLifetime.absoluteMs}, ${now + sessionLifetime.idleMs})`,
      })
      .where(and(eq(session.id, id), gt(session.expiresAt, new Date(now))))
      .then(
        () => undefined,
        // The session is valid either way; the next request tries again.
        (error: unknown) => console.error('Could not record a session as seen:', error),
      );

  // A cookie value whose signature held once holds every time (the secret is fixed while the
  // server runs): remember the answer, not the session, which is read from the database below.
  const verified = new LRUCache<string, string>({ max: 10_000 });
  const tokenOf = (value: string | undefined, secret: string) => {
    if (!value) return undefined;
    let token = verified.get(value);
    if (token === undefined) {
      token = verifiedToken(value, secret);
      if (token) verified.set(value, token);
    }
    return token;
  };

  return {
    async actorFor(headers) {
      const { name, secret } = cookie ?? (await cookieSettings());
      const token = tokenOf(cookieValue(headers.get('cookie'), name), secret);
      if (!token) return null;
      const row = await reader.first(lookup, [token]);
      if (!row) return null;
      const [
        id,
        expiresAt,
        lastSeen,
        userId,
        userName,
        email,
        role,
        emailVerified,
        twoFactorEnabled,
        password,
        passkey,
      ] = row as [string, number, number, string, string, string, string, number, number, number, number];
      const now = clock();
      if (expiresAt <= now || lastSeen + sessionLifetime.idleMs <= now) return null;
      if (now - lastSeen >= sessionLifetime.touchEveryMs) await touch(id, now);
      return {
        id: userId,
        name: userName,
        email,
        role: role === 'agent' || role === 'admin' ? role : 'client',
        emailVerified: emailVerified === 1,
        twoFactorEnabled: twoFactorEnabled === 1,
        signInMeans: { password: password === 1, passkey: passkey === 1 },
        sessionId: id,
      };
    },
  };
}

/** The value of cookie `name` in a Cookie header (URL-decoded), or undefined. */
function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return raw.includes('%') ? decodeURIComponent(raw) : raw;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The session token of a signed cookie value (`token.base64(HMAC-SHA256(secret, token))`), if the signature holds. */
function verifiedToken(value: string | undefined, secret: string): string | undefined {
  if (!value) return undefined;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const encoded = value.slice(dot + 1);
  // As better-auth writes it: 32 bytes in standard base64, padded.
  if (encoded.length !== 44 || !encoded.endsWith('=')) return undefined;
  const signature = Buffer.from(encoded, 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : undefined;
}

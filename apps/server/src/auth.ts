import type { Actor } from '@naav/api';
import type { Database } from '@naav/db';
import { schema } from '@naav/db';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import { accountRules } from './account-rules';
import type { MailMessage, Mailer } from './mail/mailer';
import { existingAccountMessage, passwordResetMessage, verificationMessage } from './mail/messages';
import { maxPasswordLength, minPasswordLength } from './password-policy';

export interface AuthOptions {
  db: Database;
  secret: string;
  /** PUBLIC_URL: every link in a message starts with it. */
  baseURL: string;
  trustedOrigins: string[];
  /** Throttles repeated sign-in attempts per client address (on in production by default). */
  rateLimit?: boolean;
  /** Sends verification, password reset and "your address is taken" messages. */
  mailer: Mailer;
}

/** How long a password reset link works. */
export const resetLinkMinutes = 30;

export function createAuth({ db, secret, baseURL, trustedOrigins, rateLimit, mailer }: AuthOptions) {
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
  return betterAuth({
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
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength,
      maxPasswordLength,
      // Sign-up signs nobody in and answers the same whether or not the address is taken (the
      // owner of a taken one gets an e-mail instead); the verification link signs the new user in.
      autoSignIn: false,
      // Unverified users may sign in; a banner asks them to verify, and nothing links to them until they do.
      requireEmailVerification: false,
      onExistingUserSignUp: ({ user }) => deliver(existingAccountMessage(user, { signIn: appUrl('/sign-in'), forgotPassword: appUrl('/forgot-password') })),
      resetPasswordTokenExpiresIn: resetLinkMinutes * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, url }) => deliver(passwordResetMessage(user, url, resetLinkMinutes)),
      // The reset link reached the address, which proves it as well as a verification link would.
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified) await db.update(schema.user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(schema.user.id, user.id));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60,
      sendVerificationEmail: ({ user, url }) => deliver(verificationMessage(user, url)),
    },
    user: {
      // Sign-up always makes a client; agents are made by an administrator in the database.
      additionalFields: { role: { type: 'string', required: false, defaultValue: 'client', input: false } },
    },
    session: {
      // A signed cookie carries the session for 5 minutes, so most requests need no lookup.
      cookieCache: { enabled: true, maxAge: 5 * 60 },
    },
    plugins: [twoFactor({ issuer: 'Naav' }), accountRules()],
    // better-auth turns its Origin/CSRF checks off by default when NODE_ENV is 'test' (as under
    // Vitest, or a server started with NODE_ENV=test); keep them on everywhere.
    advanced: { cookiePrefix: 'naav', disableOriginCheck: false },
    ...(rateLimit === undefined ? {} : { rateLimit: { enabled: rateLimit } }),
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

interface SessionUser {
  id: string;
  name: string;
  email: string;
  role?: string | null;
  emailVerified?: boolean | null;
  twoFactorEnabled?: boolean | null;
}

const toActor = ({ id, name, email, role, emailVerified, twoFactorEnabled }: SessionUser): Actor => ({
  id,
  name,
  email,
  role: role === 'agent' ? 'agent' : 'client',
  emailVerified: emailVerified === true,
  twoFactorEnabled: twoFactorEnabled === true,
});

export interface SessionResolver {
  /**
   * The request's actor, or null when signed out. Cookies better-auth sets on the way (a
   * renewed 5-minute cookie cache, a session's extended expiry) are handed to `setCookie`,
   * so they reach the browser with the response.
   */
  actorFor(headers: Headers, setCookie?: (cookie: string) => void): Promise<Actor | null>;
  /** Forgets every remembered session: after sign-out, revocation or a profile change. */
  forgetAll(): void;
}

export interface SessionResolverOptions {
  /** How long one verified pair of session cookies is trusted without asking better-auth again. */
  rememberMs?: number;
  maxEntries?: number;
  clock?: () => number;
}

/**
 * Resolves sessions through better-auth, remembering for a few seconds the answer for a
 * pair of session-token + cookie-cache cookies it has just accepted. Verifying that pair
 * costs two HMAC checks and better-auth's endpoint machinery (about half a millisecond)
 * on every API call otherwise.
 *
 * Only requests that carry the cookie cache are remembered: better-auth accepts those
 * without a database lookup for up to 5 minutes anyway (a sign-out elsewhere is not seen
 * before the cache runs out), so this trusts a pair at most `rememberMs` longer than
 * better-auth would. A session token alone is always checked in the database (so a
 * signed-out token stays signed out), failures are never remembered, and the app forgets
 * everything after any write to /api/auth/* (sign-out, revocation, profile changes).
 */
export function createSessionResolver(
  auth: Auth,
  { rememberMs = 10_000, maxEntries = 5_000, clock = Date.now }: SessionResolverOptions = {},
): SessionResolver {
  let cookieNames: { token: string; data: string } | undefined;
  void auth.$context.then((ctx) => {
    cookieNames = { token: ctx.authCookies.sessionToken.name, data: ctx.authCookies.sessionData.name };
  });
  const remembered = new Map<string, { actor?: Promise<Actor | null>; until: number }>();

  const lookUp = async (headers: Headers, setCookie?: (cookie: string) => void) => {
    const { headers: set, response } = await auth.api.getSession({ headers, returnHeaders: true });
    if (setCookie) for (const cookie of set.getSetCookie()) setCookie(cookie);
    return response;
  };

  /** `token \n data` when the request carries both session cookies, else undefined. */
  const keyOf = (cookieHeader: string | null): string | undefined => {
    if (!cookieHeader || !cookieNames) return undefined;
    let token: string | undefined;
    let data: string | undefined;
    for (const part of cookieHeader.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0) continue;
      const name = part.slice(0, eq).trim();
      if (name === cookieNames.token) token = part.slice(eq + 1).trim();
      else if (name === cookieNames.data) data = part.slice(eq + 1).trim();
    }
    return token && data ? `${token}\n${data}` : undefined;
  };

  return {
    actorFor(headers, setCookie) {
      const key = keyOf(headers.get('cookie'));
      if (!key) return lookUp(headers, setCookie).then((s) => (s ? toActor(s.user) : null));
      const now = clock();
      const hit = remembered.get(key);
      if (hit?.actor && hit.until > now) return hit.actor;
      remembered.delete(key);

      const entry: { actor?: Promise<Actor | null>; until: number } = { until: now + rememberMs };
      // Drops this entry only (a newer one may have replaced it after forgetAll).
      const drop = () => {
        if (remembered.get(key) === entry) remembered.delete(key);
      };
      const actor = lookUp(headers, setCookie).then(
        (session) => {
          if (!session) {
            drop();
            return null;
          }
          // Never past the session's own end.
          entry.until = Math.min(entry.until, new Date(session.session.expiresAt).getTime());
          return toActor(session.user);
        },
        (error: unknown) => {
          drop();
          throw error;
        },
      );
      entry.actor = actor;
      // Concurrent requests with the same cookies share this one lookup.
      remembered.set(key, entry);
      if (remembered.size > maxEntries) {
        const oldest = remembered.keys().next().value;
        if (oldest !== undefined) remembered.delete(oldest);
      }
      return actor;
    },
    forgetAll() {
      remembered.clear();
    },
  };
}

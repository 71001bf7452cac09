import type { Actor } from '@naav/api';
import type { Database } from '@naav/db';
import { schema } from '@naav/db';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';

export interface AuthOptions {
  db: Database;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  /** Throttles repeated sign-in attempts per client address (on in production by default). */
  rateLimit?: boolean;
}

export function createAuth({ db, secret, baseURL, trustedOrigins, rateLimit }: AuthOptions) {
  return betterAuth({
    appName: 'Naav',
    secret,
    baseURL,
    basePath: '/api/auth',
    trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'sqlite',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, autoSignIn: true },
    user: {
      // Sign-up always makes a client; agents are made by an administrator in the database.
      additionalFields: { role: { type: 'string', required: false, defaultValue: 'client', input: false } },
    },
    session: {
      // A signed cookie carries the session for 5 minutes, so most requests need no lookup.
      cookieCache: { enabled: true, maxAge: 5 * 60 },
    },
    // better-auth turns its Origin/CSRF checks off by default when NODE_ENV is 'test' (as under
    // Vitest, or a server started with NODE_ENV=test); keep them on everywhere.
    advanced: { cookiePrefix: 'naav', disableOriginCheck: false },
    ...(rateLimit === undefined ? {} : { rateLimit: { enabled: rateLimit } }),
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The session's user as an API actor, or null when signed out. */
export async function actorFromRequest(auth: Auth, headers: Headers): Promise<Actor | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, name, email, role } = session.user;
  return { id, name, email, role: role === 'agent' ? 'agent' : 'client' };
}

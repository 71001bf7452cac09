import type { Database } from '@naav/db';
import type { UserRole } from '@naav/db/schema';
import type { FeedFollower } from './lib/live/follower';
import { noThrottle, type Throttle, type ThrottleBudget } from './lib/throttle';
import { noPhotoStore, type PhotoStore } from './routers/photos/photo-store';

/** The signed-in user as procedures see it. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  /** The session this request is signed in with (none for server-side callers). */
  sessionId?: string;
  /** From the session: whether the e-mail address is confirmed. Absent for server-side callers (then false). */
  emailVerified?: boolean;
  /** From the session: whether sign-in asks for a TOTP code. Absent for server-side callers (then false). */
  twoFactorEnabled?: boolean;
}

/** AGENT_2FA: `prompt` asks agents to turn two-factor sign-in on; `required` refuses them everything else until they do. */
export type AgentTwoFactorPolicy = 'prompt' | 'required';

export interface ContextOptions {
  db: Database;
  /** Looks the session up; called at most once per request, and only by protected procedures. */
  resolveActor: () => Promise<Actor | null>;
  /** Clock for "today"; tests pin it. */
  now?: () => Date;
  /** Development only: error answers may carry stack traces. */
  exposeErrorDetails?: boolean;
  /** Where uploaded photos are kept; without one, nothing can be uploaded. */
  photoStore?: PhotoStore;
  /** The HTTP request's headers (e.g. Idempotency-Key); none for server-side callers. */
  requestHeaders?: Headers;
  /** Attempt budgets shared by every app server (see lib/throttle.ts); none counts nothing. */
  throttle?: Throttle;
  /** The client's address as the server determines it (socket, or CLIENT_IP_HEADER); asked only when throttling. */
  clientAddress?: () => string;
  /** Whether agents must have two-factor sign-in on (default `prompt`: they are only asked). */
  agentTwoFactor?: AgentTwoFactorPolicy;
  /** This process's follower of the change feed (live.changes); by default one per database. */
  live?: FeedFollower;
  /** MAIL_DOMAIN: the domain of the forwarding addresses (`trips+<token>@<domain>`). */
  mailDomain?: string;
}

export function createContext({
  db,
  resolveActor,
  now = () => new Date(),
  exposeErrorDetails = false,
  photoStore = noPhotoStore,
  requestHeaders,
  throttle = noThrottle,
  clientAddress = () => 'unknown',
  agentTwoFactor = 'prompt',
  live,
  mailDomain = 'localhost',
}: ContextOptions) {
  let actor: Promise<Actor | null> | undefined;
  return {
    db,
    now,
    exposeErrorDetails,
    photoStore,
    agentTwoFactor,
    live,
    mailDomain,
    requestHeader: (name: string): string | null => requestHeaders?.get(name) ?? null,
    getActor: () => (actor ??= resolveActor()),
    /** Counts an attempt from this client (and `account`, when given); throws 429 when a budget is spent. */
    throttle: (budget: ThrottleBudget, account?: string) =>
      throttle.take(budget, { address: clientAddress(), account }),
  };
}

export type Context = ReturnType<typeof createContext>;

import type { Database } from '@naav/db';
import type { UserRole } from '@naav/db/schema';
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
}

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
}: ContextOptions) {
  let actor: Promise<Actor | null> | undefined;
  return {
    db,
    now,
    exposeErrorDetails,
    photoStore,
    requestHeader: (name: string): string | null => requestHeaders?.get(name) ?? null,
    getActor: () => (actor ??= resolveActor()),
    /** Counts an attempt from this client (and `account`, when given); throws 429 when a budget is spent. */
    throttle: (budget: ThrottleBudget, account?: string) => throttle.take(budget, { address: clientAddress(), account }),
  };
}

export type Context = ReturnType<typeof createContext>;

import type { Database } from '@naav/db';
import type { UserRole } from '@naav/db/schema';

/** The signed-in user as procedures see it. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  role: UserRole;
}

export interface ContextOptions {
  db: Database;
  /** Looks the session up; called at most once per request, and only by protected procedures. */
  resolveActor: () => Promise<Actor | null>;
  /** Clock for "today"; tests pin it. */
  now?: () => Date;
  /** Development only: error answers may carry stack traces. */
  exposeErrorDetails?: boolean;
}

export function createContext({
  db,
  resolveActor,
  now = () => new Date(),
  exposeErrorDetails = false,
}: ContextOptions) {
  let actor: Promise<Actor | null> | undefined;
  return {
    db,
    now,
    exposeErrorDetails,
    getActor: () => (actor ??= resolveActor()),
  };
}

export type Context = ReturnType<typeof createContext>;

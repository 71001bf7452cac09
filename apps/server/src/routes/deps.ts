import type { Actor, Context, FeedFollower, PhotoStore } from '@naav/api';
import type { Database } from '@naav/db';
import type { Context as HonoContext } from 'hono';

/** What the routes outside the tRPC and REST adapters need of the server, made once in app.ts. */
export interface RouteDeps {
  db: Database;
  photoStore: PhotoStore;
  /** The time of a request: the test clock where one is set, else the wall clock. */
  now: (req: Request) => Date;
  /** The procedures' context for a request (its actor, clock, throttle and client address). */
  contextOf: (c: HonoContext) => Context;
  /** The signed-in user of a request, or null. */
  actorOf: (c: HonoContext) => Promise<Actor | null>;
  /** Hands a request to the REST adapter, as the catch-all /api/* route does. */
  rest: (c: HonoContext) => Promise<Response>;
  /** The process's follower of the change feed. */
  live: FeedFollower;
}

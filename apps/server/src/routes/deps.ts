import type { Actor, Context } from '@naav/api';
import type { FeedFollower } from '@naav/api/server';
import type { Database } from '@naav/db';
import type { Context as HonoContext } from 'hono';

/** What the routes outside the tRPC and REST adapters need of the server, made once in app.ts. */
export interface RouteDeps {
  db: Database;
  /** The procedures' context for a request (its actor, clock, throttle and client address). */
  contextOf: (c: HonoContext) => Context;
  /** The signed-in user of a request, or null (the live stream's; every other route calls procedures). */
  actorOf: (c: HonoContext) => Promise<Actor | null>;
  /** Hands a request to the REST adapter, as the catch-all /api/* route does. */
  rest: (c: HonoContext) => Promise<Response>;
  /** The process's follower of the change feed. */
  live: FeedFollower;
}

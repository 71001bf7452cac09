import {
  assertTopicsReadable,
  grants,
  liveChanges,
  liveChangesInput,
  missingScopeMessage,
  openLiveStream,
  topicScope,
} from '@naav/api/server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { restErrorFrom, restErrorResponse } from '../rest';
import type { RouteDeps } from './deps';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
const heartbeatMs = 15_000;

/**
 * GET /api/stream?topics=a,b: the live.changes events as plain server-sent events for
 * integrators. Each event's `id` is an opaque token (the stream's place), `event` its kind and
 * `data` the event as JSON, whose `position` counts this stream's events; a reconnecting client sends the last id back (Last-Event-ID, or `lastEventId` in the
 * query) and gets what it missed, or one `reset`. The same authorisation as the subscription:
 * 401 signed out, 404 for a topic the caller may not read, 400 naming a malformed one. An API
 * token follows what its owner may, each topic also needing its domain's read scope (403 naming it).
 */
export function liveStreamRoutes({ db, actorOf, live }: RouteDeps) {
  const routes = new Hono();
  routes.get('/stream', async (c) => {
    const actor = await actorOf(c);
    if (!actor) return restErrorResponse(401, 'UNAUTHORIZED', 'Sign in to continue');
    const topicsParam = c.req.query('topics');
    const parsed = liveChangesInput.safeParse({
      topics: topicsParam ? topicsParam.split(',').map((t) => t.trim()) : [],
      lastEventId: c.req.header('last-event-id') ?? c.req.query('lastEventId') ?? null,
    });
    if (!parsed.success) return restErrorResponse(400, 'BAD_REQUEST', '', parsed.error.issues);
    const scopes = actor.token?.scopes;
    const missing = scopes && parsed.data.topics.map(topicScope).find((s) => s !== null && !grants(scopes, s));
    if (missing) return restErrorResponse(403, 'FORBIDDEN', missingScopeMessage(missing));
    const hangUp = new AbortController();
    let events: Awaited<ReturnType<typeof liveChanges>>;
    try {
      await assertTopicsReadable(db, actor, parsed.data.topics);
      // Counted before the answer starts, so a stream beyond the limits is a plain 429 with Retry-After.
      const opened = openLiveStream(live, actor, parsed.data.topics);
      events = await liveChanges({
        db,
        actor,
        follower: live,
        topics: parsed.data.topics,
        lastEventId: parsed.data.lastEventId,
        signal: hangUp.signal,
        opened,
      });
    } catch (error) {
      return restErrorFrom(error);
    }
    const response = streamSSE(c, async (stream) => {
      stream.onAbort(() => hangUp.abort());
      const heartbeat = setInterval(() => void stream.write(': ping\n\n'), heartbeatMs);
      try {
        for await (const { id, event } of events) {
          await stream.writeSSE({ id, event: event.kind, data: JSON.stringify(event) });
        }
      } finally {
        clearInterval(heartbeat);
        hangUp.abort();
      }
    });
    // Nothing of a stream is kept by any cache (streamSSE says no-cache, which still stores).
    response.headers.set('cache-control', 'no-store');
    return response;
  });
  return routes;
}

import { tracked } from '@trpc/server';
import { feedFollowerFor } from '../../lib/live/follower';
import { authedProcedure, router } from '../../trpc';
import { liveChangesInput } from './live.schemas';
import { assertTopicsReadable, liveChanges } from './live.service';

export const liveRouter = router({
  /**
   * The changes on the topics named, as server-sent events whose id (opaque, see
   * lib/live/stream-ids.ts) lets a reconnecting client resume after the last one it saw (tRPC passes the SSE last-event
   * id in as `lastEventId`). Events carry no data (see live.schemas.ts); a topic the caller
   * may not read is NOT_FOUND, as a missing row is. (No `.output()`: what is yielded is a
   * tracked envelope of `LiveEvent`, whose type the client infers from the generator.)
   */
  changes: authedProcedure.input(liveChangesInput).subscription(async ({ ctx, input, signal }) => {
    // Checked before the stream opens, so a forbidden topic fails the call itself.
    await assertTopicsReadable(ctx.db, ctx.actor, input.topics);
    const events = await liveChanges({
      db: ctx.db,
      actor: ctx.actor,
      follower: ctx.live ?? feedFollowerFor(ctx.db),
      topics: input.topics,
      lastEventId: input.lastEventId,
      signal,
    });
    return (async function* () {
      for await (const { id, event } of events) yield tracked(id, event);
    })();
  }),
});

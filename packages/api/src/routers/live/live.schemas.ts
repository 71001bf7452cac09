import { z } from 'zod';

/** A topic as `live.changes` and `GET /api/stream` take it (see lib/live/feed.ts for the forms). */
const topicSchema = z
  .string()
  .regex(
    /^(?:(?:trip|trips|concierge|proposals|group|notices):[A-Za-z0-9_-]{1,64}|concierge|proposals)$/,
    'Use a topic such as trip:<tripId>, concierge:<userId>, proposals:<clientId>, group:<groupId>, trips:<userId>, notices:<userId>, concierge or proposals',
  );

export const maxTopics = 30;

export const liveChangesInput = z.object({
  topics: z.array(topicSchema).min(1, 'Name at least one topic').max(maxTopics, `Name at most ${maxTopics} topics`),
  /** The last event seen (the SSE last-event id): the stream resumes after it. */
  lastEventId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use the id of an event this stream sent')
    .nullish(),
});

/**
 * One change: the topic, the row and what happened, never the row's data (the client reloads
 * it through the ordinary queries). `reset` (topic `*`) says events were missed: reload all.
 * `revoked` says the subscriber may no longer read `topic`; nothing more comes on it.
 */
const liveEvent = z.object({
  /** This stream's own count of events (1, 2, 3…, going on after a resume), not the change feed's position. */
  position: z.number().int(),
  topic: z.string(),
  rowId: z.string().nullable(),
  kind: z.string(),
});
export type LiveEvent = z.infer<typeof liveEvent>;

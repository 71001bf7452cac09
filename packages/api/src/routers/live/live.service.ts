import { isTravelTeam } from '@naav/schemas/roles';
import type { Database } from '@naav/db';
import { trips } from '@naav/db/schema';
import { and, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import { type FeedEvent, type FeedFollower, type OpenStream, tokenHolder } from '../../lib/live/follower';
import { tripAccess, tripAccessRank } from '../../lib/trip-access';
import { seenGroupsQuery, seesGroup } from '../family/group-access';
import type { LiveEvent } from './live.schemas';

/** Whether the actor may follow a topic: exactly who may read what it reports. */
async function canReadTopic(db: Database, actor: Actor, name: string): Promise<boolean> {
  const agent = isTravelTeam(actor.role);
  if (name === 'concierge' || name === 'proposals') return agent;
  const colon = name.indexOf(':');
  const [kind, id] = [name.slice(0, colon), name.slice(colon + 1)];
  switch (kind) {
    case 'trips':
    case 'notices':
      return id === actor.id;
    case 'concierge':
    case 'proposals':
      return id === actor.id || agent;
    case 'group':
      return seesGroup(db, actor, id);
    case 'trip':
      return tripAccess(db, actor, id, 'view').then(
        () => true,
        () => false,
      );
    default:
      return false;
  }
}

/** Every topic readable, or NOT_FOUND exactly as for a missing row: a subscription never learns what exists. */
export async function assertTopicsReadable(db: Database, actor: Actor, topics: readonly string[]) {
  for (const name of topics) {
    if (!(await canReadTopic(db, actor, name))) throw new NotFoundError('Topic');
  }
}

/** Topics a group change may make unreadable: trips and groups. */
const recheckable = (name: string) => name.startsWith('trip:') || name.startsWith('group:');

/**
 * Which of the trip and group topics `names` the actor may read, in one round trip however
 * many there are (a batch of two reads when both kinds are asked about).
 */
async function readableTopics(db: Database, actor: Actor, names: readonly string[]): Promise<Set<string>> {
  const tripIds = names.filter((n) => n.startsWith('trip:')).map((n) => n.slice(5));
  const groupIds = names.filter((n) => n.startsWith('group:')).map((n) => n.slice(6));
  const readable = new Set<string>();
  if (tripIds.length === 0 && groupIds.length === 0) return readable;
  const tripQuery = db
    .select({ id: trips.id })
    .from(trips)
    .where(and(inArray(trips.id, tripIds), sql`${tripAccessRank(actor)} > 0`));
  const groupQuery = seenGroupsQuery(db, actor, groupIds);
  if (groupIds.length === 0) for (const row of await tripQuery) readable.add(`trip:${row.id}`);
  else if (tripIds.length === 0) for (const row of await groupQuery) readable.add(`group:${row.id}`);
  else {
    const [tripRows, groupRows] = await db.batch([tripQuery, groupQuery]);
    for (const row of tripRows) readable.add(`trip:${row.id}`);
    for (const row of groupRows) readable.add(`group:${row.id}`);
  }
  return readable;
}

/** Topics whose readability a change on `event` may alter: a group's membership moves its trips too. */
const changesAccess = (event: FeedEvent) => event.topic.startsWith('group:');

/** An event as a stream sends it: its SSE id (sealed feed position and count, see stream-ids.ts) and the event. */
export interface StreamEvent {
  id: string;
  event: LiveEvent;
}

export interface LiveChangesOptions {
  db: Database;
  actor: Actor;
  follower: FeedFollower;
  topics: readonly string[];
  lastEventId?: string | null;
  signal?: AbortSignal;
  /** Set when the stream was already counted with follower.openStream (GET /api/stream, to answer 429 before it opens). */
  opened?: OpenStream;
}

/**
 * Counts a stream of `topics` for the actor against the follower's limits: TooManyRequestsError
 * (429) beyond them. What liveChanges does itself unless handed the result.
 */
export function openLiveStream(follower: FeedFollower, actor: Actor, topics: readonly string[]): OpenStream {
  return follower.openStream(
    // A token's streams are held like a session's, and end when it is revoked or expires.
    { userId: actor.id, sessionId: actor.token ? `${tokenHolder}${actor.token.id}` : actor.sessionId },
    [...new Set(topics)].filter(recheckable),
  );
}

/**
 * The changes on `topics` (checked with assertTopicsReadable first) as they happen, after replaying those since `lastEventId` (or one
 * `reset` when the feed no longer holds them). When a group's membership changes, every trip
 * and group topic is checked again; one the subscriber may no longer read gets a `revoked`
 * event and nothing after it.
 */
export async function liveChanges({
  db,
  actor,
  follower,
  topics,
  lastEventId,
  signal,
  opened,
}: LiveChangesOptions): Promise<AsyncGenerator<StreamEvent>> {
  const wanted = [...new Set(topics)];
  const readable = new Set(wanted);
  const stream = opened ?? openLiveStream(follower, actor, wanted);
  // The caller hung up, the session ended, or the server is stopping.
  const ended = AbortSignal.any(signal ? [signal, stream.ended, follower.closed] : [stream.ended, follower.closed]);

  const queue: FeedEvent[] = [];
  let wake: (() => void) | null = null;
  const push = (event: FeedEvent) => {
    if (!readable.has(event.topic) && !changesAccess(event)) return;
    queue.push(event);
    wake?.();
  };
  // Listening starts before this resolves (and before the replay), so nothing committed from
  // now on falls between the replay and the first live row.
  let unsubscribe: () => void;
  try {
    unsubscribe = await follower.subscribe(wanted, push, { groupChanges: wanted.some(recheckable) });
  } catch (error) {
    stream.close();
    throw error;
  }
  const onAbort = () => {
    unsubscribe();
    stream.close();
    wake?.();
  };
  ended.addEventListener('abort', onAbort);

  const ids = follower.ids;
  return (async function* () {
    try {
      // `last` is the feed position reached (to resume after), `count` this stream's own numbering.
      let last = 0;
      let count = 0;
      const out = (position: number, event: Omit<LiveEvent, 'position'>): StreamEvent => {
        count++;
        return { id: ids.encode(position, count), event: { ...event, position: count } };
      };
      if (lastEventId) {
        const resumed = ids.decode(lastEventId);
        if (resumed) count = resumed.count;
        const missed = resumed ? await follower.replay(resumed.position, wanted) : 'reset';
        if (missed === 'reset') {
          last = await follower.head();
          yield out(last, { topic: '*', rowId: null, kind: 'reset' });
        } else {
          for (const event of missed) {
            last = event.position;
            yield out(event.position, { topic: event.topic, rowId: event.rowId, kind: event.kind });
          }
          last = Math.max(last, resumed!.position);
        }
      }
      while (!ended.aborted) {
        const event = queue.shift();
        if (!event) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = null;
          continue;
        }
        if (event.position <= last) continue;
        last = event.position;
        if (changesAccess(event) && [...readable].some(recheckable)) {
          // One query per change for all of this user's streams on this process, not one per stream per topic.
          const { asked, readable: shared } = await follower.recheck(actor.id, event.position, (names) =>
            readableTopics(db, actor, names),
          );
          // A topic the shared answer did not cover (a stream opened while it ran) is checked on its own.
          const still = new Set(shared);
          const unasked = [...readable].filter((name) => recheckable(name) && !asked.has(name));
          if (unasked.length > 0) for (const name of await readableTopics(db, actor, unasked)) still.add(name);
          for (const name of [...readable]) {
            if (recheckable(name) && !still.has(name)) {
              readable.delete(name);
              yield out(event.position, { topic: name, rowId: null, kind: 'revoked' });
            }
          }
        }
        if (readable.has(event.topic))
          yield out(event.position, { topic: event.topic, rowId: event.rowId, kind: event.kind });
      }
    } finally {
      ended.removeEventListener('abort', onAbort);
      unsubscribe();
      stream.close();
    }
  })();
}

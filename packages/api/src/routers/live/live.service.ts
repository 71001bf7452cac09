import type { Database } from '@naav/db';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import type { FeedEvent, FeedFollower } from '../../lib/live/follower';
import { tripAccess } from '../../lib/trip-access';
import { seesGroup } from '../family/family.service';
import type { LiveEvent } from './live.schemas';

/** Whether the actor may follow a topic: exactly who may read what it reports. */
export async function canReadTopic(db: Database, actor: Actor, name: string): Promise<boolean> {
  const agent = actor.role === 'agent';
  if (name === 'concierge' || name === 'proposals') return agent;
  const colon = name.indexOf(':');
  const [kind, id] = [name.slice(0, colon), name.slice(colon + 1)];
  switch (kind) {
    case 'trips':
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

/** Topics whose readability a change on `event` may alter: a group's membership moves its trips too. */
const changesAccess = (event: FeedEvent) => event.topic.startsWith('group:');

export interface LiveChangesOptions {
  db: Database;
  actor: Actor;
  follower: FeedFollower;
  topics: readonly string[];
  lastEventId?: string | null;
  signal?: AbortSignal;
}

/**
 * The changes on `topics` (checked with assertTopicsReadable first) as they happen, after replaying those since `lastEventId` (or one
 * `reset` when the feed no longer holds them). When a group's membership changes, every trip
 * and group topic is checked again; one the subscriber may no longer read gets a `revoked`
 * event and nothing after it.
 */
export async function liveChanges({ db, actor, follower, topics, lastEventId, signal }: LiveChangesOptions): Promise<AsyncGenerator<LiveEvent>> {
  const wanted = [...new Set(topics)];
  const readable = new Set(wanted);
  // The caller hung up, or the server is stopping.
  const ended = signal ? AbortSignal.any([signal, follower.closed]) : follower.closed;

  const queue: FeedEvent[] = [];
  let wake: (() => void) | null = null;
  const push = (event: FeedEvent) => {
    if (!readable.has(event.topic) && !changesAccess(event)) return;
    queue.push(event);
    wake?.();
  };
  // Listening starts before this resolves (and before the replay), so nothing committed from
  // now on falls between the replay and the first live row.
  const unsubscribe = await follower.subscribe(wanted, push, { groupChanges: wanted.some((name) => name.startsWith('trip:') || name.startsWith('group:')) });
  const onAbort = () => {
    unsubscribe();
    wake?.();
  };
  ended.addEventListener('abort', onAbort);

  return (async function* () {
    try {
      let last = 0;
      if (lastEventId) {
        const missed = await follower.replay(Number(lastEventId), wanted);
        if (missed === 'reset') {
          last = await follower.head();
          yield { position: last, topic: '*', rowId: null, kind: 'reset' };
        } else {
          for (const event of missed) {
            last = event.position;
            yield event;
          }
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
        if (changesAccess(event)) {
          for (const name of [...readable]) {
            if ((name.startsWith('trip:') || name.startsWith('group:')) && !(await canReadTopic(db, actor, name))) {
              readable.delete(name);
              yield { position: event.position, topic: name, rowId: null, kind: 'revoked' };
            }
          }
        }
        if (readable.has(event.topic)) yield event;
      }
    } finally {
      ended.removeEventListener('abort', onAbort);
      unsubscribe();
    }
  })();
}

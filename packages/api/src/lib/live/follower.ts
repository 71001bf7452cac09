import type { Database } from '@naav/db';
import { apiTokens, changeFeed, session } from '@naav/db/schema';
import { and, asc, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { TooManyRequestsError } from '../throttle';
import { streamIds, type StreamIds } from './stream-ids';

/** One change as it reaches subscribers: where it is in the feed, its topic, the row and what happened. No data. */
export interface FeedEvent {
  position: number;
  topic: string;
  rowId: string | null;
  kind: string;
}

export interface FeedFollowerOptions {
  /** How often the feed is read while someone listens. */
  intervalMs?: number;
  /** How long feed rows are kept; a client away longer reloads what it shows. */
  keepMs?: number;
  /** How often old rows are pruned. */
  pruneEveryMs?: number;
  /** Rows read per query. */
  pageSize?: number;
  now?: () => number;
  /** Open streams one user may hold on this server process (429 beyond). */
  maxStreamsPerUser?: number;
  /** Open streams one session may hold on this server process (429 beyond). */
  maxStreamsPerSession?: number;
  /** The secret stream ids are sealed with (the session secret: every app server reads the others' ids). None: a key of this process's own. */
  streamIdSecret?: string;
}

/** The holder id of a stream opened with an API token: `token:<id>`, ended when the token is revoked. */
export const tokenHolder = 'token:';

/** Who holds a stream: counted against the limits, and ended with the session. */
export interface StreamHolder {
  userId: string;
  /** The session's id, or `token:<id>` (tokenHolder) for an API token's stream. */
  sessionId?: string;
}

/** The answer of FeedFollower.recheck: the topics asked about, and which of them are still readable. */
export interface Recheck {
  asked: Set<string>;
  readable: Set<string>;
}

/** How long a client refused for too many streams is told to wait. */
const streamRetryAfterSeconds = 30;

/** An open stream as the follower counts it; `ended` aborts when its session ends. */
export interface OpenStream {
  readonly ended: AbortSignal;
  close(): void;
}

type Listener = (event: FeedEvent) => void;

/**
 * Follows the change feed for one server process: while at least one subscriber listens it
 * reads the rows after the last one seen, one query per interval however many subscribers
 * there are, and hands each row to the subscribers of its topic in memory. Every app server
 * runs its own, so a write on any of them reaches the subscribers of all.
 */
export class FeedFollower {
  readonly intervalMs: number;
  readonly keepMs: number;
  private readonly pruneEveryMs: number;
  private readonly pageSize: number;
  private readonly now: () => number;
  private readonly byTopic = new Map<string, Set<Listener>>();
  /** Listeners of every group's changes, which may change who reads which trip. */
  private readonly groupWatchers = new Set<Listener>();
  private subscribers = 0;
  private cursor: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastPrune = 0;
  private reading: Promise<void> | null = null;
  private stopped = false;
  private readonly closing = new AbortController();
  /** Aborted when the follower stops: open streams end, so a stopping server is not held open by them. */
  readonly closed = this.closing.signal;
  /** Feed queries made (the bench reads it). */
  queries = 0;
  readonly maxStreamsPerUser: number;
  readonly maxStreamsPerSession: number;
  /** Seals and opens the SSE ids of streams (see stream-ids.ts). */
  readonly ids: StreamIds;
  private readonly streamsByUser = new Map<string, number>();
  private readonly streamsBySession = new Map<string, Set<AbortController>>();
  /** Shared answers to "which of these topics may this user still read after change N" (one query per user and change). */
  private readonly rechecks = new Map<string, Map<number, Promise<Recheck>>>();
  /** Per user, the topics whose readability a group change may alter, with how many open streams follow each. */
  private readonly checkedByUser = new Map<string, Map<string, number>>();
  /** Session queries made, and access re-checks after group changes (tests and the bench read them). */
  sessionQueries = 0;
  recheckQueries = 0;

  constructor(
    private readonly db: Database,
    {
      intervalMs = 300,
      keepMs = 60 * 60_000,
      pruneEveryMs = 60_000,
      pageSize = 500,
      now = Date.now,
      maxStreamsPerUser = 30,
      maxStreamsPerSession = 10,
      streamIdSecret,
    }: FeedFollowerOptions = {},
  ) {
    this.ids = streamIds(streamIdSecret);
    this.maxStreamsPerUser = maxStreamsPerUser;
    this.maxStreamsPerSession = maxStreamsPerSession;
    this.intervalMs = intervalMs;
    this.keepMs = keepMs;
    this.pruneEveryMs = pruneEveryMs;
    this.pageSize = pageSize;
    this.now = now;
  }

  get subscriberCount() {
    return this.subscribers;
  }

  /**
   * Calls `listener` for every change on one of `topics` (and, with `groupChanges`, on every
   * `group:` topic: membership there decides who reads which trip). Resolves once the follower knows where the feed stands,
   * so every change committed after that reaches the listener. Returns the unsubscribe.
   */
  async subscribe(topics: Iterable<string>, listener: Listener, { groupChanges = false } = {}): Promise<() => void> {
    const names = [...new Set(topics)];
    for (const name of names) {
      const set = this.byTopic.get(name) ?? new Set<Listener>();
      this.byTopic.set(name, set);
      set.add(listener);
    }
    if (groupChanges) this.groupWatchers.add(listener);
    this.subscribers++;
    let active = true;
    const unsubscribe = () => {
      if (!active) return;
      active = false;
      this.subscribers--;
      for (const name of names) {
        const set = this.byTopic.get(name);
        set?.delete(listener);
        if (set?.size === 0) this.byTopic.delete(name);
      }
      this.groupWatchers.delete(listener);
      if (this.subscribers === 0) this.pause();
    };
    try {
      await this.start();
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /**
   * Counts a stream against its user's and session's limits (TooManyRequestsError beyond
   * either). `ended` aborts when the session ends by any path on any server: each tick checks
   * the sessions holding streams, in one query. `close` gives the place back.
   */
  openStream(holder: StreamHolder, checked: readonly string[] = []): OpenStream {
    const ofUser = this.streamsByUser.get(holder.userId) ?? 0;
    const ofSession = holder.sessionId ? (this.streamsBySession.get(holder.sessionId)?.size ?? 0) : 0;
    if (ofUser >= this.maxStreamsPerUser || ofSession >= this.maxStreamsPerSession) {
      throw new TooManyRequestsError('open live streams', streamRetryAfterSeconds);
    }
    const controller = new AbortController();
    this.streamsByUser.set(holder.userId, ofUser + 1);
    const { sessionId } = holder;
    if (sessionId) {
      const set = this.streamsBySession.get(sessionId) ?? new Set();
      this.streamsBySession.set(sessionId, set);
      set.add(controller);
    }
    const mine = this.checkedByUser.get(holder.userId) ?? new Map<string, number>();
    this.checkedByUser.set(holder.userId, mine);
    for (const name of checked) mine.set(name, (mine.get(name) ?? 0) + 1);
    let open = true;
    return {
      ended: controller.signal,
      close: () => {
        if (!open) return;
        open = false;
        const left = (this.streamsByUser.get(holder.userId) ?? 1) - 1;
        if (left > 0) this.streamsByUser.set(holder.userId, left);
        else this.streamsByUser.delete(holder.userId);
        for (const name of checked) {
          const count = (mine.get(name) ?? 1) - 1;
          if (count > 0) mine.set(name, count);
          else mine.delete(name);
        }
        if (left === 0) {
          this.checkedByUser.delete(holder.userId);
          this.rechecks.delete(holder.userId);
        }
        if (sessionId) {
          const set = this.streamsBySession.get(sessionId);
          set?.delete(controller);
          if (set?.size === 0) this.streamsBySession.delete(sessionId);
        }
      },
    };
  }

  /**
   * Which of the topics the user's open streams on this process follow (of those `checked`
   * registers) the user may still read after the change at `position`: every stream of the
   * user shares one answer, `check` called once for all of them.
   */
  recheck(
    userId: string,
    position: number,
    check: (topics: readonly string[]) => Promise<Set<string>>,
  ): Promise<Recheck> {
    const mine = this.rechecks.get(userId) ?? new Map<number, Promise<Recheck>>();
    this.rechecks.set(userId, mine);
    const pending = mine.get(position);
    if (pending) return pending;
    this.recheckQueries++;
    const asked = [...(this.checkedByUser.get(userId)?.keys() ?? [])];
    const result = check(asked).then((readable) => ({ asked: new Set(asked), readable }));
    mine.set(position, result);
    // The last few changes' answers are kept (streams handle each change in their own time); all go with the user's last stream.
    for (const old of mine.keys()) if (mine.size > 8) mine.delete(old);
    return result;
  }

  /** The feed's last position now (0 when it never had a row). */
  async head(): Promise<number> {
    const [row] = await this.db.select({ head: sql<number | null>`max(${changeFeed.position})` }).from(changeFeed);
    const seq = await this.db.$client.execute("SELECT seq FROM sqlite_sequence WHERE name = 'change_feed'");
    return Math.max(Number(row?.head ?? 0), Number(seq.rows[0]?.seq ?? 0));
  }

  /**
   * The rows after `after` on `topics`, oldest first, or `'reset'` when rows after it have
   * been pruned already (or `after` is not a position this feed has given).
   */
  async replay(after: number, topics: readonly string[]): Promise<FeedEvent[] | 'reset'> {
    // A trip's activity outlives the rows pruned around it, so the oldest row says nothing: a
    // position missing after `after` (positions are given without gaps) is a pruned row.
    const [bounds] = await this.db
      .select({ kept: sql<number>`count(*)` })
      .from(changeFeed)
      .where(gt(changeFeed.position, after));
    const head = await this.head();
    if (after > head) return 'reset';
    if (Number(bounds?.kept ?? 0) < head - after) return 'reset';
    const rows = await this.db
      .select({
        position: changeFeed.position,
        topic: changeFeed.topic,
        rowId: changeFeed.rowId,
        kind: changeFeed.kind,
      })
      .from(changeFeed)
      .where(sql`${changeFeed.position} > ${after} AND ${changeFeed.topic} IN ${topics}`)
      .orderBy(asc(changeFeed.position));
    return rows;
  }

  /** Reads new rows now instead of at the next tick (tests, and the bench's writer). */
  async poll(): Promise<void> {
    if (this.reading) return this.reading;
    this.reading = this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** Stops reading for good (server shutdown). */
  stop() {
    this.stopped = true;
    this.pause();
    this.closing.abort();
  }

  /**
   * Ends the streams of sessions that no longer exist or have expired (sign-out, a revoked
   * session, "sign out everywhere", a password change; on this server or another): one query
   * per tick for every session holding a stream on this process.
   */
  private async endClosedSessions() {
    const ids = [...this.streamsBySession.keys()];
    if (ids.length === 0) return;
    this.sessionQueries++;
    const alive = new Set<string>();
    const now = new Date(this.now());
    const sessions = ids.filter((id) => !id.startsWith(tokenHolder));
    for (let i = 0; i < sessions.length; i += 500) {
      const rows = await this.db
        .select({ id: session.id })
        .from(session)
        .where(and(inArray(session.id, sessions.slice(i, i + 500)), gt(session.expiresAt, now)));
      for (const row of rows) alive.add(row.id);
    }
    // Streams opened with an API token end when it is revoked or expires.
    const tokens = ids.filter((id) => id.startsWith(tokenHolder)).map((id) => id.slice(tokenHolder.length));
    for (let i = 0; i < tokens.length; i += 500) {
      const rows = await this.db
        .select({ id: apiTokens.id })
        .from(apiTokens)
        .where(
          and(
            inArray(apiTokens.id, tokens.slice(i, i + 500)),
            or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
          ),
        );
      for (const row of rows) alive.add(`${tokenHolder}${row.id}`);
    }
    for (const id of ids) {
      if (alive.has(id)) continue;
      for (const controller of this.streamsBySession.get(id) ?? []) controller.abort();
    }
  }

  private async start() {
    if (this.cursor === null) this.cursor = await this.head();
    if (!this.timer && !this.stopped && this.subscribers > 0) this.schedule();
  }

  private pause() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Nobody listens: the next subscriber starts from where the feed stands then.
    this.cursor = null;
  }

  private schedule() {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.poll()
        .catch((error) => console.error('change feed:', error))
        .finally(() => {
          if (!this.stopped && this.subscribers > 0 && !this.timer) this.schedule();
        });
    }, this.intervalMs);
    this.timer.unref?.();
  }

  private async read() {
    if (this.cursor === null) return;
    for (;;) {
      this.queries++;
      const rows = await this.db
        .select({
          position: changeFeed.position,
          topic: changeFeed.topic,
          rowId: changeFeed.rowId,
          kind: changeFeed.kind,
        })
        .from(changeFeed)
        .where(gt(changeFeed.position, this.cursor))
        .orderBy(asc(changeFeed.position))
        .limit(this.pageSize);
      if (this.cursor === null) return;
      for (const row of rows) {
        this.cursor = row.position;
        const set = this.byTopic.get(row.topic);
        if (set) for (const listener of [...set]) listener(row);
        if (row.topic.startsWith('group:'))
          for (const listener of [...this.groupWatchers]) if (!set?.has(listener)) listener(row);
      }
      if (rows.length < this.pageSize) break;
    }
    await this.endClosedSessions();
    if (this.now() - this.lastPrune >= this.pruneEveryMs) {
      this.lastPrune = this.now();
      // A trip's activity stays as long as the trip (its rows go with it).
      await this.db
        .delete(changeFeed)
        .where(and(lt(changeFeed.createdAt, new Date(this.now() - this.keepMs)), isNull(changeFeed.tripId)));
    }
  }
}

const followers = new WeakMap<Database, FeedFollower>();

/** The process's one follower of this database's feed. */
export function feedFollowerFor(db: Database, options?: FeedFollowerOptions): FeedFollower {
  const follower = followers.get(db) ?? new FeedFollower(db, options);
  followers.set(db, follower);
  return follower;
}

import type { Database } from '@naav/db';
import { changeFeed } from '@naav/db/schema';
import { asc, gt, lt, sql } from 'drizzle-orm';

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

  constructor(
    private readonly db: Database,
    { intervalMs = 300, keepMs = 60 * 60_000, pruneEveryMs = 60_000, pageSize = 500, now = Date.now }: FeedFollowerOptions = {},
  ) {
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
    const [bounds] = await this.db
      .select({ oldest: sql<number | null>`min(${changeFeed.position})` })
      .from(changeFeed);
    const head = await this.head();
    if (after > head) return 'reset';
    const oldest = bounds?.oldest ?? head + 1;
    if (after + 1 < oldest) return 'reset';
    const rows = await this.db
      .select({ position: changeFeed.position, topic: changeFeed.topic, rowId: changeFeed.rowId, kind: changeFeed.kind })
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
        .select({ position: changeFeed.position, topic: changeFeed.topic, rowId: changeFeed.rowId, kind: changeFeed.kind })
        .from(changeFeed)
        .where(gt(changeFeed.position, this.cursor))
        .orderBy(asc(changeFeed.position))
        .limit(this.pageSize);
      if (this.cursor === null) return;
      for (const row of rows) {
        this.cursor = row.position;
        const set = this.byTopic.get(row.topic);
        if (set) for (const listener of [...set]) listener(row);
        if (row.topic.startsWith('group:')) for (const listener of [...this.groupWatchers]) if (!set?.has(listener)) listener(row);
      }
      if (rows.length < this.pageSize) break;
    }
    if (this.now() - this.lastPrune >= this.pruneEveryMs) {
      this.lastPrune = this.now();
      await this.db.delete(changeFeed).where(lt(changeFeed.createdAt, new Date(this.now() - this.keepMs)));
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

import type { Database } from '@naav/db';
import { throttleCounters } from '@naav/db/schema';
import { sql } from 'drizzle-orm';

/** A fixed-window quota: `limit` requests per `windowMs`. */
export interface Quota {
  limit: number;
  windowMs: number;
}

/** What a quota has left after this request; `remaining` below 0 means this one is over it. */
export interface QuotaState {
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

/** The most requests one claim takes from the shared counter. */
const maxLease = 64;

/**
 * How many requests a server claims at once when `remaining` are left in the window as far as
 * it knows: at most 64, a sixteenth of what is left, at least 1. Near the limit every claim is
 * one request, so the count is exact there.
 */
export const leaseSize = (remaining: number) => Math.max(1, Math.min(maxLease, Math.floor(remaining / 16)));

/** This server's part of one key's window. */
interface Lease {
  /** When the window ends (the counter row's resetAt, the same on every server). */
  resetAt: number;
  /** The shared count after this server's last claim (every server's claims in the window). */
  counted: number;
  /** Requests claimed by this server and not served yet. */
  left: number;
  /** The claim on its way, which requests arriving meanwhile wait for rather than claim again. */
  claiming?: Promise<void>;
}

/**
 * Counts requests against fixed-window quotas shared by every app server on the database,
 * without a write per request: a server claims a block of requests from the key's counter in
 * one atomic upsert (count += n) and serves them from memory until they are used. Each claim
 * takes the slots [count − n, count) of the window, so the slots below the limit go to one
 * server each and all servers together serve at most the limit. The block shrinks with what is
 * left (leaseSize), so the last requests of a window are counted one by one. Requests left
 * unused when the window ends are dropped with it; the next window starts with a new claim.
 */
export function createQuotaMeter(db: Database, clock: () => number) {
  const c = throttleCounters;
  const leases = new Map<string, Lease>();
  let lastSweep = 0;

  /** One claim of `n` requests: the count after it and the window's end. */
  const claim = async (key: string, n: number, { windowMs }: Quota, now: number) => {
    const expired = sql`${c.resetAt} <= ${now}`;
    const [row] = await db
      .insert(c)
      .values({ key, count: n, resetAt: new Date(now + windowMs) })
      .onConflictDoUpdate({
        target: c.key,
        set: {
          count: sql`case when ${expired} then ${n} else ${c.count} + ${n} end`,
          resetAt: sql`case when ${expired} then excluded.${sql.identifier('resetAt')} else ${c.resetAt} end`,
        },
      })
      .returning({ count: c.count, resetAt: c.resetAt });
    return { count: row!.count, resetAt: row!.resetAt.getTime() };
  };

  const sweep = (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const [key, lease] of leases) if (lease.resetAt <= now && !lease.claiming) leases.delete(key);
  };

  const stateOf = (quota: Quota, lease: Lease, remaining: number, now: number): QuotaState => ({
    limit: quota.limit,
    windowSeconds: Math.ceil(quota.windowMs / 1000),
    remaining,
    resetSeconds: Math.max(1, Math.ceil((lease.resetAt - now) / 1000)),
  });

  /** Counts one request against `quota` and answers what is left. */
  const meter = async (name: string, quota: Quota): Promise<QuotaState> => {
    const key = `quota:${name}`;
    for (;;) {
      const now = clock();
      let lease = leases.get(key);
      if (lease && lease.resetAt <= now && !lease.claiming) {
        // The window is over: what this server claimed and did not use is not carried over.
        leases.delete(key);
        lease = undefined;
      }
      if (lease && lease.resetAt > now) {
        if (lease.left > 0) {
          lease.left--;
          return stateOf(quota, lease, Math.max(0, quota.limit - lease.counted) + lease.left, now);
        }
        // The window's count only grows: once it has reached the limit, every request until
        // the window ends is over it, on every server.
        if (lease.counted >= quota.limit) return stateOf(quota, lease, quota.limit - lease.counted - 1, now);
      }
      if (lease?.claiming) {
        await lease.claiming;
        continue;
      }
      const current = lease ?? { resetAt: now, counted: 0, left: 0 };
      // What is left as far as this server knows (all of it in a window it has not seen yet).
      const known = lease ? quota.limit - lease.counted : quota.limit;
      const n = leaseSize(known);
      const claimed = claim(key, n, quota, now).then(({ count, resetAt }) => {
        // The slots [count − n, count) are this claim's; those at or above the limit are not.
        current.left = Math.max(0, Math.min(n, quota.limit - (count - n)));
        current.counted = count;
        current.resetAt = resetAt;
      });
      current.claiming = claimed;
      leases.set(key, current);
      try {
        await claimed;
      } finally {
        current.claiming = undefined;
      }
      sweep(now);
      if (current.left === 0) {
        // Nothing below the limit was left: this request is over it.
        return stateOf(quota, current, quota.limit - current.counted - 1, now);
      }
    }
  };

  return meter;
}

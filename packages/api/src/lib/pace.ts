import { TooManyRequestsError } from './throttle';

/**
 * A per-user pace for writes whose cost lands on everyone (a change to a family group makes every
 * open live stream of the server re-check its topics). Each user has a bucket of `burst` turns,
 * refilled at `perSecond`; a request beyond it waits for its turn, so a client sending them back
 * to back is slowed to the pace rather than answered at once and sent again. One whose turn is
 * further off than `maxWaitMs` is a 429 with Retry-After (the seconds until it would wait no
 * longer than that). Kept by each server process, in memory; other users never wait for it.
 */
interface PaceBudget {
  what: string;
  burst: number;
  perSecond: number;
  maxWaitMs: number;
}

/** The paced writes; docs/security.md states them. */
export const paceBudgets = {
  groupChanges: { what: 'changes to family groups', burst: 20, perSecond: 2, maxWaitMs: 5000 },
} as const satisfies Record<string, PaceBudget>;

interface Bucket {
  /** Turns left at `at`; below zero, the turns already promised to requests that wait. */
  turns: number;
  at: number;
}

/** Buckets kept before the full ones (nobody waiting, nothing spent) are dropped. */
const pruneAbove = 10_000;

export function createPacer(
  { what, burst, perSecond, maxWaitMs }: PaceBudget,
  clock: () => number = () => performance.now(),
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): (userId: string) => Promise<void> {
  const buckets = new Map<string, Bucket>();
  const refill = (bucket: Bucket, now: number) => {
    bucket.turns = Math.min(burst, bucket.turns + ((now - bucket.at) * perSecond) / 1000);
    bucket.at = now;
  };
  return async (userId) => {
    const now = clock();
    if (buckets.size > pruneAbove) {
      for (const [key, bucket] of buckets) {
        refill(bucket, now);
        if (bucket.turns >= burst) buckets.delete(key);
      }
    }
    let bucket = buckets.get(userId);
    if (!bucket) {
      bucket = { turns: burst, at: now };
      buckets.set(userId, bucket);
    }
    refill(bucket, now);
    const waitMs = bucket.turns >= 1 ? 0 : ((1 - bucket.turns) * 1000) / perSecond;
    if (waitMs > maxWaitMs) throw new TooManyRequestsError(what, Math.max(1, Math.ceil((waitMs - maxWaitMs) / 1000)));
    bucket.turns -= 1;
    if (waitMs > 0) await sleep(waitMs);
  };
}

/** Changes to family groups (renames, members, shared trips), per user. */
export const paceGroupChange = createPacer(paceBudgets.groupChanges);

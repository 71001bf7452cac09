import type { Database } from '@naav/db';
import { throttleCounters } from '@naav/db/schema';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { DomainError } from '../errors';
import { createQuotaMeter, type Quota, type QuotaState } from './quota-lease';

export type { Quota, QuotaState } from './quota-lease';

const minutes = (n: number) => n * 60_000;

interface Budget {
  /** Attempts allowed per key within `windowMs` of the first one. */
  limit: number;
  windowMs: number;
}

/** One operation's budgets: `limits` attempts per account and per address within the same window. */
const budget = (what: string, limits: { account: number; address: number }, windowMs: number) => ({
  what,
  account: { limit: limits.account, windowMs },
  address: { limit: limits.address, windowMs },
});

/**
 * Every throttle budget, in one place. Each operation is counted per client address and per
 * account (the e-mail it names, or for the member lookup the signed-in user); the first
 * budget spent answers 429 until its window ends.
 */
export const throttleBudgets = {
  /**
   * Every check of an account's password: sign-in, change password, two-factor enable and
   * disable. Wrong passwords only: a right one is given back (and resets nothing).
   */
  signIn: budget('sign-in attempts', { account: 5, address: 20 }, minutes(15)),
  signUp: budget('sign-ups', { account: 3, address: 10 }, minutes(60)),
  passwordReset: budget('password reset requests', { account: 3, address: 10 }, minutes(15)),
  verificationEmail: budget('verification e-mails', { account: 3, address: 10 }, minutes(15)),
  /**
   * Codes entered for one two-factor challenge (or, while setting it up, one session), counted
   * before the code is checked, so codes sent at once check no more than the limit.
   */
  twoFactorCode: budget('two-factor codes', { account: 5, address: 30 }, minutes(15)),
  /** Adding a family member by e-mail tells whether the address has an account. */
  memberLookup: budget('members added by e-mail', { account: 30, address: 60 }, minutes(15)),
} as const satisfies Record<string, { what: string; account: Budget; address: Budget }>;

export type ThrottleBudget = keyof typeof throttleBudgets;

/** A spent budget: 429 with Retry-After. */
export class TooManyRequestsError extends DomainError {
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    const wait = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super('TOO_MANY_REQUESTS', `Too many ${what}: try again in ${wait} minute${wait === 1 ? '' : 's'}`);
  }
}

/** One counted attempt; `giveBack` uncounts it (a sign-in that turned out right). */
interface ThrottleAttempt {
  giveBack(): Promise<void>;
  /** The attempt stays counted (a wrong password); the answer to `settles` takes. */
  keep(): void;
}

interface TakeOptions {
  /**
   * The caller settles the attempt (`giveBack` or `keep`) once checked. A refusal while
   * attempts on the same keys are still being checked on this server waits for them, and
   * tries again: right passwords given back make room for the ones sent with them.
   */
  settles?: boolean;
}

export interface Throttle {
  /**
   * Counts an attempt against the budget of the client address and, when given, of the
   * account (a normalised e-mail, or a user id); throws TooManyRequestsError when either is
   * spent.
   */
  take(
    budget: ThrottleBudget,
    keys: { address: string; account?: string },
    options?: TakeOptions,
  ): Promise<ThrottleAttempt>;
  /**
   * Counts one request against a fixed-window quota (per API token) and answers what is left,
   * for the RateLimit headers; null when nothing is counted (throttling off). Counted from
   * blocks of requests each server claims from the shared counter (see createQuotaMeter).
   */
  meter(key: string, quota: Quota): Promise<QuotaState | null>;
}

const nothingToGiveBack: ThrottleAttempt = { giveBack: async () => undefined, keep: () => undefined };

/** The longest a refused attempt waits for the ones in flight beside it. */
const inFlightWaitMs = 30_000;

/** Throttling turned off (AUTH_RATE_LIMIT=false): every attempt passes and nothing is stored. */
export const noThrottle: Throttle = { take: async () => nothingToGiveBack, meter: async () => null };

/**
 * Counts in the database, so every app server spends the same budget. One atomic upsert per
 * key (both keys in one batch, one round trip): a library store that reads, then writes in
 * an interactive transaction (rate-limiter-flexible's Drizzle one) costs four round trips to
 * a remote libSQL, and two servers upgrading their read locks at once fail with SQLITE_BUSY.
 */
export function createThrottle(db: Database, { clock = Date.now }: { clock?: () => number } = {}): Throttle {
  let lastPrune = 0;
  const c = throttleCounters;

  const hit = (key: string, { windowMs }: Budget, now: number) => {
    const expired = sql`${c.resetAt} <= ${now}`;
    return db
      .insert(c)
      .values({ key, count: 1, resetAt: new Date(now + windowMs) })
      .onConflictDoUpdate({
        target: c.key,
        set: {
          count: sql`case when ${expired} then 1 else ${c.count} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.${sql.identifier('resetAt')} else ${c.resetAt} end`,
        },
      })
      .returning({ key: c.key, count: c.count, resetAt: c.resetAt });
  };

  /** Attempts taken with `settles` and not settled yet, per counter key (this server only). */
  const inFlight = new Map<string, Set<Promise<void>>>();
  /** How many settling attempts were given back here: one given back while a refusal was on its way may have freed its place. */
  let givenBack = 0;

  const uncount = (rows: { key: string; resetAt: Date }[]) => {
    const [undo, ...more] = rows.map((row) =>
      db
        .update(c)
        .set({ count: sql`${c.count} - 1` })
        // Only within the window it was counted in.
        .where(and(eq(c.key, row.key), eq(c.resetAt, row.resetAt), gt(c.count, 0))),
    );
    return db.batch([undo!, ...more]);
  };

  /** A refusal tries again at most this many times (each after attempts beside it settled). */
  const maxTries = 10;
  const take = async (
    name: ThrottleBudget,
    { address, account }: { address: string; account?: string },
    options: TakeOptions = {},
    tries = 1,
  ): Promise<ThrottleAttempt> => {
    const budget = throttleBudgets[name];
    const now = clock();
    const counted: { key: string; budget: Budget }[] = [{ key: `${name}:address:${address}`, budget: budget.address }];
    if (account !== undefined) counted.push({ key: `${name}:account:${account}`, budget: budget.account });
    const before = givenBack;
    const [first, ...rest] = counted.map(({ key, budget }) => hit(key, budget, now));
    const rows = (await db.batch([first!, ...rest])).map(([row]) => row!);

    if (now - lastPrune > 60_000) {
      lastPrune = now;
      // Rows whose window has ended count for nothing; the next hit would reset them anyway.
      void db
        .delete(c)
        .where(lt(c.resetAt, new Date(now)))
        .catch(() => undefined);
    }

    const spent = rows.filter((row, i) => row.count > counted[i]!.budget.limit);
    if (spent.length > 0) {
      // A refused attempt checks nothing, so it does not count: the budget is freed as soon
      // as the attempts that did count are given back.
      await uncount(rows);
      const pending = counted.flatMap(({ key }) => [...(inFlight.get(key) ?? [])]);
      const again = options.settles && tries < maxTries;
      if (again && givenBack !== before) return take(name, { address, account }, options, tries + 1);
      if (again && pending.length > 0) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const waited = await Promise.race([
          Promise.all(pending).then(() => true),
          new Promise<false>((resolve) => {
            timer = setTimeout(() => resolve(false), inFlightWaitMs);
          }),
        ]);
        clearTimeout(timer);
        if (waited) return take(name, { address, account }, options, tries + 1);
      }
      const until = Math.max(...spent.map((row) => row.resetAt.getTime()));
      throw new TooManyRequestsError(budget.what, Math.max(1, Math.ceil((until - now) / 1000)));
    }

    let settle: () => void = () => undefined;
    if (options.settles) {
      const settled = new Promise<void>((resolve) => {
        settle = () => {
          for (const { key } of counted) {
            const set = inFlight.get(key);
            set?.delete(settled);
            if (set?.size === 0) inFlight.delete(key);
          }
          resolve();
        };
      });
      for (const { key } of counted) inFlight.set(key, (inFlight.get(key) ?? new Set()).add(settled));
    }
    return {
      async giveBack() {
        try {
          await uncount(rows);
          if (options.settles) givenBack++;
        } finally {
          settle();
        }
      },
      keep: () => settle(),
    };
  };

  const meter = createQuotaMeter(db, clock);

  return { take, meter };
}

/** The Retry-After header for an answer whose errors include a spent budget. */
export function retryAfterHeaders(errors: readonly { cause?: unknown }[]): Record<string, string> {
  const waits = errors.map((e) => (e.cause instanceof TooManyRequestsError ? e.cause.retryAfterSeconds : 0));
  const wait = Math.max(0, ...waits);
  return wait > 0 ? { 'retry-after': String(wait) } : {};
}

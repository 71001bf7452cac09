import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '@naav/db';
import { expenseIdempotencyKeys, idempotencyKeys } from '@naav/db/schema';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import superjson from 'superjson';
import { DomainError, ValidationError } from '../errors';

/**
 * Idempotency-Key: a write sent with this header is stored once however often it is sent
 * again with the same key (a retry after a lost answer, a replay of the web app's offline
 * queue): a replay answers what the first call answered and writes nothing. Keys are per
 * user and per procedure, so the same key over tRPC and REST is the same call.
 */
export const idempotencyKeyHeader = 'Idempotency-Key';
export const maxIdempotencyKeyLength = 200;
/** How long a key is remembered: long enough for a queue kept through days without a network. */
export const idempotencyKeyLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** A first call with no answer after this long died with its server: a replay then runs it again. */
export const abandonedAfterMs = 60_000;
/** How long a replay waits for a first call that is still running before it answers 409. */
const waitForFirstMs = 5_000;
const pollEveryMs = 20;
/** Expired keys are deleted at most this often per database (by whichever server claims a key). */
const pruneEveryMs = 10 * 60 * 1000;

/** The same key sent again with another body: a client bug, never something to store. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super(
      'UNPROCESSABLE_CONTENT',
      `${idempotencyKeyHeader}: this key was already used for a different request; send a new key with a new request`,
    );
  }
}

/** The first call with this key has not answered yet. */
export class IdempotencyKeyInProgressError extends DomainError {
  constructor() {
    super(
      'CONFLICT',
      `${idempotencyKeyHeader}: a request with this key is still being processed; try again in a moment`,
    );
  }
}

/** The header's value, or null without one; 400 naming the header when it is empty or too long. */
export function readIdempotencyKey(value: string | null): string | null {
  if (value === null) return null;
  const key = value.trim();
  if (key.length === 0 || key.length > maxIdempotencyKeyLength) {
    throw new ValidationError(idempotencyKeyHeader, `must be 1 to ${maxIdempotencyKeyLength} characters`);
  }
  return key;
}

/** Object keys in a fixed order, so the same body hashes alike however its fields were ordered. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** SHA-256 (hex) of the input as sent. */
export function requestFingerprint(input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(input ?? null)))
    .digest('hex');
}

/** Deletes the keys older than their lifetime, of every write (expenses' own keys too). */
export async function pruneIdempotencyKeys(db: Database, now: number): Promise<void> {
  const before = new Date(now - idempotencyKeyLifetimeMs);
  await db.batch([
    db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)),
    db.delete(expenseIdempotencyKeys).where(lt(expenseIdempotencyKeys.createdAt, before)),
  ]);
}

const lastPrune = new WeakMap<Database, number>();
function pruneNowAndThen(db: Database, now: number): void {
  if (now - (lastPrune.get(db) ?? -Infinity) < pruneEveryMs) return;
  lastPrune.set(db, now);
  // Best effort: a failed prune is retried after the next interval, and expired keys are reclaimed anyway.
  void pruneIdempotencyKeys(db, now).catch(() => undefined);
}

export interface KeyedCall {
  userId: string;
  /** The procedure's path. */
  scope: string;
  key: string;
  fingerprint: string;
  now: number;
  /** How long to wait for a first call still running (default 5 s). */
  waitMs?: number;
}

export type Outcome = { ok: true; data: unknown } | { ok: false };

/**
 * Runs `run` once per (user, scope, key). The first call claims the key (a row without an
 * answer), runs, and records what it answered; a call that fails releases the key, so its
 * retry runs again. A later call with the key answers the recorded answer (`replay`), or
 * waits while the first still runs. Claiming is one upsert, so of two simultaneous calls
 * exactly one runs. A key past its lifetime, or claimed by a call that never answered
 * (its server stopped) for longer than abandonedAfterMs, is claimed afresh.
 */
export async function runOnce<T extends Outcome>(
  db: Database,
  call: KeyedCall,
  run: () => Promise<T>,
): Promise<{ replay: unknown } | { result: T }> {
  const { userId, scope, key, fingerprint } = call;
  const thisKey = and(
    eq(idempotencyKeys.userId, userId),
    eq(idempotencyKeys.scope, scope),
    eq(idempotencyKeys.key, key),
  );
  const giveUpAt = Date.now() + (call.waitMs ?? waitForFirstMs);
  for (;;) {
    const claimedAt = new Date(call.now);
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, scope, key, fingerprint, response: null, createdAt: claimedAt })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.scope, idempotencyKeys.key],
        set: { fingerprint, response: null, createdAt: claimedAt },
        setWhere: or(
          lt(idempotencyKeys.createdAt, new Date(call.now - idempotencyKeyLifetimeMs)),
          and(isNull(idempotencyKeys.response), lt(idempotencyKeys.createdAt, new Date(call.now - abandonedAfterMs))),
        ),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      pruneNowAndThen(db, call.now);
      const mine = and(thisKey, eq(idempotencyKeys.createdAt, claimedAt), isNull(idempotencyKeys.response));
      let result: T;
      try {
        result = await run();
      } catch (error) {
        await db.delete(idempotencyKeys).where(mine);
        throw error;
      }
      if (result.ok)
        await db
          .update(idempotencyKeys)
          .set({ response: superjson.stringify(result.data) })
          .where(mine);
      else await db.delete(idempotencyKeys).where(mine);
      return { result };
    }

    const [earlier] = await db
      .select({ fingerprint: idempotencyKeys.fingerprint, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(thisKey);
    // Gone between the two statements (the first call failed and released it): claim it again.
    if (!earlier) continue;
    if (earlier.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
    if (earlier.response !== null) return { replay: superjson.parse(earlier.response) };
    if (Date.now() >= giveUpAt) throw new IdempotencyKeyInProgressError();
    await sleep(pollEveryMs);
  }
}

import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { leases } from './schema/leases';

/**
 * Takes the named lease for `holder` until `ttlMs` from now, when nobody holds it or the
 * last holder's time ran out. One statement, so two servers asking at once cannot both get
 * it. Returns whether this holder has it now.
 */
export async function acquireLease(
  db: Database,
  name: string,
  holder: string,
  ttlMs: number,
  now = new Date(),
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const rows = await db
    .insert(leases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder, expiresAt },
      // Someone else's live lease stays theirs; an expired one (or our own) is taken over.
      setWhere: sql`${leases.expiresAt} <= ${now.getTime()} OR ${leases.holder} = ${holder}`,
    })
    .returning({ holder: leases.holder });
  return rows[0]?.holder === holder;
}

/** Gives the lease back early (only if this holder still has it). */
export async function releaseLease(db: Database, name: string, holder: string): Promise<void> {
  await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, holder)));
}

/** Runs `job` only when this holder gets the lease; answers undefined when another server holds it. */
export async function withLease<T>(
  db: Database,
  name: string,
  holder: string,
  ttlMs: number,
  job: () => Promise<T>,
): Promise<T | undefined> {
  if (!(await acquireLease(db, name, holder, ttlMs))) return undefined;
  try {
    return await job();
  } finally {
    await releaseLease(db, name, holder);
  }
}

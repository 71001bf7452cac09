import type { Database } from '@naav/db';
import { auditLog } from '@naav/db/schema';
import type { AuditAction } from '@naav/schemas/audit';
import { lt } from 'drizzle-orm';

/** One security or administration event (see the audit_log table). */
export interface AuditEvent {
  /** Who did it: the signed-in user, or null for the system, the command line or someone signed out. */
  actor?: { id: string; email: string } | null;
  /** The address a signed-out attempt named (a failed sign-in), when there is no actor. */
  actorEmail?: string | null;
  /** The user (or other row) it was done to. */
  targetId?: string | null;
  action: AuditAction;
  /** The client's address as the server determined it. */
  clientAddress?: string | null;
  /** What changed, in words: "role agent → admin". */
  summary: string;
  /** When; the database's clock by default. */
  at?: Date;
}

const valuesOf = (event: AuditEvent) => ({
  actorId: event.actor?.id ?? null,
  actorEmail: event.actor?.email ?? event.actorEmail ?? null,
  targetId: event.targetId ?? null,
  action: event.action,
  clientAddress: event.clientAddress ?? null,
  summary: event.summary,
  ...(event.at ? { at: event.at } : {}),
});

/** The insert of one event, to put in the same `db.batch` as the change it records. */
export const auditInsert = (db: Database, event: AuditEvent) => db.insert(auditLog).values(valuesOf(event));

/** Records one event now. The log is append-only: nothing in the app updates or deletes a row but `pruneAudit`. */
export async function audit(db: Database, event: AuditEvent): Promise<void> {
  await auditInsert(db, event);
}

/** Removes the events older than `retentionDays` (AUDIT_RETENTION_DAYS); answers how many. */
export async function pruneAudit(db: Database, retentionDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const removed = await db.delete(auditLog).where(lt(auditLog.at, before)).returning({ id: auditLog.id });
  return removed.length;
}

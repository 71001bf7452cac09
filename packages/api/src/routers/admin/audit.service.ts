import type { Database } from '@naav/db';
import { auditLog, user } from '@naav/db/schema';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '../../lib/cursor';

/** A page of the audit log, newest first, narrowed to one actor or one kind of event. */
export async function listAudit(
  db: Database,
  input: { cursor?: string; actor?: string; action?: string; limit: number },
) {
  const conditions: SQL[] = [];
  if (input.actor) conditions.push(eq(auditLog.actorId, input.actor));
  if (input.action) conditions.push(eq(auditLog.action, input.action));
  if (input.cursor) {
    const [before] = decodeCursor(input.cursor, (key) =>
      key.length === 1 && Number.isSafeInteger(key[0]) ? [key[0] as number] : null,
    );
    conditions.push(lt(auditLog.id, before));
  }
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorId: auditLog.actorId,
      actorEmail: auditLog.actorEmail,
      targetId: auditLog.targetId,
      targetEmail: user.email,
      action: auditLog.action,
      clientAddress: auditLog.clientAddress,
      summary: auditLog.summary,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.targetId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(input.limit + 1);
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > input.limit && last ? encodeCursor([last.id]) : null };
}

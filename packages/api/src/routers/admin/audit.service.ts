import type { Database } from '@naav/db';
import { auditLog, user } from '@naav/db/schema';
import { eq, type SQL } from 'drizzle-orm';
import { decodeCursor } from '../../lib/cursor';
import { newestByKey, pageByKey } from '../../lib/list-pages';

/** A page of the audit log, newest first, narrowed to one actor or one kind of event. */
export async function listAudit(
  db: Database,
  input: { cursor?: string; actor?: string; action?: string; limit: number },
) {
  const conditions: SQL[] = [];
  if (input.actor) conditions.push(eq(auditLog.actorId, input.actor));
  if (input.action) conditions.push(eq(auditLog.action, input.action));
  const [before] = input.cursor
    ? decodeCursor(input.cursor, (key) =>
        key.length === 1 && Number.isSafeInteger(key[0]) ? [key[0] as number] : null,
      )
    : [undefined];
  const query = db
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
    .$dynamic();
  const rows = await newestByKey(query, auditLog.id, conditions, before, input.limit);
  return pageByKey(rows, input.limit, (row) => row.id);
}

// Agents and their clients: a client may be assigned to an agent (user.agentId). An agent sees
// their own clients and the unassigned ones; an admin sees everyone. With no assignments at all,
// every agent sees every client, as before assignments existed.
import type { Database } from '@naav/db';
import { user } from '@naav/db/schema';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Actor } from '../context';
import { NotFoundError } from '../errors';

/**
 * A condition on a column holding a client's user id: the clients `actor` may see (undefined when
 * they see everyone: an admin, or a caller outside the travel team, whose own checks apply).
 */
export function clientScope(actor: Actor, clientId: SQLiteColumn): SQL | undefined {
  if (actor.role !== 'agent') return undefined;
  return sql`${clientId} in (select "scope_user"."id" from "user" as "scope_user" where "scope_user"."agentId" is null or "scope_user"."agentId" = ${actor.id})`;
}

/** Whether `clientId` is a client in the actor's scope; NOT_FOUND (as for a missing one) otherwise. */
export async function assertClientInScope(db: Database, actor: Actor, clientId: string): Promise<void> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, clientId), eq(user.role, 'client'), clientScope(actor, user.id)));
  if (!row) throw new NotFoundError('Client');
}

/**
 * An agent answering an unassigned client (a proposal, a reply) takes them on: the update to put
 * in the same batch as the answer. Admins answer without taking anyone on.
 */
export const takeOnClient = (db: Database, actor: Actor, clientId: string) =>
  db
    .update(user)
    .set({ agentId: actor.role === 'agent' ? actor.id : sql`${user.agentId}` })
    .where(and(eq(user.id, clientId), eq(user.role, 'client'), isNull(user.agentId)));

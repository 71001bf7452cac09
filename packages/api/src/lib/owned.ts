import type { Database } from '@naav/db';
import { and, eq } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Actor } from '../context';
import { NotFoundError } from '../errors';

/** A table of rows each belonging to one user. */
type OwnedTable = SQLiteTable & { id: SQLiteColumn; userId: SQLiteColumn };

/** The row `id` of `table` if it is the actor's: someone else's matches nothing, like a missing one. */
export const ownRow = (table: OwnedTable, actor: Actor, id: string) =>
  and(eq(table.id, id), eq(table.userId, actor.id));

/** Deletes one of the actor's rows; someone else's is NOT_FOUND (`what`), like a missing one. */
export async function deleteOwned(
  db: Database,
  table: OwnedTable,
  actor: Actor,
  id: string,
  what: string,
): Promise<{ id: string; deleted: true }> {
  const deleted = await db
    .delete(table)
    .where(ownRow(table, actor, id))
    .returning({ id: table.id });
  if (deleted.length === 0) throw new NotFoundError(what);
  return { id, deleted: true };
}

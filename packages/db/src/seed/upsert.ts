import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from '../client';

/**
 * Inserts rows with fixed ids, or brings existing ones back to the given values, so a
 * repeated seed converges on the same demo (with dates moved to today's).
 */
export async function upsertRows<T extends SQLiteTable>(
  db: Database,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0] as object);
  const set: Record<string, SQL> = {};
  for (const key of keys) {
    const column = columns[key];
    if (column && key !== 'id') set[key] = sql.raw(`excluded."${column.name}"`);
  }
  const idColumn = columns['id'];
  if (!idColumn) throw new Error('upsertRows needs a table with an id column');
  await db.insert(table).values(rows).onConflictDoUpdate({ target: idColumn, set });
}

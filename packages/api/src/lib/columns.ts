import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * Some of a table's columns, as `select()` takes them, in the order named:
 * `columnsOf(trips, 'id', 'title')` is `{ id: trips.id, title: trips.title }`.
 */
export function columnsOf<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  ...names: K[]
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}

import { getTableColumns, getTableName, sql, type SQL, type Table } from 'drizzle-orm';

/**
 * A table's columns as "table"."column" SQL. Drizzle leaves columns unqualified in the
 * selected fields of a one-table query, which makes a correlated subquery ambiguous.
 */
export function qualified<T extends Table>(table: T): Record<keyof T['_']['columns'], SQL> {
  const name = sql.identifier(getTableName(table));
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, sql`${name}.${sql.identifier(column.name)}`]),
  ) as Record<keyof T['_']['columns'], SQL>;
}

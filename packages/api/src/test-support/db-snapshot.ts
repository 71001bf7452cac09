import { createHash } from 'node:crypto';
import type { Database } from '@naav/db';

/** Row count and content hash of every table, keyed by table name. */
export type DatabaseSnapshot = Record<string, { rows: number; hash: string }>;

/** JSON that also takes the values libSQL returns besides strings, numbers and null. */
function cell(value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof ArrayBuffer) return `blob:${Buffer.from(value).toString('base64')}`;
  if (ArrayBuffer.isView(value)) return `blob:${Buffer.from(value.buffer).toString('base64')}`;
  return value;
}

/**
 * The servers' own coordination, not anyone's data: each running server renews its `server:<id>`
 * lease every 20 s and the scheduled jobs take theirs, whatever a request does.
 */
const coordinationTables = new Set(['leases']);

/**
 * Every table of the database (found in sqlite_master, so a new table is covered without
 * being listed anywhere) but the servers' leases, with its row count and a hash of its rows in a
 * stable order. Compare two with `snapshotChanges` to prove a call changed nothing.
 */
export async function snapshotDatabase(db: Database): Promise<DatabaseSnapshot> {
  const tables = await db.$client.execute(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
  );
  const snapshot: DatabaseSnapshot = {};
  for (const { name } of tables.rows) {
    const table = String(name);
    if (coordinationTables.has(table)) continue;
    const result = await db.$client.execute(`select * from "${table.replaceAll('"', '""')}"`);
    // Hash the sorted serialised rows: the order a table is read in carries no meaning.
    const lines = result.rows.map((row) => JSON.stringify(result.columns.map((c) => cell(row[c])))).sort();
    const hash = createHash('sha256');
    for (const line of lines) hash.update(line).update('\n');
    snapshot[table] = { rows: lines.length, hash: hash.digest('hex').slice(0, 16) };
  }
  return snapshot;
}

/**
 * Snapshots of an in-memory database that are read again only after a write. Such a database
 * has one connection, whose total_changes() counts every row any statement inserted, updated or
 * deleted, rolled back or not; while it stands still, the last snapshot is still the truth, so a
 * run of refused requests costs one read of the whole database instead of two per request.
 */
export function snapshotWatcher(db: Database): { snapshot: () => Promise<DatabaseSnapshot> } {
  let last: { changes: number; snapshot: DatabaseSnapshot } | undefined;
  return {
    async snapshot() {
      const changes = Number((await db.$client.execute('select total_changes() as n')).rows[0]?.['n']);
      if (last?.changes !== changes) last = { changes, snapshot: await snapshotDatabase(db) };
      return last.snapshot;
    },
  };
}

/** What differs between two snapshots, one line per table ("trips: 5 rows → 4 rows"); empty when nothing. */
export function snapshotChanges(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const changes: string[] = [];
  for (const table of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const a = before[table];
    const b = after[table];
    if (!a) changes.push(`${table}: table created`);
    else if (!b) changes.push(`${table}: table dropped`);
    else if (a.rows !== b.rows) changes.push(`${table}: ${a.rows} rows → ${b.rows} rows`);
    else if (a.hash !== b.hash) changes.push(`${table}: contents changed (${a.rows} rows)`);
  }
  return changes;
}

import type { InArgs, InStatement, ResultSet, Row } from '@libsql/client';
import { ResultSetImpl } from '@libsql/core/util';
import { fillPlaceholders } from 'drizzle-orm';
import Libsql from 'libsql';
import { LRUCache } from 'lru-cache';
import type { Database } from './client';

type Arg = string | number | bigint | Buffer | null;

/** Runs SELECTs whose statements are compiled once and reused. */
export interface PreparedReader {
  /** The first row of `sql` as its values in column order, or undefined when there is none. */
  first(sql: string, args: Arg[]): Promise<unknown[] | undefined>;
  /**
   * A SELECT answered as @libsql/client answers it (the same rows, values and errors), through
   * a compiled statement; undefined when this reader does not take it (not a SELECT, named
   * arguments, or a database this reader has no connection of its own to).
   */
  select(statement: InStatement, args?: InArgs): ResultSet | undefined;
  /**
   * A batch of SELECTs answered as @libsql/client's batch answers it, in one read transaction
   * (one snapshot, as the client's batch gives); undefined when this reader does not take every one.
   */
  selectAll(statements: readonly unknown[]): ResultSet[] | undefined;
  /**
   * The rows of a SELECT as arrays of their values in column order (the values @libsql/client
   * gives), without building a row object per row; undefined when this reader does not take it.
   */
  values(sql: string, args: unknown[]): unknown[][] | undefined;
  /**
   * A batch of SELECTs, each answered as `values` answers one, in one read transaction (as
   * selectAll); undefined when this reader does not take every one.
   */
  valuesAll(reads: readonly { sql: string; args: unknown[] }[]): unknown[][][] | undefined;
  close(): void;
}

/** Statements kept compiled; a query whose text varies (an IN list's length) makes a few more. */
const maxStatements = 500;

interface Compiled {
  statement: Libsql.Statement<Arg[]>;
  columns: string[];
  columnTypes: string[];
}

/**
 * For the reads done on every request. @libsql/client compiles each statement anew on every
 * call, about 80 µs for a two-table lookup on this machine against 15 µs to run a compiled one.
 * For an embedded file this keeps a second connection (in WAL mode it sees every committed
 * write at once) with its statements compiled once; other databases (a libSQL server,
 * `:memory:`) answer through the client as usual.
 */
export function createPreparedReader(db: Database, url: string): PreparedReader {
  const path = url.startsWith('file:') ? (url.slice('file:'.length).split('?')[0] ?? '') : '';
  if (!path || path === ':memory:') {
    return {
      first: async (sql, args) => {
        const row = (await db.$client.execute({ sql, args })).rows[0];
        return row ? Array.from(row as ArrayLike<unknown>) : undefined;
      },
      select: () => undefined,
      selectAll: () => undefined,
      values: () => undefined,
      valuesAll: () => undefined,
      close: () => undefined,
    };
  }
  const connection = new Libsql(path, { fileMustExist: true });
  connection.exec('PRAGMA busy_timeout = 5000');
  const statements = new LRUCache<string, Compiled>({ max: maxStatements });
  const compiled = (sql: string): Compiled => {
    let found = statements.get(sql);
    if (!found) {
      const statement = connection.prepare<Arg[]>(sql).raw(true).safeIntegers(true);
      const columns = statement.columns();
      found = { statement, columns: columns.map((c) => c.name), columnTypes: columns.map((c) => c.type ?? '') };
      statements.set(sql, found);
    }
    return found;
  };
  const taken = new LRUCache<string, boolean>({ max: maxStatements });
  const takes = (sql: string) => {
    let answer = taken.get(sql);
    if (answer === undefined) {
      answer = selectStatement.test(sql) && !connectionState.test(sql);
      taken.set(sql, answer);
    }
    return answer;
  };
  const run = (sql: string, args: unknown[]) => {
    const { statement: prepared, columns, columnTypes } = compiled(sql);
    const rows = (prepared.all(...args.map(valueToSql)) as unknown[][]).map((values) => rowFromSql(values, columns));
    return new ResultSetImpl(columns, columnTypes, rows, 0, undefined);
  };
  const valuesOf = (sql: string, args: unknown[]) => {
    const rows = compiled(sql).statement.all(...args.map(valueToSql)) as unknown[][];
    for (const row of rows) {
      for (let i = 0; i < row.length; i++) {
        const value = row[i];
        if (typeof value === 'bigint' || value instanceof Buffer) row[i] = valueFromSql(value);
      }
    }
    return rows;
  };
  const [begin, commit] = [connection.prepare('BEGIN'), connection.prepare('COMMIT')];
  return {
    first: async (sql, args) => {
      const row = compiled(sql).statement.get(...args) as unknown[] | undefined;
      return row?.map(valueFromSql);
    },
    select(statement, extraArgs) {
      const sql = typeof statement === 'string' ? statement : statement.sql;
      const args = typeof statement === 'string' ? (extraArgs ?? []) : statement.args;
      if ((args !== undefined && !Array.isArray(args)) || !takes(sql)) return undefined;
      return run(sql, args ?? []);
    },
    selectAll(statements) {
      const reads = statements.map((statement) =>
        typeof statement === 'string'
          ? { sql: statement, args: [] }
          : (statement as { sql?: unknown; args?: unknown } | null | undefined),
      );
      if (!reads.every((r) => typeof r?.sql === 'string' && Array.isArray(r.args ?? []) && takes(r.sql))) return;
      // Synchronous from BEGIN to COMMIT: nothing else in this process runs in between.
      begin.run();
      try {
        return reads.map((r) => run(r!.sql as string, (r!.args ?? []) as unknown[]));
      } finally {
        commit.run();
      }
    },
    values: (sql, args) => (takes(sql) ? valuesOf(sql, args) : undefined),
    valuesAll(reads) {
      if (!reads.every((r) => takes(r.sql))) return undefined;
      begin.run();
      try {
        return reads.map((r) => valuesOf(r.sql, r.args));
      } finally {
        commit.run();
      }
    },
    close: () => {
      statements.clear();
      connection.close();
    },
  };
}

/**
 * Sends the client's plain SELECTs (outside transactions), and its batches made only of
 * SELECTs, through `reader`'s compiled statements. Anything the reader does not take, or that fails there, goes to the
 * client's own `execute`, which answers (or reports the error) exactly as before: a read
 * tried twice changes nothing.
 */
export function servePreparedReads(db: Database, reader: PreparedReader): void {
  const client = db.$client;
  readers.set(client, reader);
  const execute = client.execute.bind(client) as (statement: InStatement, args?: InArgs) => Promise<ResultSet>;
  // The client's own method is replaced on this one object: drizzle holds the client itself,
  // and the library offers no hook for how a statement is run.
  client.execute = (async (statement: InStatement, args?: InArgs) => {
    let answer: ResultSet | undefined;
    try {
      answer = reader.select(statement, args);
    } catch {
      answer = undefined;
    }
    return answer ?? execute(statement, args);
  }) as typeof client.execute;
  // Batches of reads only (drizzle's db.batch of selects: a trip and its rows) likewise, in one
  // read transaction on the reader's connection; any other batch is the client's.
  const batch = client.batch.bind(client);
  client.batch = (async (statements: Parameters<typeof batch>[0], mode?: Parameters<typeof batch>[1]) => {
    let answers: ResultSet[] | undefined;
    if (mode === undefined || mode === 'deferred' || mode === 'read') {
      try {
        answers = reader.selectAll(statements);
      } catch {
        answers = undefined;
      }
    }
    return answers ?? batch(statements, mode);
  }) as typeof client.batch;
}

const readers = new WeakMap<object, PreparedReader>();

/**
 * A SELECT's rows as arrays of values in column order, for lists of thousands of rows: through
 * the compiled statements of the reader serving `db` (servePreparedReads), which make no row
 * object per row; otherwise (or when the reader does not take it) through the client.
 */
export async function selectValues(db: Database, query: { sql: string; params: unknown[] }): Promise<unknown[][]> {
  const reader = readers.get(db.$client);
  let rows: unknown[][] | undefined;
  try {
    rows = reader?.values(query.sql, query.params);
  } catch {
    rows = undefined;
  }
  if (rows) return rows;
  const result = await db.$client.execute({ sql: query.sql, args: query.params as InArgs });
  return result.rows.map((row) => Array.from(row as ArrayLike<unknown>));
}

/** A select as drizzle's `.prepare()` gives it: its SQL with placeholders, and how its rows become objects. */
interface PreparedSelect<R> {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
  all(values?: Record<string, unknown>): Promise<R[]>;
}

type AllOf<Q> = { -readonly [K in keyof Q]: Q[K] extends readonly [PreparedSelect<infer R>, unknown] ? R[] : never };

/**
 * Selects prepared once (drizzle's `.prepare()` with `sql.placeholder`s), each with its
 * placeholders' values, read in one round trip and one snapshot, each answered as its
 * `.all(values)` would answer alone. Through the compiled statements of the reader serving `db`
 * (servePreparedReads) the rows come as arrays of values, with no row object per row; otherwise
 * the client answers them as one batch, as drizzle's `db.batch` sends it.
 */
export async function allPrepared<
  const Q extends readonly (readonly [PreparedSelect<unknown>, Record<string, unknown>])[],
>(db: Database, queries: Q): Promise<AllOf<Q>> {
  const reads = queries.map(([query, values]) => {
    const { sql, params } = query.getQuery();
    return { sql, args: fillPlaceholders(params, values) };
  });
  let rows: unknown[][][] | undefined;
  try {
    rows = readers.get(db.$client)?.valuesAll(reads);
  } catch {
    rows = undefined;
  }
  const results = rows?.map((r) => ({ rows: r })) ?? (await db.$client.batch(reads as InStatement[]));
  return queries.map(([query], i) => query.mapResult(results[i], true)) as AllOf<Q>;
}

const selectStatement = /^\s*select\s/i;
/** What only the connection that wrote can answer. */
const connectionState = /\b(changes|total_changes|last_insert_rowid)\s*\(/i;

// The conversions below are @libsql/client's own for an embedded database (intMode "number"),
// which it does not export: the same statement gives the same values and rows either way.
const minSafe = BigInt(Number.MIN_SAFE_INTEGER);
const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);

function valueToSql(value: unknown): Arg {
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments');
    return value;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) throw new TypeError('undefined cannot be passed as argument to the database');
  return value as Arg;
}

function valueFromSql(value: unknown): unknown {
  if (typeof value === 'bigint') {
    if (value < minSafe || value > maxSafe)
      throw new RangeError('Received integer which cannot be safely represented as a JavaScript number');
    return Number(value);
  }
  if (value instanceof Buffer) return value.buffer;
  return value;
}

/** A row as the client makes it: values by index (not enumerable) and by column name. */
function rowFromSql(values: unknown[], columns: string[]): Row {
  const row = {};
  Object.defineProperty(row, 'length', { value: values.length });
  for (let i = 0; i < values.length; i++) {
    const value = valueFromSql(values[i]);
    Object.defineProperty(row, i, { value });
    const column = columns[i] as string;
    if (!Object.hasOwn(row, column))
      Object.defineProperty(row, column, { value, enumerable: true, configurable: true, writable: true });
  }
  return row as Row;
}

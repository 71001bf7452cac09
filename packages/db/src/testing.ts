import type { Transaction } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { createDatabase, migrateDatabase, type Database } from './client';
import * as schema from './schema/index';

/** A fresh in-memory database with the committed migrations applied. */
export async function createTestDatabase(): Promise<Database> {
  const db = createDatabase({ url: ':memory:' });
  await migrateDatabase(db);
  return db;
}

/**
 * A second handle on the same database whose every call into the libSQL client is counted:
 * execute, batch, executeMultiple, opening a transaction and each statement, commit or
 * rollback inside it. Each is one network round trip when DATABASE_URL points at a libSQL
 * server, so the count is what a request costs there.
 */
export function countingRoundTrips(db: Database): { db: Database; roundTrips: () => number; reset: () => void } {
  let count = 0;
  const counted = <T extends object>(
    target: T,
    names: readonly string[],
    wrap?: (name: string, result: unknown) => unknown,
  ): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object) as unknown;
        if (typeof value !== 'function') return value;
        if (typeof property !== 'string' || !names.includes(property)) return value.bind(object);
        return (...args: unknown[]) => {
          count += 1;
          const result = (value as (...a: unknown[]) => unknown).apply(object, args);
          return wrap ? wrap(property, result) : result;
        };
      },
    });
  const statements = ['execute', 'batch', 'executeMultiple', 'migrate'] as const;
  const client = counted(db.$client, [...statements, 'transaction'], (name, result) =>
    name === 'transaction'
      ? (result as Promise<Transaction>).then((tx) => counted(tx, [...statements, 'commit', 'rollback']))
      : result,
  );
  return { db: drizzle(client, { schema }) as Database, roundTrips: () => count, reset: () => (count = 0) };
}

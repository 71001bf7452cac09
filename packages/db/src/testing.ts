import { createDatabase, migrateDatabase, type Database } from './client';

/** A fresh in-memory database with the committed migrations applied. */
export async function createTestDatabase(): Promise<Database> {
  const db = createDatabase({ url: ':memory:' });
  await migrateDatabase(db);
  return db;
}

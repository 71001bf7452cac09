import { count } from 'drizzle-orm';
import type { Database } from '../client';
import { user } from '../schema/index';
import { seedAvailability } from './availability';
import { seedConcierge } from './concierge';
import { seedFamily } from './family';
import { seedDocuments } from './documents';
import { seedInterests } from './interests';
import { seedExpenses } from './expenses';
import { seedInspirations } from './inspirations';
import { seedPacking } from './packing';
import { seedProposals } from './proposals';
import { seedTravels } from './travels';
import { seedTrips } from './trips';
import { seedUsers, type PasswordHasher } from './users';

export { demoPassword, demoUsers } from './users';
export type { PasswordHasher } from './users';

/** True when nobody has signed up yet: the start script only loads demo data then. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(user);
  return (row?.n ?? 0) === 0;
}

/** Loads (or refreshes) the demo: idempotent, fixed ids, dates relative to `now`. */
export async function seedDemo(
  db: Database,
  { hashPassword, now = new Date() }: { hashPassword: PasswordHasher; now?: Date },
): Promise<void> {
  await seedUsers(db, hashPassword);
  await seedTrips(db, now);
  await seedTravels(db, now);
  await seedInspirations(db);
  await seedAvailability(db, now);
  await seedConcierge(db, now);
  await seedFamily(db, now);
  await seedProposals(db, now);
  await seedInterests(db);
  await seedDocuments(db, now);
  await seedExpenses(db, now);
  await seedPacking(db, now);
}

import { createTestDatabase } from '@naav/db/testing';
import { demoUsers, seedDemo } from '@naav/db/seed';
import type { Database } from '@naav/db';
import { user } from '@naav/db/schema';
import type { Actor } from './context';
import { createContext, type ContextOptions } from './context';
import { appRouter } from './root';
import { createCallerFactory } from './trpc';

const createCaller = createCallerFactory(appRouter);

/** Seeded demo users as actors, as their sessions describe them (verified, two-factor sign-in off). */
export const actors = {
  traveller: { ...demoUsers.traveller, emailVerified: true, twoFactorEnabled: false },
  traveller2: { ...demoUsers.traveller2, emailVerified: true, twoFactorEnabled: false },
  agent: { ...demoUsers.agent, emailVerified: true, twoFactorEnabled: false },
  /** Not in the demo (no web path makes an admin): `addAdmin` stores them. */
  admin: {
    id: 'user-admin',
    name: 'Robin Park',
    email: 'admin@naav.example',
    role: 'admin',
    emailVerified: true,
    twoFactorEnabled: false,
  },
} satisfies Record<string, Actor>;

/** Stores `actors.admin` (as `pnpm naav admin create` would make them); answers the actor. */
export async function addAdmin(db: Database): Promise<Actor> {
  const at = new Date();
  const { id, name, email } = actors.admin;
  await db
    .insert(user)
    .values({ id, name, email, role: 'admin', emailVerified: true, createdAt: at, updatedAt: at })
    .onConflictDoNothing();
  return actors.admin;
}

/** A fast stand-in for the real password hash: tests never sign in with a password. */
export const testHash = async (password: string) => `test:${password}`;

/** A migrated in-memory database with the demo loaded for `now`. */
export async function createSeededDatabase(now = new Date()): Promise<Database> {
  const db = await createTestDatabase();
  await seedDemo(db, { hashPassword: testHash, now });
  return db;
}

/** A server-side caller acting as `actor` (or signed out with null); `requestHeaders` as an HTTP request would carry them. */
export function callerFor(
  db: Database,
  actor: Actor | null,
  now = () => new Date(),
  options: Pick<ContextOptions, 'agentTwoFactor' | 'requestHeaders'> = {},
) {
  return createCaller(createContext({ db, resolveActor: async () => actor, now, ...options }));
}

export { snapshotChanges, snapshotDatabase, snapshotWatcher, type DatabaseSnapshot } from './test-support/db-snapshot';
export { resolveRef, validArbitrary, validSample, type JsonSchema } from './test-support/json-schema-arbitrary';
export { restFixtureRouter } from './test-support/rest-fixture.router';
export { embeddedRates, readRateTable, storeRateTable } from './routers/expenses/rates';
export {
  decompressionBombPng,
  headerOnlyJpeg,
  sidewaysJpegWithGps,
  solidImage,
  webpChunks,
} from './test-support/images';

import { account, user } from '../schema/index';
import type { Database } from '../client';

export const demoPassword = 'naav-demo';

export const demoUsers = {
  traveller: { id: 'user-traveller', name: 'Alex Morgan', email: 'traveller@naav.example', role: 'client' },
  traveller2: { id: 'user-traveller2', name: 'Sam Rivera', email: 'traveller2@naav.example', role: 'client' },
  agent: { id: 'user-agent', name: 'Jordan Lee', email: 'agent@naav.example', role: 'agent' },
} as const;

export type PasswordHasher = (password: string) => Promise<string>;

/** Demo accounts are created once and never overwritten (their passwords may have changed). */
export async function seedUsers(db: Database, hashPassword: PasswordHasher): Promise<void> {
  const now = new Date();
  const hash = await hashPassword(demoPassword);
  for (const u of Object.values(demoUsers)) {
    await db
      .insert(user)
      .values({ ...u, emailVerified: true, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    await db
      .insert(account)
      .values({
        id: `account-${u.id}`,
        accountId: u.id,
        providerId: 'credential',
        userId: u.id,
        password: hash,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
  }
}

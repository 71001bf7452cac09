import type { Database } from '@naav/db';
import { user } from '@naav/db/schema';
import { asc, eq } from 'drizzle-orm';
import type { Client } from './clients.schemas';

/** Every traveller an agent can plan for. */
export async function listClients(db: Database): Promise<Client[]> {
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.role, 'client'))
    .orderBy(asc(user.name), asc(user.id));
}

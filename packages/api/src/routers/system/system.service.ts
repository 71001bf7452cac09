import type { Database } from '@naav/db';
import { user } from '@naav/db/schema';
import { demoPassword, demoUsers } from '@naav/db/seed';
import { inArray } from 'drizzle-orm';
import type { DemoInfo } from './system.schemas';

/** Which demo accounts exist in this database, so the sign-in page can offer them. */
export async function demoInfo(db: Database): Promise<DemoInfo> {
  const wanted = [demoUsers.traveller, demoUsers.agent];
  const rows = await db
    .select({ email: user.email, role: user.role, name: user.name })
    .from(user)
    .where(
      inArray(
        user.id,
        wanted.map((u) => u.id),
      ),
    );
  return { available: rows.length > 0, password: rows.length > 0 ? demoPassword : null, accounts: rows };
}

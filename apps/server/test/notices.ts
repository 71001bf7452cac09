import { randomUUID } from 'node:crypto';
import { createDatabase } from '@naav/db';
import { notifications, user } from '@naav/db/schema';
import type { NotificationKind } from '@naav/schemas/notifications';
import { eq, sql } from 'drizzle-orm';

/**
 * Writes a notice into a running server's database file, as an event producer would (for the
 * browser tests of settings and delivery). Answers its id.
 */
export async function insertNotice(
  databaseFile: string,
  notice: { email: string; kind: NotificationKind; title: string; link: string },
): Promise<string> {
  const db = createDatabase({ url: `file:${databaseFile}` });
  try {
    await db.run(sql`PRAGMA busy_timeout = 5000`);
    const [person] = await db.select({ id: user.id }).from(user).where(eq(user.email, notice.email));
    if (!person) throw new Error(`no account for ${notice.email}`);
    const id = randomUUID();
    await db
      .insert(notifications)
      .values({ id, userId: person.id, kind: notice.kind, title: notice.title, link: notice.link });
    return id;
  } finally {
    db.$client.close();
  }
}

/** Where a notice's mail stands (`pending`, `sent`, `none`…). */
export async function emailStateOf(databaseFile: string, id: string): Promise<string | undefined> {
  const db = createDatabase({ url: `file:${databaseFile}` });
  try {
    const [row] = await db
      .select({ state: notifications.emailState })
      .from(notifications)
      .where(eq(notifications.id, id));
    return row?.state;
  } finally {
    db.$client.close();
  }
}

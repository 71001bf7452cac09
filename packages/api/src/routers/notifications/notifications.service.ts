// A person's inbox: their notices, newest first, read one at a time or all at once.
import type { Database } from '@naav/db';
import { notifications, notificationSettings } from '@naav/db/schema';
import { defaultChannels, notificationKinds, type Notification } from '@naav/schemas/notifications';
import { and, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { feedAfterChange, feedInsert, topic } from '../../lib/live/feed';
import type { NoticeList, NoticeListInput } from './notifications.schemas';

const pageSize = 20;

/**
 * Whether the person keeps a notice's kind in their inbox, read in the query: their own choice
 * from notification_settings' channels JSON (`{<kind>: {inbox, email}}`), else the default. The
 * notice is written whatever the choice (its mail may still be wanted); the inbox leaves it out,
 * so turning a kind back on shows what came meanwhile.
 */
function shownInInbox(userId: string): SQL {
  const byDefault = sql.join(
    notificationKinds.map((kind) => sql`WHEN ${kind} THEN ${defaultChannels[kind].inbox ? 1 : 0}`),
    sql` `,
  );
  const chosen = sql`(SELECT json_extract(${notificationSettings.channels}, '$.' || ${notifications.kind} || '.inbox') FROM ${notificationSettings} WHERE ${notificationSettings.userId} = ${userId})`;
  return sql`coalesce(${chosen}, CASE ${notifications.kind} ${byDefault} ELSE 1 END) = 1`;
}

const readCursor = (cursor: string) =>
  decodeCursor(cursor, ([at, row]) =>
    Number.isSafeInteger(at) && Number.isSafeInteger(row) ? { at: at as number, row: row as number } : null,
  );

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  row: sql<number>`${notifications}.rowid`,
};

/** One page of the actor's inbox, newest first (ties by the order written), with the unread count; one round trip. */
export async function listNotices(db: Database, actor: Actor, input: NoticeListInput): Promise<NoticeList> {
  const mine = and(eq(notifications.userId, actor.id), shownInInbox(actor.id));
  const after = input.cursor === undefined ? undefined : readCursor(input.cursor);
  const older = after
    ? or(
        lt(notifications.createdAt, new Date(after.at)),
        and(eq(notifications.createdAt, new Date(after.at)), sql`${notifications}.rowid < ${after.row}`),
      )
    : undefined;
  const [rows, [unread]] = await db.batch([
    db
      .select(columns)
      .from(notifications)
      .where(and(mine, older))
      .orderBy(desc(notifications.createdAt), sql`${notifications}.rowid desc`)
      .limit(pageSize + 1),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt))),
  ]);
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    items: page.map(({ row: _row, ...n }) => n as Notification),
    unread: unread?.n ?? 0,
    nextCursor: rows.length > pageSize && last ? encodeCursor([last.createdAt.getTime(), last.row]) : null,
  };
}

/** Marks one of the actor's notices read (kept as first read if it already was); someone else's is NOT_FOUND. */
export async function readNotice(db: Database, actor: Actor, id: string, now: Date): Promise<Notification> {
  const mine = and(eq(notifications.id, id), eq(notifications.userId, actor.id));
  const [, , [row]] = await db.batch([
    db
      .update(notifications)
      .set({ readAt: now })
      .where(and(mine, isNull(notifications.readAt))),
    // The person's other open inboxes update their counts (only if this read something).
    feedAfterChange(db, [topic.notices(actor.id)], id, 'notice'),
    db.select(columns).from(notifications).where(mine),
  ]);
  if (!row) throw new NotFoundError('Notification');
  const { row: _row, ...notice } = row;
  return notice as Notification;
}

/** Marks every unread notice of the actor's read, those the inbox hides included. */
export async function readAllNotices(db: Database, actor: Actor, now: Date): Promise<{ read: number }> {
  const [marked] = await db.batch([
    db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)))
      .returning({ id: notifications.id }),
    feedInsert(db, topic.notices(actor.id), null, 'notice'),
  ]);
  return { read: marked.length };
}

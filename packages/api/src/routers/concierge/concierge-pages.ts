import type { Database } from '@naav/db';
import { conciergeMessages } from '@naav/db/schema';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import type { PageInput } from '../../lib/list-pages';
import { messageColumns, toMessage } from './concierge.service';

/**
 * One page of a conversation, newest first, reaching back past the latest 200 the chat shows: the
 * cursor holds the last message's time and place in the table.
 */
export async function messagePage(db: Database, userId: string, { limit, cursor }: PageInput) {
  const after =
    cursor === undefined
      ? undefined
      : decodeCursor(cursor, ([at, row, ...rest]) =>
          typeof at === 'number' && typeof row === 'number' && rest.length === 0 ? { at: new Date(at), row } : null,
        );
  // rowid keeps messages of the same millisecond in the order they were written, as the chat shows them.
  const rows = await db
    .select({ ...messageColumns, row: sql<number>`rowid` })
    .from(conciergeMessages)
    .where(
      and(
        eq(conciergeMessages.userId, userId),
        after
          ? or(
              lt(conciergeMessages.createdAt, after.at),
              and(eq(conciergeMessages.createdAt, after.at), sql`rowid < ${after.row}`),
            )
          : undefined,
      ),
    )
    .orderBy(desc(conciergeMessages.createdAt), sql`rowid desc`)
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(({ row: _row, ...message }) => toMessage(message)),
    nextCursor: last && rows.length > limit ? encodeCursor([last.createdAt.getTime(), last.row]) : null,
  };
}

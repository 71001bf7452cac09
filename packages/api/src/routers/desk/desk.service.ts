import type { Database } from '@naav/db';
import { conciergeMessages, proposals, tripRequests, user } from '@naav/db/schema';
import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Actor } from '../../context';
import { clientScope } from '../../lib/agent-scope';
import { columnsOf } from '../../lib/columns';
import { deskLimit, type DeskSummary } from './desk.schemas';

/**
 * The newest `deskLimit` rows of `table` matching `where` (newest by `at`, then by id), each with
 * its client (the user `clientId` names), and how many match in all.
 */
async function newestWithClient<F extends Record<string, SQLiteColumn>>(
  db: Database,
  table: SQLiteTable & { id: SQLiteColumn },
  fields: F,
  clientId: SQLiteColumn,
  at: SQLiteColumn,
  where: SQL | undefined,
) {
  return Promise.all([
    db
      .select({ ...fields, clientId: user.id, clientName: user.name })
      .from(table)
      .innerJoin(user, eq(user.id, clientId))
      .where(where)
      .orderBy(desc(at), desc(table.id))
      .limit(deskLimit),
    db
      .select({ n: count() })
      .from(table)
      .where(where)
      .then(([row]) => row?.n ?? 0),
  ]);
}

const iso = (value: Date | number) => new Date(value).toISOString();

/** What waits for the travel team: new trip requests, revisions requested, unread chats, of the clients in the actor's scope. */
export async function deskSummary(db: Database, actor: Actor): Promise<DeskSummary> {
  const requested = and(eq(tripRequests.status, 'requested'), clientScope(actor, tripRequests.ownerId));
  // A draft that has been submitted before went back to the agent with Request Revisions.
  const sentBack = and(eq(proposals.status, 'draft'), gt(proposals.version, 0), clientScope(actor, proposals.userId));
  const unread = and(
    eq(conciergeMessages.sender, 'user'),
    isNull(conciergeMessages.readAt),
    clientScope(actor, conciergeMessages.userId),
  );
  const unreadBy = db
    .select({
      userId: conciergeMessages.userId,
      unread: sql<number>`count(*)`.as('unread'),
      lastAt: sql<number>`max(${conciergeMessages.createdAt})`.as('last_at'),
    })
    .from(conciergeMessages)
    .where(unread)
    .groupBy(conciergeMessages.userId)
    .as('unread_by');

  const [[requestRows, requestCount], [revisionRows, revisionCount], chatRows, [chatCount]] = await Promise.all([
    newestWithClient(
      db,
      tripRequests,
      columnsOf(tripRequests, 'id', 'destination', 'startDate', 'endDate', 'createdAt'),
      tripRequests.ownerId,
      tripRequests.createdAt,
      requested,
    ),
    newestWithClient(
      db,
      proposals,
      columnsOf(proposals, 'id', 'title', 'version', 'updatedAt'),
      proposals.userId,
      proposals.updatedAt,
      sentBack,
    ),
    db
      .select({ id: user.id, name: user.name, unread: unreadBy.unread, lastAt: unreadBy.lastAt })
      .from(unreadBy)
      .innerJoin(user, eq(user.id, unreadBy.userId))
      .orderBy(desc(unreadBy.lastAt), desc(user.id))
      .limit(deskLimit),
    db
      .select({ conversations: sql<number>`count(distinct ${conciergeMessages.userId})`, messages: count() })
      .from(conciergeMessages)
      .where(unread),
  ]);

  return {
    newTripRequests: {
      count: requestCount,
      items: requestRows.map((r) => ({
        id: r.id,
        client: { id: r.clientId, name: r.clientName },
        destination: r.destination,
        startDate: r.startDate,
        endDate: r.endDate,
        createdAt: iso(r.createdAt),
      })),
    },
    revisionsRequested: {
      count: revisionCount,
      items: revisionRows.map((p) => ({
        id: p.id,
        title: p.title,
        client: { id: p.clientId, name: p.clientName },
        version: p.version,
        updatedAt: iso(p.updatedAt),
      })),
    },
    unreadChats: {
      count: Number(chatCount?.conversations ?? 0),
      messages: chatCount?.messages ?? 0,
      items: chatRows.map((c) => ({
        traveller: { id: c.id, name: c.name },
        unreadCount: Number(c.unread),
        lastMessageAt: iso(Number(c.lastAt)),
      })),
    },
  };
}

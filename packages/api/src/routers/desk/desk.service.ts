import type { Database } from '@naav/db';
import { conciergeMessages, proposals, tripRequests, user } from '@naav/db/schema';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { deskLimit, type DeskSummary } from './desk.schemas';

const iso = (value: Date | number) => new Date(value).toISOString();

/** What waits for the travel team: new trip requests, revisions requested, unread chats. Agents see all clients'. */
export async function deskSummary(db: Database): Promise<DeskSummary> {
  const requested = eq(tripRequests.status, 'requested');
  // A draft that has been submitted before went back to the agent with Request Revisions.
  const sentBack = and(eq(proposals.status, 'draft'), gt(proposals.version, 0));
  const unread = and(eq(conciergeMessages.sender, 'user'), isNull(conciergeMessages.readAt));
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

  const [requestRows, [requestCount], revisionRows, [revisionCount], chatRows, [chatCount]] = await Promise.all([
    db
      .select({
        id: tripRequests.id,
        clientId: user.id,
        clientName: user.name,
        destination: tripRequests.destination,
        startDate: tripRequests.startDate,
        endDate: tripRequests.endDate,
        createdAt: tripRequests.createdAt,
      })
      .from(tripRequests)
      .innerJoin(user, eq(user.id, tripRequests.ownerId))
      .where(requested)
      .orderBy(desc(tripRequests.createdAt), desc(tripRequests.id))
      .limit(deskLimit),
    db.select({ n: count() }).from(tripRequests).where(requested),
    db
      .select({
        id: proposals.id,
        title: proposals.title,
        clientId: user.id,
        clientName: user.name,
        version: proposals.version,
        updatedAt: proposals.updatedAt,
      })
      .from(proposals)
      .innerJoin(user, eq(user.id, proposals.userId))
      .where(sentBack)
      .orderBy(desc(proposals.updatedAt), desc(proposals.id))
      .limit(deskLimit),
    db.select({ n: count() }).from(proposals).where(sentBack),
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
      count: requestCount?.n ?? 0,
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
      count: revisionCount?.n ?? 0,
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

import type { Database } from '@naav/db';
import { conciergeMessages, conciergeRequests, user } from '@naav/db/schema';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Actor } from '../../context';
import { clientScope, takeOnClient } from '../../lib/agent-scope';
import { feedAfterChange, feedInserts, topic } from '../../lib/live/feed';
import { everyAgent, firstLine, nameOf, noticeToEach, onePerson } from '../../lib/notify';
import { webhookInsert } from '../../lib/webhook-outbox';
import { messageNotice, requestWebhook, travellerAndAgents } from './concierge-outbox';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import {
  conversationLimit,
  requestTypeLabels,
  type AgentRequest,
  type ChatMessage,
  type ConversationSummary,
  type CreateRequestInput,
  type ServiceRequest,
  type Thread,
} from './concierge.schemas';

type RequestStatus = ServiceRequest['status'];

/** The only way forward for a request: pending → in_progress → completed. */
const nextStatus: Record<RequestStatus, RequestStatus | null> = {
  pending: 'in_progress',
  in_progress: 'completed',
  completed: null,
};

// ------------------------------------------------------------------------------ chat

export const messageColumns = {
  id: conciergeMessages.id,
  userId: conciergeMessages.userId,
  message: conciergeMessages.message,
  sender: conciergeMessages.sender,
  createdAt: conciergeMessages.createdAt,
};
type MessageRow = { id: string; userId: string; message: string; sender: ChatMessage['sender']; createdAt: Date };
export const toMessage = ({ createdAt, ...row }: MessageRow): ChatMessage => ({
  ...row,
  timestamp: createdAt.toISOString(),
});

/** The latest messages of one traveller's conversation, oldest first (rowid keeps same-millisecond ones in order). */
async function conversationOf(db: Database, userId: string): Promise<ChatMessage[]> {
  const rows = await db
    .select(messageColumns)
    .from(conciergeMessages)
    .where(eq(conciergeMessages.userId, userId))
    .orderBy(desc(conciergeMessages.createdAt), sql`rowid desc`)
    .limit(conversationLimit);
  return rows.reverse().map(toMessage);
}

async function insertMessage(
  db: Database,
  values: { userId: string; sender: ChatMessage['sender']; agentId: string | null; message: string; createdAt: Date },
): Promise<ChatMessage> {
  const id = crypto.randomUUID();
  const [[row]] = await db.batch([
    db
      .insert(conciergeMessages)
      .values({ ...values, id })
      .returning(messageColumns),
    feedInserts(db, [topic.concierge(values.userId), topic.conciergeDesk], id, 'message'),
    messageNotice(db, values),
    webhookInsert(db, travellerAndAgents(values.userId), 'concierge.message', {
      messageId: id,
      travellerId: values.userId,
      sender: values.sender,
      agentId: values.agentId,
      message: values.message,
    }),
  ]);
  if (!row) throw new Error('insert returned no row');
  return toMessage(row);
}

/** The actor's own conversation with the concierge team. */
export const listChat = (db: Database, actor: Actor) => conversationOf(db, actor.id);

export const sendChatMessage = (db: Database, actor: Actor, message: string, now: Date) =>
  insertMessage(db, { userId: actor.id, sender: 'user', agentId: null, message, createdAt: now });

/** A traveller (role client) in the agent's scope by id; agents, others' clients and unknown ids are NOT_FOUND alike. */
async function findTraveller(db: Database, actor: Actor, userId: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.role, 'client'), clientScope(actor, user.id)));
  if (!row) throw new NotFoundError('Traveller');
  return row;
}

/** Every traveller who has written or been written to, newest activity first, with unread counts. */
export async function listConversations(db: Database, actor: Actor): Promise<ConversationSummary[]> {
  const latest = db
    .select({
      userId: conciergeMessages.userId,
      lastAt: sql<number>`max(${conciergeMessages.createdAt})`.as('last_at'),
      unread:
        sql<number>`sum(case when ${conciergeMessages.sender} = 'user' and ${conciergeMessages.readAt} is null then 1 else 0 end)`.as(
          'unread',
        ),
    })
    .from(conciergeMessages)
    .groupBy(conciergeMessages.userId)
    .as('latest');
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      lastAt: latest.lastAt,
      unread: latest.unread,
      last: sql<string>`(select json_array(m.message, m.sender) from concierge_messages m where m.userId = ${latest.userId} order by m.createdAt desc, m.rowid desc limit 1)`,
    })
    .from(latest)
    .innerJoin(user, eq(user.id, latest.userId))
    .where(clientScope(actor, user.id))
    .orderBy(desc(latest.lastAt), asc(user.id));
  return rows.map((row) => {
    const [lastMessage, lastSender] = JSON.parse(row.last) as [string, ChatMessage['sender']];
    return {
      traveller: { id: row.id, name: row.name, email: row.email },
      lastMessage,
      lastSender,
      lastMessageAt: new Date(Number(row.lastAt)).toISOString(),
      unreadCount: Number(row.unread),
    };
  });
}

export async function getThread(db: Database, actor: Actor, userId: string): Promise<Thread> {
  const traveller = await findTraveller(db, actor, userId);
  return { traveller, messages: await conversationOf(db, userId) };
}

/** An agent opened the conversation: the traveller's messages so far are read. */
export async function markConversationRead(db: Database, actor: Actor, userId: string, now: Date) {
  await findTraveller(db, actor, userId);
  await db.batch([
    db
      .update(conciergeMessages)
      .set({ readAt: now })
      .where(
        and(
          eq(conciergeMessages.userId, userId),
          eq(conciergeMessages.sender, 'user'),
          isNull(conciergeMessages.readAt),
        ),
      ),
    // Unread counts are the agents' alone.
    feedInserts(db, [topic.conciergeDesk], userId, 'read'),
  ]);
  return { userId, unreadCount: 0 };
}

/** An agent answers; answering also reads what the traveller wrote before. */
export async function replyToTraveller(
  db: Database,
  agent: Actor,
  userId: string,
  message: string,
  now: Date,
): Promise<ChatMessage> {
  await markConversationRead(db, agent, userId, now);
  // An agent answering an unassigned traveller takes them on.
  await takeOnClient(db, agent, userId);
  return insertMessage(db, { userId, sender: 'concierge', agentId: agent.id, message, createdAt: now });
}

// -------------------------------------------------------------------------- requests

const assignee = alias(user, 'assignee');
const requestColumns = {
  id: conciergeRequests.id,
  title: conciergeRequests.title,
  type: conciergeRequests.type,
  status: conciergeRequests.status,
  date: conciergeRequests.date,
  notes: conciergeRequests.notes,
  assignee: assignee.name,
  assigneeId: conciergeRequests.assigneeId,
  agentNotes: conciergeRequests.agentNotes,
  createdAt: conciergeRequests.createdAt,
  updatedAt: conciergeRequests.updatedAt,
};
type RequestRow = Omit<ServiceRequest, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toRequest = ({ createdAt, updatedAt, ...row }: RequestRow): ServiceRequest => ({
  ...row,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

/** The actor's requests, newest first. */
export async function listRequests(db: Database, actor: Actor): Promise<ServiceRequest[]> {
  const rows = await db
    .select(requestColumns)
    .from(conciergeRequests)
    .leftJoin(assignee, eq(assignee.id, conciergeRequests.assigneeId))
    .where(eq(conciergeRequests.ownerId, actor.id))
    .orderBy(desc(conciergeRequests.createdAt), sql`${conciergeRequests}.rowid desc`);
  return rows.map(toRequest);
}

export async function createRequest(
  db: Database,
  actor: Actor,
  input: CreateRequestInput,
  now: Date,
): Promise<ServiceRequest> {
  const id = crypto.randomUUID();
  const [[row]] = await db.batch([
    db
      .insert(conciergeRequests)
      .values({
        id,
        ownerId: actor.id,
        title: input.title ?? requestTypeLabels[input.type],
        type: input.type,
        date: input.date,
        notes: input.notes,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: conciergeRequests.id }),
    feedInserts(db, [topic.concierge(actor.id), topic.conciergeDesk], id, 'request'),
    noticeToEach(db, everyAgent, {
      kind: 'concierge_incoming',
      title: sql`'New request from ' || ${nameOf(actor.id)} || ': ' || ${input.title ?? requestTypeLabels[input.type]}`,
      body: input.notes ? firstLine(input.notes) : '',
      link: '/concierge?tab=requests',
    }),
  ]);
  if (!row) throw new Error('insert returned no row');
  const [created] = await db
    .select(requestColumns)
    .from(conciergeRequests)
    .leftJoin(assignee, eq(assignee.id, conciergeRequests.assigneeId))
    .where(eq(conciergeRequests.id, row.id));
  if (!created) throw new Error('request vanished');
  return toRequest(created);
}

const traveller = alias(user, 'traveller');
const agentRequestColumns = {
  ...requestColumns,
  travellerId: traveller.id,
  travellerName: traveller.name,
  travellerEmail: traveller.email,
};

async function agentRequests(db: Database, actor: Actor, where: SQL | undefined): Promise<AgentRequest[]> {
  const rows = await db
    .select(agentRequestColumns)
    .from(conciergeRequests)
    .innerJoin(traveller, eq(traveller.id, conciergeRequests.ownerId))
    .leftJoin(assignee, eq(assignee.id, conciergeRequests.assigneeId))
    .where(and(where, clientScope(actor, conciergeRequests.ownerId)))
    .orderBy(desc(conciergeRequests.createdAt), sql`${conciergeRequests}.rowid desc`);
  return rows.map(({ travellerId, travellerName, travellerEmail, ...row }) => ({
    ...toRequest(row),
    traveller: { id: travellerId, name: travellerName, email: travellerEmail },
  }));
}

/** Every traveller's requests, newest first, optionally in one status only. */
export const listAllRequests = (db: Database, actor: Actor, status?: RequestStatus) =>
  agentRequests(db, actor, status ? eq(conciergeRequests.status, status) : undefined);

async function agentRequestById(db: Database, actor: Actor, id: string): Promise<AgentRequest> {
  const [row] = await agentRequests(db, actor, eq(conciergeRequests.id, id));
  if (!row) throw new NotFoundError('Request');
  return row;
}

export async function assignRequest(
  db: Database,
  actor: Actor,
  id: string,
  assigneeId: string,
  now: Date,
): Promise<AgentRequest> {
  const current = await agentRequestById(db, actor, id);
  const [agent] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, assigneeId), inArray(user.role, ['agent', 'admin'])));
  if (!agent) throw new ValidationError('assigneeId', 'Choose a travel agent');
  await db.batch([
    db.update(conciergeRequests).set({ assigneeId, updatedAt: now }).where(eq(conciergeRequests.id, id)),
    requestChanged(db, current),
    requestWebhook(db, current, { assigneeId }),
  ]);
  return agentRequestById(db, actor, id);
}

/** A request changed: its traveller's topic and the agents' desk. */
const requestChanged = (db: Database, request: AgentRequest) =>
  feedInserts(db, [topic.concierge(request.traveller.id), topic.conciergeDesk], request.id, 'request');

const statusLabel = (s: RequestStatus) => s.replace('_', ' ');

/** Moves a request one step along pending → in_progress → completed; anything else is a CONFLICT naming both statuses. */
export async function changeRequestStatus(
  db: Database,
  actor: Actor,
  id: string,
  status: RequestStatus,
  now: Date,
): Promise<AgentRequest> {
  const current = await agentRequestById(db, actor, id);
  const refuse = (from: RequestStatus) =>
    new ConflictError(
      `Cannot move a request from ${statusLabel(from)} to ${statusLabel(status)}: requests go pending → in progress → completed, one step at a time`,
    );
  if (nextStatus[current.status] !== status) throw refuse(current.status);
  // The status in the WHERE makes two agents moving the same request at once safe.
  const [changed] = await db.batch([
    db
      .update(conciergeRequests)
      .set({ status, updatedAt: now })
      .where(and(eq(conciergeRequests.id, id), eq(conciergeRequests.status, current.status)))
      .returning({ id: conciergeRequests.id }),
    feedAfterChange(db, [topic.concierge(current.traveller.id), topic.conciergeDesk], id, 'request'),
    // Only if the guarded move (and so its feed rows) was written; the webhook follows the notice,
    // which always writes its one row when the move did (changes() > 0 carries on).
    noticeToEach(
      db,
      onePerson(current.traveller.id),
      {
        kind: 'request_status',
        title: `Your request ${current.title} is now ${statusLabel(status)}`,
        link: '/concierge?tab=requests',
      },
      sql`changes() > 0`,
    ),
    requestWebhook(db, current, { status, previousStatus: current.status }, true),
  ]);
  if (changed.length === 0) throw refuse((await agentRequestById(db, actor, id)).status);
  return agentRequestById(db, actor, id);
}

export async function setRequestNotes(
  db: Database,
  actor: Actor,
  id: string,
  notes: string | null,
  now: Date,
): Promise<AgentRequest> {
  const current = await agentRequestById(db, actor, id);
  await db.batch([
    db.update(conciergeRequests).set({ agentNotes: notes, updatedAt: now }).where(eq(conciergeRequests.id, id)),
    requestChanged(db, current),
  ]);
  return agentRequestById(db, actor, id);
}

export const listAgents = (db: Database) =>
  db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(inArray(user.role, ['agent', 'admin']))
    .orderBy(asc(user.name), asc(user.id));

export { messagePage } from './concierge-pages';

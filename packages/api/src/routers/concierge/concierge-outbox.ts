import type { Database } from '@naav/db';
import { user } from '@naav/db/schema';
import { sql } from 'drizzle-orm';
import { everyAgent, firstLine, nameOf, noticeToEach, onePerson } from '../../lib/notify';
import { webhookInsert } from '../../lib/webhook-outbox';
import type { AgentRequest, ChatMessage } from './concierge.schemas';

// Who hears of the concierge's changes besides the screens that show them: notices and webhooks.

/** Who hears of a traveller's conversation and requests: the traveller and the travel team. */
export const travellerAndAgents = (userId: string) =>
  sql`SELECT ${user.id} FROM ${user} WHERE ${user.id} = ${userId} OR ${user.role} = 'agent'`;

/** A request's webhook event: its state as the traveller sees it (never the agents' notes). */
export const requestWebhook = (db: Database, request: AgentRequest, changes: object, afterChange = false) =>
  webhookInsert(
    db,
    travellerAndAgents(request.traveller.id),
    'concierge.request.updated',
    {
      requestId: request.id,
      travellerId: request.traveller.id,
      title: request.title,
      type: request.type,
      status: request.status,
      assigneeId: request.assigneeId,
      ...changes,
    },
    { afterChange },
  );

/**
 * Who hears of a message: a concierge answer tells its traveller (the first line); a traveller's
 * message tells every agent.
 */
export function messageNotice(
  db: Database,
  values: { userId: string; sender: ChatMessage['sender']; message: string },
) {
  return values.sender === 'user'
    ? noticeToEach(db, everyAgent, {
        kind: 'concierge_incoming',
        title: sql`'New message from ' || ${nameOf(values.userId)}`,
        body: firstLine(values.message),
        link: '/concierge',
      })
    : noticeToEach(db, onePerson(values.userId), {
        kind: 'concierge_reply',
        title: 'The concierge replied',
        body: firstLine(values.message),
        link: '/concierge?tab=chat',
      });
}

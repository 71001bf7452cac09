import { z } from 'zod';
import { agentProcedure, authedProcedure, router } from '../../trpc';
import {
  agentRequestSchema,
  agentRequestsInput,
  agentSchema,
  assignInput,
  chatMessageSchema,
  conversationSummarySchema,
  createRequestInput,
  markReadSchema,
  notesInput,
  replyInput,
  sendMessageInput,
  serviceRequestSchema,
  statusInput,
  threadInput,
  threadSchema,
} from './concierge.schemas';
import * as concierge from './concierge.service';
import { pageFields, pageInput, pageOf } from '../../lib/list-pages';
import { listForAgents, listMine, pageFiltered, pageMine, rest, write } from '../../lib/procedures';

export const conciergeRouter = router({
  // ------------------------------------------------------------------ the traveller
  chat: listMine(chatMessageSchema, concierge.listChat).at(
    rest(
      'GET /concierge/chat',
      'concierge',
      'My conversation with the concierge, oldest first (the latest 200 messages)',
    ),
  ),

  send: authedProcedure
    .meta(rest.recorded('POST /concierge/chat', 'concierge', 'Write to the concierge'))
    .input(sendMessageInput)
    .output(chatMessageSchema)
    .mutation(({ ctx, input }) => concierge.sendChatMessage(ctx.db, ctx.actor, input.message, ctx.now())),

  requests: listMine(serviceRequestSchema, concierge.listRequests).at(
    rest('GET /concierge/requests', 'concierge', 'My service requests, newest first'),
  ),

  requestsPage: pageMine(serviceRequestSchema, concierge.listRequests, (r) => [r.createdAt, r.id], true).at(
    rest('GET /concierge/requests/page', 'concierge', 'One page of my service requests, newest first (limit, cursor)'),
  ),

  chatPage: authedProcedure
    .meta(
      rest(
        'GET /concierge/chat/page',
        'concierge',
        'One page of my conversation with the concierge, newest first, the whole of it (limit, cursor)',
      ),
    )
    .input(pageInput)
    .output(pageOf(chatMessageSchema))
    .query(({ ctx, input }) => concierge.messagePage(ctx.db, ctx.actor.id, input)),

  createRequest: write(createRequestInput, serviceRequestSchema, concierge.createRequest).at(
    rest.recorded('POST /concierge/requests', 'concierge', 'File a service request'),
  ),

  // ------------------------------------------------------------------ travel agents
  inbox: listForAgents(conversationSummarySchema, concierge.listConversations).at(
    rest(
      'GET /concierge/agent/conversations',
      'concierge',
      "Every traveller's conversation, newest activity first, with unread counts (agents only)",
    ),
  ),

  thread: agentProcedure
    .meta(
      rest('GET /concierge/agent/conversations/{userId}', 'concierge', "One traveller's conversation (agents only)"),
    )
    .input(threadInput)
    .output(threadSchema)
    .query(({ ctx, input }) => concierge.getThread(ctx.db, ctx.actor, input.userId)),

  threadPage: agentProcedure
    .meta(
      rest(
        'GET /concierge/agent/conversations/{userId}/page',
        'concierge',
        "One page of a traveller's conversation, newest first, the whole of it (limit, cursor; agents only)",
      ),
    )
    .input(threadInput.extend(pageFields))
    .output(pageOf(chatMessageSchema))
    .query(async ({ ctx, input: { userId, ...page } }) => {
      await concierge.getThread(ctx.db, ctx.actor, userId);
      return concierge.messagePage(ctx.db, userId, page);
    }),

  markRead: agentProcedure
    .meta(
      rest.recorded(
        'POST /concierge/agent/conversations/{userId}/read',
        'concierge',
        "Mark a traveller's messages as read (agents only)",
      ),
    )
    .input(threadInput)
    .output(markReadSchema)
    .mutation(({ ctx, input }) => concierge.markConversationRead(ctx.db, ctx.actor, input.userId, ctx.now())),

  reply: agentProcedure
    .meta(
      rest.recorded(
        'POST /concierge/agent/conversations/{userId}/messages',
        'concierge',
        'Answer a traveller (agents only)',
      ),
    )
    .input(replyInput)
    .output(chatMessageSchema)
    .mutation(({ ctx, input }) =>
      concierge.replyToTraveller(ctx.db, ctx.actor, input.userId, input.message, ctx.now()),
    ),

  allRequests: agentProcedure
    .meta(
      rest(
        'GET /concierge/agent/requests',
        'concierge',
        "Every traveller's service requests, newest first, optionally in one status (agents only)",
      ),
    )
    .input(agentRequestsInput)
    .output(z.array(agentRequestSchema))
    .query(({ ctx, input }) => concierge.listAllRequests(ctx.db, ctx.actor, input.status)),

  allRequestsPage: pageFiltered(
    agentProcedure,
    agentRequestsInput,
    agentRequestSchema,
    (db, actor, { status }) => concierge.listAllRequests(db, actor, status),
    (r) => [r.createdAt, r.id],
  ).at(
    rest(
      'GET /concierge/agent/requests/page',
      'concierge',
      "One page of every traveller's service requests, newest first (limit, cursor; agents only)",
    ),
  ),

  assignRequest: agentProcedure
    .meta(
      rest.recorded(
        'POST /concierge/agent/requests/{id}/assign',
        'concierge',
        'Give a request to an agent (agents only)',
      ),
    )
    .input(assignInput)
    .output(agentRequestSchema)
    .mutation(({ ctx, input }) => concierge.assignRequest(ctx.db, ctx.actor, input.id, input.assigneeId, ctx.now())),

  setRequestStatus: agentProcedure
    .meta(
      rest.recorded(
        'POST /concierge/agent/requests/{id}/status',
        'concierge',
        'Move a request pending → in_progress → completed (agents only)',
      ),
    )
    .input(statusInput)
    .output(agentRequestSchema)
    .mutation(({ ctx, input }) => concierge.changeRequestStatus(ctx.db, ctx.actor, input.id, input.status, ctx.now())),

  setRequestNotes: agentProcedure
    .meta(
      rest(
        'PUT /concierge/agent/requests/{id}/notes',
        'concierge',
        'Notes the traveller sees on a request (agents only)',
      ),
    )
    .input(notesInput)
    .output(agentRequestSchema)
    .mutation(({ ctx, input }) => concierge.setRequestNotes(ctx.db, ctx.actor, input.id, input.notes, ctx.now())),

  agents: listForAgents(agentSchema, concierge.listAgents).at(
    rest('GET /concierge/agent/agents', 'concierge', 'The agents a request can be assigned to (agents only)'),
  ),
});

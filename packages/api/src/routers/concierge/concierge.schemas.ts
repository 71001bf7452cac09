import {
  chatSenders,
  conciergeRequestStatuses,
  conciergeRequestTypes,
  sendMessageInput,
} from '@naav/schemas/concierge';
import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';

// The requests the concierge's forms send live in @naav/schemas, where the forms check their values with them too.
export {
  assignInput,
  createRequestInput,
  notesInput,
  sendMessageInput,
  type CreateRequestInput,
} from '@naav/schemas/concierge';

/** At most this many of the latest messages come back with a conversation. */
export const conversationLimit = 200;

/** A chat message: the spec's fields (§3), the timestamp as ISO 8601 UTC. */
export const chatMessageSchema = z
  .object({
    id,
    /** The traveller whose conversation it belongs to. */
    userId: id,
    message: z.string(),
    sender: z.enum(chatSenders),
    timestamp: z.iso.datetime(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const requestTypeLabels: Record<(typeof conciergeRequestTypes)[number], string> = {
  general: 'General request',
  reservation: 'Reservation',
  transportation: 'Transportation',
  special_request: 'Special request',
  activity: 'Activity',
};

export const serviceRequestSchema = z
  .object({
    id,
    title: z.string(),
    type: z.enum(conciergeRequestTypes),
    status: z.enum(conciergeRequestStatuses),
    /** The day it is for, YYYY-MM-DD, when given. */
    date: isoDate.nullable(),
    /** What the traveller wrote. */
    notes: z.string().nullable(),
    /** The agent looking after it (name), null while unassigned. */
    assignee: z.string().nullable(),
    assigneeId: id.nullable(),
    /** The concierge team's notes for the traveller. */
    agentNotes: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'ConciergeRequest' });
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;

const travellerSchema = z.object({ id, name: z.string(), email: z.string() }).meta({ id: 'Traveller' });

/** A request as agents see it: with the traveller who filed it. */
export const agentRequestSchema = serviceRequestSchema
  .extend({ traveller: travellerSchema })
  .meta({ id: 'AgentConciergeRequest' });
export type AgentRequest = z.infer<typeof agentRequestSchema>;

/** Every traveller's requests, optionally only those in one status. */
export const agentRequestsInput = z.object({ status: z.enum(conciergeRequestStatuses).optional() });

export const conversationSummarySchema = z
  .object({
    traveller: travellerSchema,
    lastMessage: z.string(),
    lastSender: z.enum(chatSenders),
    lastMessageAt: z.iso.datetime(),
    /** Traveller messages no agent has opened yet. */
    unreadCount: z.number().int().min(0),
  })
  .meta({ id: 'Conversation' });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const threadInput = z.object({ userId: id });
export const threadSchema = z
  .object({ traveller: travellerSchema, messages: z.array(chatMessageSchema) })
  .meta({ id: 'ConciergeThread' });
export type Thread = z.infer<typeof threadSchema>;

export const replyInput = threadInput.extend(sendMessageInput.shape);
export const markReadSchema = z.object({ userId: id, unreadCount: z.number().int() });

export const statusInput = z.object({ id, status: z.enum(conciergeRequestStatuses) });

export const agentSchema = z.object({ id, name: z.string() }).meta({ id: 'Agent' });

/** The concierge's choices and the requests its forms send: a chat message, a service request, an agent's notes. */
import { z } from './zod';
import { id, isoDate, optionalText } from './fields';

export const chatSenders = ['user', 'concierge'] as const;
export const conciergeRequestTypes = [
  'general',
  'reservation',
  'transportation',
  'special_request',
  'activity',
] as const;
export const conciergeRequestStatuses = ['pending', 'in_progress', 'completed'] as const;

/** What was typed in the chat box; an empty or whitespace-only message is refused. */
export const sendMessageInput = z.object({ message: z.string().trim().min(1, 'Write a message').max(2000) });
export type SendMessageInput = z.infer<typeof sendMessageInput>;

/** The Service Requests form: nothing is required (§5); an untitled request is named after its type. */
export const createRequestInput = z.object({
  title: optionalText(120),
  type: z.enum(conciergeRequestTypes).default('general'),
  date: isoDate.nullish().transform((v) => v ?? null),
  notes: optionalText(2000),
});
export type CreateRequestInput = z.infer<typeof createRequestInput>;

/** An agent hands a request to an agent (themselves or a colleague). */
export const assignInput = z.object({ id, assigneeId: id });

/** An agent's notes for the traveller on one request. */
export const notesInput = z.object({ id, notes: optionalText(2000) });

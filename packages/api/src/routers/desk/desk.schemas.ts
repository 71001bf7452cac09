import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';

const person = z.object({ id, name: z.string() });

/** GET /api/desk: what waits for the travel team, newest first, at most `limit` of each with the whole count. */
export const deskSummarySchema = z
  .object({
    /** Trip requests no proposal answers yet. */
    newTripRequests: z.object({
      count: z.number().int(),
      items: z.array(
        z.object({
          id,
          client: person,
          destination: z.string(),
          startDate: isoDate,
          endDate: isoDate,
          createdAt: z.string(),
        }),
      ),
    }),
    /** Proposals a client sent back with Request Revisions, waiting for a new version. */
    revisionsRequested: z.object({
      count: z.number().int(),
      items: z.array(
        z.object({ id, title: z.string(), client: person, version: z.number().int(), updatedAt: z.string() }),
      ),
    }),
    /** Conversations with travellers' messages no agent has opened yet. */
    unreadChats: z.object({
      /** Conversations with at least one unread message. */
      count: z.number().int(),
      /** Unread messages in all of them. */
      messages: z.number().int(),
      items: z.array(z.object({ traveller: person, unreadCount: z.number().int(), lastMessageAt: z.string() })),
    }),
  })
  .meta({ id: 'DeskSummary' });
export type DeskSummary = z.infer<typeof deskSummarySchema>;

export const deskLimit = 5;

import { z } from 'zod';
import { id, nextCursor, pageCursor, pageLimit } from '../../lib/schemas';

export const tripActivityInput = z.object({
  /** The trip. */
  id,
  /** At most this many lines (1–200, default 20), newest first. */
  limit: pageLimit.default(20),
  /** The `nextCursor` of the page before: the lines older than its last one. */
  cursor: pageCursor.optional(),
  /** Only what this person did (a user id). */
  actorId: id.optional(),
});
export type TripActivityInput = z.infer<typeof tripActivityInput>;

const activityItemSchema = z.object({
  id: z.string(),
  /** Who did it; null when their account is gone. */
  actorId: z.string().nullable(),
  actorName: z.string(),
  /** The reader did it (the screens say "You"). */
  byYou: z.boolean(),
  /** What kind of change: `event.moved`, `expense.added`, … (see docs/api.md). */
  action: z.string(),
  /** What happened, after the actor's name, as much as the reader may see ("moved Dinner from 19:00 to 19:30"). */
  summary: z.string(),
  at: z.date(),
});

export const tripActivitySchema = z
  .object({
    items: z.array(activityItemSchema),
    /** Send it as `cursor` for the older lines; null after the last. */
    nextCursor,
    /** Everyone who has changed the trip, by name: what the list may be filtered by. */
    actors: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .meta({ id: 'TripActivity' });
export type TripActivity = z.infer<typeof tripActivitySchema>;

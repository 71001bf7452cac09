import { trips } from '@naav/db/schema';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { NotFoundError, ValidationError } from '../errors';
import { id, isoDate, timeOfDay } from '../lib/schemas';
import { authedProcedure, router } from '../trpc';

/**
 * Test-only procedures, never mounted in the app: one of every REST shape the real routers
 * do not have yet (JSON bodies with nested objects, enums, dates and numbers; query
 * parameters; a write). The REST fuzz runs against them so its body and query generators
 * are proven on the real handler (apps/server/src/rest.ts) before a domain needs them.
 */
const noteInput = z.object({
  title: z.string().min(1).max(200),
  kind: z.enum(['flight', 'hotel', 'idea']),
  date: isoDate,
  time: timeOfDay.optional(),
  amount: z.number().int().min(0).max(10_000_000),
  rating: z.number().min(0).max(5).nullable(),
  tags: z.array(z.string().max(30)).max(10),
  place: z.object({ name: z.string().min(1), lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  public: z.boolean().default(false),
});

export const restFixtureRouter = router({
  echoNote: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/fixture/notes', summary: 'Validates a note and echoes it' } })
    .input(noteInput)
    .output(noteInput)
    .mutation(({ input }) => {
      // A rule the schema does not state, as services have: a domain 400.
      if (input.date < '1990-01-01') throw new ValidationError('date', 'must be 1990 or later');
      return input;
    }),

  renameTrip: authedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/fixture/trips/{id}', summary: 'Renames an own trip (writes)' } })
    .input(
      z.object({ id, title: z.string().min(1).max(200), budgetTotal: z.number().int().min(0).nullable().optional() }),
    )
    .output(z.object({ id }))
    .mutation(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .update(trips)
        .set({ title: input.title, ...(input.budgetTotal !== undefined && { budgetTotal: input.budgetTotal }) })
        .where(and(eq(trips.id, input.id), eq(trips.ownerId, ctx.actor.id)))
        .returning({ id: trips.id });
      if (!row) throw new NotFoundError('Trip');
      return row;
    }),

  replaceTags: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/fixture/trips/{id}/tags', summary: 'Checks a tag list (no write)' } })
    .input(z.object({ id, tags: z.array(z.enum(['beach', 'city', 'food'])).min(1) }))
    .output(z.object({ count: z.number().int() }))
    .mutation(({ input }) => ({ count: input.tags.length })),

  search: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/fixture/search', summary: 'Query parameters of every kind' } })
    .input(
      z.object({
        q: z.string().min(2).max(50),
        from: isoDate.optional(),
        limit: z.number().int().min(1).max(100).optional(),
        sort: z.enum(['date', 'title']).optional(),
      }),
    )
    .output(z.object({ q: z.string() }))
    .query(({ input }) => ({ q: input.q })),

  removeTrip: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/fixture/trips/{id}', summary: 'Pretends to delete (query: reason)' } })
    .input(z.object({ id, reason: z.enum(['duplicate', 'cancelled']) }))
    .output(z.object({ removed: z.boolean() }))
    .mutation(() => ({ removed: false })),
});

import { z } from 'zod';
import { idInput } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
import {
  createTravelInput,
  historyInput,
  journalOverviewSchema,
  journalPinsInput,
  journalPinsSchema,
  latestTravelsInput,
  travelPageInput,
  travelPageSchema,
  travelSchema,
} from './journal.schemas';
import {
  createTravel,
  getTravel,
  journalOverview,
  journalPins,
  latestTravels,
  listHistory,
  travelPage,
} from './journal.service';

// The OpenAPI operation ids keep the router's former name (`travels-history`, …), as the REST
// paths do, so clients generated from /api/openapi.json keep their method names.
export const journalRouter = router({
  history: authedProcedure
    .meta({
      openapi: {
        operationId: 'travels-history',
        method: 'GET',
        path: '/travels/history',
        tags: ['travels'],
        summary: 'The travel journal, newest first (with limit and cursor, one page of it)',
      },
    })
    .input(historyInput)
    .output(z.array(travelSchema))
    .query(async ({ ctx, input }) =>
      input?.limit === undefined && input?.cursor === undefined
        ? listHistory(ctx.db, ctx.actor, ctx.now())
        : (await travelPage(ctx.db, ctx.actor, { limit: input.limit ?? 50, cursor: input.cursor }, ctx.now())).items,
    ),

  page: authedProcedure
    .meta({
      openapi: {
        operationId: 'travels-page',
        method: 'GET',
        path: '/travels/history/page',
        tags: ['travels'],
        summary:
          'One page of the travel journal, newest first, after a cursor, optionally filtered (q, year, tag): {items, nextCursor, total?}',
      },
    })
    .input(travelPageInput)
    .output(travelPageSchema)
    .query(({ ctx, input }) => travelPage(ctx.db, ctx.actor, input, ctx.now())),

  overview: authedProcedure
    .meta({
      openapi: {
        operationId: 'travels-overview',
        method: 'GET',
        path: '/travels/history/overview',
        tags: ['travels'],
        summary: 'How many entries the journal holds and the years they touch: {count, years}',
      },
    })
    .input(z.object({}).optional())
    .output(journalOverviewSchema)
    .query(({ ctx }) => journalOverview(ctx.db, ctx.actor, ctx.now())),

  pins: authedProcedure
    .meta({
      openapi: {
        operationId: 'travels-pins',
        method: 'GET',
        path: '/travels/history/pins',
        tags: ['travels'],
        summary:
          "The journal map's pins inside bounds (west, south, east, north) at a zoom, clustered by grid cell: {pins, unplaced, unplacedCount}",
      },
    })
    .input(journalPinsInput)
    .output(journalPinsSchema)
    .query(({ ctx, input }) => journalPins(ctx.db, ctx.actor, input, ctx.now())),

  latest: authedProcedure
    .meta({
      openapi: {
        operationId: 'travels-latest',
        method: 'GET',
        path: '/travels/history/latest',
        tags: ['travels'],
        summary: 'The most recent journal entries (count, 1–12, default 3)',
      },
    })
    .input(latestTravelsInput)
    .output(z.array(travelSchema))
    .query(({ ctx, input }) => latestTravels(ctx.db, ctx.actor, input.count, ctx.now())),

  byId: authedProcedure
    .meta({
      openapi: {
        operationId: 'travels-byId',
        method: 'GET',
        path: '/travels/{id}',
        tags: ['travels'],
        summary: 'One journal entry',
      },
    })
    .input(idInput)
    .output(travelSchema)
    .query(({ ctx, input }) => getTravel(ctx.db, ctx.actor, input.id)),

  create: authedProcedure
    .meta({
      idempotency: 'recorded',
      // Its keys were first recorded as `travels.create`, the router's name before it was `journal`.
      idempotencyScope: 'travels.create',
      openapi: {
        operationId: 'travels-create',
        method: 'POST',
        path: '/travels/history',
        tags: ['travels'],
        summary: 'Add a past travel to the journal',
      },
    })
    .input(createTravelInput)
    .output(travelSchema)
    .mutation(({ ctx, input }) => createTravel(ctx.db, ctx.actor, input)),
});

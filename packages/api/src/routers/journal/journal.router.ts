import { z } from 'zod';
import { router } from '../../trpc';
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
import { read, readById, rest, write } from '../../lib/procedures';

// The OpenAPI operation ids keep the router's former name (`travels-history`, …), as the REST
// paths do, so clients generated from /api/openapi.json keep their method names.
export const journalRouter = router({
  history: read(historyInput, z.array(travelSchema), async (db, actor, input, now) =>
    input?.limit === undefined && input?.cursor === undefined
      ? listHistory(db, actor, now)
      : (await travelPage(db, actor, { limit: input.limit ?? 50, cursor: input.cursor }, now)).items,
  ).at(
    rest(
      'GET /travels/history',
      'travels',
      'The travel journal, newest first (with limit and cursor, one page of it)',
      { operationId: 'travels-history' },
    ),
  ),

  page: read(travelPageInput, travelPageSchema, travelPage).at(
    rest(
      'GET /travels/history/page',
      'travels',
      'One page of the travel journal, newest first, after a cursor, optionally filtered (q, year, tag): {items, nextCursor, total?}',
      { operationId: 'travels-page' },
    ),
  ),

  overview: read(z.object({}).optional(), journalOverviewSchema, (db, actor, _input, now) =>
    journalOverview(db, actor, now),
  ).at(
    rest(
      'GET /travels/history/overview',
      'travels',
      'How many entries the journal holds and the years they touch: {count, years}',
      { operationId: 'travels-overview' },
    ),
  ),

  pins: read(journalPinsInput, journalPinsSchema, journalPins).at(
    rest(
      'GET /travels/history/pins',
      'travels',
      "The journal map's pins inside bounds (west, south, east, north) at a zoom, clustered by grid cell: {pins, unplaced, unplacedCount}",
      { operationId: 'travels-pins' },
    ),
  ),

  latest: read(latestTravelsInput, z.array(travelSchema), (db, actor, input, now) =>
    latestTravels(db, actor, input.count, now),
  ).at(
    rest('GET /travels/history/latest', 'travels', 'The most recent journal entries (count, 1–12, default 3)', {
      operationId: 'travels-latest',
    }),
  ),

  byId: readById(travelSchema, getTravel).at(
    rest('GET /travels/{id}', 'travels', 'One journal entry', { operationId: 'travels-byId' }),
  ),

  create: write(createTravelInput, travelSchema, createTravel).at({
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
  }),
});

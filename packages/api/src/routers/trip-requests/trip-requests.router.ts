import { z } from 'zod';
import { agentProcedure, authedProcedure, router } from '../../trpc';
import {
  clientTripRequestSchema,
  clientTripRequestsInput,
  createTripRequestInput,
  tripRequestSchema,
} from './trip-requests.schemas';
import { createTripRequest, listClientTripRequests, listTripRequests } from './trip-requests.service';
import { listMine, pageFiltered, pageMine, rest } from '../../lib/procedures';

export const tripRequestsRouter = router({
  list: listMine(
    rest('GET /trip-requests', 'trips', 'My trip requests, newest first'),
    tripRequestSchema,
    listTripRequests,
  ),

  page: pageMine(
    rest('GET /trip-requests/page', 'planner', 'One page of my trip requests, newest first (limit, cursor)'),
    tripRequestSchema,
    listTripRequests,
    (r) => [r.createdAt, r.id],
    true,
  ),

  create: authedProcedure
    .meta(rest.recorded('POST /trip-requests', 'trips', 'Ask the travel team to plan a trip'))
    .input(createTripRequestInput)
    .output(tripRequestSchema)
    .mutation(({ ctx, input }) => createTripRequest(ctx.db, ctx.actor, input, ctx.now())),

  ofClients: agentProcedure
    .meta(
      rest(
        'GET /clients/trip-requests',
        'agents',
        "Clients' trip requests, newest first, to start proposals from (agents only)",
      ),
    )
    .input(clientTripRequestsInput)
    .output(z.array(clientTripRequestSchema))
    .query(({ ctx, input }) => listClientTripRequests(ctx.db, ctx.actor, input)),

  ofClientsPage: pageFiltered(
    agentProcedure,
    rest(
      'GET /clients/trip-requests/page',
      'agents',
      "One page of clients' trip requests, newest first (limit, cursor; agents only)",
    ),
    clientTripRequestsInput,
    clientTripRequestSchema,
    listClientTripRequests,
    (r) => [r.createdAt, r.id],
  ),
});

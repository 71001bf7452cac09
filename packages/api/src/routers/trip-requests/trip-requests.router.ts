import { z } from 'zod';
import { agentProcedure, router } from '../../trpc';
import {
  clientTripRequestSchema,
  clientTripRequestsInput,
  createTripRequestInput,
  tripRequestSchema,
} from './trip-requests.schemas';
import { createTripRequest, listClientTripRequests, listTripRequests } from './trip-requests.service';
import { forAgents, listMine, pageFiltered, pageMine, rest, write } from '../../lib/procedures';

export const tripRequestsRouter = router({
  list: listMine(tripRequestSchema, listTripRequests).at(
    rest('GET /trip-requests', 'trips', 'My trip requests, newest first'),
  ),

  page: pageMine(tripRequestSchema, listTripRequests, (r) => [r.createdAt, r.id], true).at(
    rest('GET /trip-requests/page', 'planner', 'One page of my trip requests, newest first (limit, cursor)'),
  ),

  create: write(createTripRequestInput, tripRequestSchema, createTripRequest).at(
    rest.recorded('POST /trip-requests', 'trips', 'Ask the travel team to plan a trip'),
  ),

  ofClients: forAgents
    .read(clientTripRequestsInput, z.array(clientTripRequestSchema), listClientTripRequests)
    .at(
      rest(
        'GET /clients/trip-requests',
        'agents',
        "Clients' trip requests, newest first, to start proposals from (agents only)",
      ),
    ),

  ofClientsPage: pageFiltered(
    agentProcedure,
    clientTripRequestsInput,
    clientTripRequestSchema,
    listClientTripRequests,
    (r) => [r.createdAt, r.id],
  ).at(
    rest(
      'GET /clients/trip-requests/page',
      'agents',
      "One page of clients' trip requests, newest first (limit, cursor; agents only)",
    ),
  ),
});

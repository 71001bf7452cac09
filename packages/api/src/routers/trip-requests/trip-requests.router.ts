import { z } from 'zod';
import { agentProcedure, authedProcedure, router } from '../../trpc';
import {
  clientTripRequestSchema,
  clientTripRequestsInput,
  createTripRequestInput,
  tripRequestSchema,
} from './trip-requests.schemas';
import { createTripRequest, listClientTripRequests, listTripRequests } from './trip-requests.service';
import { listMine } from '../../lib/procedures';

export const tripRequestsRouter = router({
  list: listMine(
    { method: 'GET', path: '/trip-requests', tags: ['trips'], summary: 'My trip requests, newest first' },
    tripRequestSchema,
    listTripRequests,
  ),

  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/trip-requests',
        tags: ['trips'],
        summary: 'Ask the travel team to plan a trip',
      },
    })
    .input(createTripRequestInput)
    .output(tripRequestSchema)
    .mutation(({ ctx, input }) => createTripRequest(ctx.db, ctx.actor, input, ctx.now())),

  ofClients: agentProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/clients/trip-requests',
        tags: ['agents'],
        summary: "Clients' trip requests, newest first, to start proposals from (agents only)",
      },
    })
    .input(clientTripRequestsInput)
    .output(z.array(clientTripRequestSchema))
    .query(({ ctx, input }) => listClientTripRequests(ctx.db, ctx.actor, input)),
});

import { z } from 'zod';
import { agentProcedure, router } from '../../trpc';
import {
  clientAvailabilitySchema,
  clientFilterInput,
  clientOccasionSchema,
  clientOverviewSchema,
  clientSchema,
  assignAgentInput,
} from './clients.schemas';
import {
  assignAgent,
  listClientOverviews,
  listClients,
  listClientsAvailability,
  listClientsOccasions,
} from './clients.service';
import { listForAgents, pageForAgents } from '../../lib/procedures';

export const clientsRouter = router({
  list: listForAgents(
    { method: 'GET', path: '/clients', tags: ['agents'], summary: 'Travellers (agents only)' },
    clientSchema,
    listClients,
  ),

  page: pageForAgents(
    {
      method: 'GET',
      path: '/clients/page',
      tags: ['agents'],
      summary: 'One page of the travellers, by name (limit, cursor; agents only)',
    },
    clientSchema,
    listClients,
    (c) => [c.name, c.id],
  ),

  availability: agentProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/clients/availability',
        tags: ['agents'],
        summary: "Clients' availability windows (agents only)",
      },
    })
    .input(clientFilterInput)
    .output(z.array(clientAvailabilitySchema))
    .query(({ ctx, input }) => listClientsAvailability(ctx.db, ctx.actor, input)),

  occasions: agentProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/clients/occasions',
        tags: ['agents'],
        summary: "Clients' special occasions (agents only)",
      },
    })
    .input(clientFilterInput)
    .output(z.array(clientOccasionSchema))
    .query(({ ctx, input }) => listClientsOccasions(ctx.db, ctx.actor, input, ctx.now())),

  overview: agentProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/clients/overview',
        tags: ['agents'],
        summary: 'Each client with upcoming availability, next occasion and open trip requests (agents only)',
      },
    })
    .input(z.void())
    .output(z.array(clientOverviewSchema))
    .query(({ ctx }) => listClientOverviews(ctx.db, ctx.actor, ctx.now())),

  assignAgent: agentProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/clients/{id}/agent',
        tags: ['agents'],
        summary: 'Assign a client to an agent, or unassign them with null (agents and admins)',
      },
    })
    .input(assignAgentInput)
    .output(clientSchema)
    .mutation(({ ctx, input }) => assignAgent(ctx.db, ctx.actor, input, ctx.clientAddress(), ctx.now())),
});

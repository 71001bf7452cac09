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
import { listForAgents, pageForAgents, rest } from '../../lib/procedures';

export const clientsRouter = router({
  list: listForAgents(rest('GET /clients', 'agents', 'Travellers (agents only)'), clientSchema, listClients),

  page: pageForAgents(
    rest('GET /clients/page', 'agents', 'One page of the travellers, by name (limit, cursor; agents only)'),
    clientSchema,
    listClients,
    (c) => [c.name, c.id],
  ),

  availability: agentProcedure
    .meta(rest('GET /clients/availability', 'agents', "Clients' availability windows (agents only)"))
    .input(clientFilterInput)
    .output(z.array(clientAvailabilitySchema))
    .query(({ ctx, input }) => listClientsAvailability(ctx.db, ctx.actor, input)),

  occasions: agentProcedure
    .meta(rest('GET /clients/occasions', 'agents', "Clients' special occasions (agents only)"))
    .input(clientFilterInput)
    .output(z.array(clientOccasionSchema))
    .query(({ ctx, input }) => listClientsOccasions(ctx.db, ctx.actor, input, ctx.now())),

  overview: agentProcedure
    .meta(
      rest(
        'GET /clients/overview',
        'agents',
        'Each client with upcoming availability, next occasion and open trip requests (agents only)',
      ),
    )
    .input(z.void())
    .output(z.array(clientOverviewSchema))
    .query(({ ctx }) => listClientOverviews(ctx.db, ctx.actor, ctx.now())),

  assignAgent: agentProcedure
    .meta(
      rest(
        'PUT /clients/{id}/agent',
        'agents',
        'Assign a client to an agent, or unassign them with null (agents and admins)',
      ),
    )
    .input(assignAgentInput)
    .output(clientSchema)
    .mutation(({ ctx, input }) => assignAgent(ctx.db, ctx.actor, input, ctx.clientAddress(), ctx.now())),
});

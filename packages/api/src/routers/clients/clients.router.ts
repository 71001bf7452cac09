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
import { forAgents, listForAgents, pageForAgents, rest } from '../../lib/procedures';

export const clientsRouter = router({
  list: listForAgents(clientSchema, listClients).at(rest('GET /clients', 'agents', 'Travellers (agents only)')),

  page: pageForAgents(clientSchema, listClients, (c) => [c.name, c.id]).at(
    rest('GET /clients/page', 'agents', 'One page of the travellers, by name (limit, cursor; agents only)'),
  ),

  availability: forAgents
    .read(clientFilterInput, z.array(clientAvailabilitySchema), listClientsAvailability)
    .at(rest('GET /clients/availability', 'agents', "Clients' availability windows (agents only)")),

  occasions: forAgents
    .read(clientFilterInput, z.array(clientOccasionSchema), listClientsOccasions)
    .at(rest('GET /clients/occasions', 'agents', "Clients' special occasions (agents only)")),

  overview: forAgents
    .readMine(z.array(clientOverviewSchema), listClientOverviews)
    .at(
      rest(
        'GET /clients/overview',
        'agents',
        'Each client with upcoming availability, next occasion and open trip requests (agents only)',
      ),
    ),

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

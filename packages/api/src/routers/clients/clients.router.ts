import { z } from 'zod';
import { agentProcedure, router } from '../../trpc';
import { clientSchema } from './clients.schemas';
import { listClients } from './clients.service';

export const clientsRouter = router({
  list: agentProcedure
    .meta({ openapi: { method: 'GET', path: '/clients', tags: ['agents'], summary: 'Travellers (agents only)' } })
    .input(z.void())
    .output(z.array(clientSchema))
    .query(({ ctx }) => listClients(ctx.db)),
});

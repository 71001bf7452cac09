import { z } from 'zod';
import { agentProcedure, router } from '../../trpc';
import { deskSummarySchema } from './desk.schemas';
import { deskSummary } from './desk.service';
import { rest } from '../../lib/procedures';

/** The travel team's desk: what waits for an agent, on their Home. */
export const deskRouter = router({
  summary: agentProcedure
    .meta(
      rest(
        'GET /desk',
        'agents',
        'New trip requests, revisions requested and unread chats, newest first (agents only)',
      ),
    )
    .input(z.void())
    .output(deskSummarySchema)
    .query(({ ctx }) => deskSummary(ctx.db, ctx.actor)),
});

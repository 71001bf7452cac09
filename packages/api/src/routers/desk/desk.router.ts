import { router } from '../../trpc';
import { deskSummarySchema } from './desk.schemas';
import { deskSummary } from './desk.service';
import { forAgents, rest } from '../../lib/procedures';

/** The travel team's desk: what waits for an agent, on their Home. */
export const deskRouter = router({
  summary: forAgents
    .readMine(deskSummarySchema, deskSummary)
    .at(
      rest(
        'GET /desk',
        'agents',
        'New trip requests, revisions requested and unread chats, newest first (agents only)',
      ),
    ),
});

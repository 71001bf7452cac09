import { z } from 'zod';
import { deletedSchema, idInput } from '../../lib/schemas';
import { agentProcedure, authedProcedure, router } from '../../trpc';
import {
  createFeedbackInput,
  createItemInput,
  createProposalInput,
  feedbackSchema,
  itemSchema,
  proposalFilterInput,
  proposalListInput,
  proposalSchema,
  updateItemInput,
  updateProposalInput,
} from './proposals.schemas';
import { addressFeedback, addFeedback, listAllFeedback, listFeedback } from './proposal-feedback.service';
import { addItem, deleteItem, listAllItems, listItems, updateItem } from './proposal-items.service';
import {
  acceptProposal,
  createProposal,
  declineProposal,
  getProposal,
  listProposals,
  openProposal,
  requestRevisions,
  submitProposal,
  updateProposal,
} from './proposals.service';
import { pageFiltered, rest } from '../../lib/procedures';

/** One proposal by its id, answered as it now stands (after the move, for a mutation). */
const proposalById = authedProcedure.input(idInput).output(proposalSchema);

// The fixed paths (/proposals/items, /proposals/feedback) come before /proposals/{id}: the REST
// adapter takes the first match.
export const proposalsRouter = router({
  allItems: authedProcedure
    .meta(rest('GET /proposals/items', 'proposals', 'Itinerary items of the proposals I can see (or of one)'))
    .input(proposalFilterInput)
    .output(z.array(itemSchema))
    .query(({ ctx, input }) => listAllItems(ctx.db, ctx.actor, input, ctx.now())),

  allFeedback: authedProcedure
    .meta(rest('GET /proposals/feedback', 'proposals', 'Feedback on the proposals I can see (or on one), newest first'))
    .input(proposalFilterInput)
    .output(z.array(feedbackSchema))
    .query(({ ctx, input }) => listAllFeedback(ctx.db, ctx.actor, input, ctx.now())),

  list: authedProcedure
    .meta(rest('GET /proposals', 'proposals', 'Proposals: all of them for agents, my own (never drafts) for clients'))
    .input(proposalListInput)
    .output(z.array(proposalSchema))
    .query(({ ctx, input }) => listProposals(ctx.db, ctx.actor, input, ctx.now())),

  page: pageFiltered(
    authedProcedure,
    rest(
      'GET /proposals/page',
      'proposals',
      'One page of the proposals GET /proposals lists, newest first (limit, cursor)',
    ),
    proposalListInput,
    proposalSchema,
    listProposals,
    (p) => [p.createdAt, p.id],
  ),

  create: agentProcedure
    .meta(rest.recorded('POST /proposals', 'proposals', 'Create a draft proposal for a client (agents only)'))
    .input(createProposalInput)
    .output(proposalSchema)
    .mutation(({ ctx, input }) => createProposal(ctx.db, ctx.actor, input, ctx.now())),

  byId: proposalById
    .meta(rest('GET /proposals/{id}', 'proposals', 'One proposal'))
    .query(({ ctx, input }) => getProposal(ctx.db, ctx.actor, input.id, ctx.now())),

  update: agentProcedure
    .meta(rest('PATCH /proposals/{id}', 'proposals', "Change a draft's details (agents only)"))
    .input(updateProposalInput)
    .output(proposalSchema)
    .mutation(({ ctx, input }) => updateProposal(ctx.db, ctx.actor, input, ctx.now())),

  open: proposalById
    .meta(
      rest.recorded(
        'POST /proposals/{id}/open',
        'proposals',
        'Its client opens a proposal: the first look at a submitted version moves it to reviewing',
      ),
    )
    .mutation(({ ctx, input }) => openProposal(ctx.db, ctx.actor, input.id, ctx.now())),

  submit: agentProcedure
    .meta(
      rest.recorded(
        'POST /proposals/{id}/submit',
        'proposals',
        'Send a draft to the client as a new version (agents only)',
      ),
    )
    .input(idInput)
    .output(proposalSchema)
    .mutation(({ ctx, input }) => submitProposal(ctx.db, ctx.actor, input.id, ctx.now())),

  accept: proposalById
    .meta(
      rest.recorded(
        'POST /proposals/{id}/accept',
        'proposals',
        'Accept a proposal: it becomes an upcoming trip (its client only)',
      ),
    )
    .mutation(({ ctx, input }) => acceptProposal(ctx.db, ctx.actor, input.id, ctx.now())),

  decline: proposalById
    .meta(rest.recorded('POST /proposals/{id}/decline', 'proposals', 'Decline a proposal (its client only)'))
    .mutation(({ ctx, input }) => declineProposal(ctx.db, ctx.actor, input.id, ctx.now())),

  requestRevisions: authedProcedure
    .meta(
      rest.recorded(
        'POST /proposals/{id}/request-revisions',
        'proposals',
        'Send a proposal back to the agent with a comment (its client only)',
      ),
    )
    .input(createFeedbackInput)
    .output(proposalSchema)
    .mutation(({ ctx, input }) => requestRevisions(ctx.db, ctx.actor, input, ctx.now())),

  items: authedProcedure
    .meta(rest('GET /proposals/{id}/items', 'proposals', "A proposal's itinerary by day and start time"))
    .input(idInput)
    .output(z.array(itemSchema))
    .query(({ ctx, input }) => listItems(ctx.db, ctx.actor, input.id, ctx.now())),

  addItem: agentProcedure
    .meta(rest.recorded('POST /proposals/{id}/items', 'proposals', 'Add an itinerary item to a draft (agents only)'))
    .input(createItemInput)
    .output(itemSchema)
    .mutation(({ ctx, input }) => addItem(ctx.db, ctx.actor, input, ctx.now())),

  updateItem: agentProcedure
    .meta(rest('PATCH /proposal-items/{id}', 'proposals', 'Change an itinerary item of a draft (agents only)'))
    .input(updateItemInput)
    .output(itemSchema)
    .mutation(({ ctx, input }) => updateItem(ctx.db, ctx.actor, input, ctx.now())),

  deleteItem: agentProcedure
    .meta(rest('DELETE /proposal-items/{id}', 'proposals', 'Delete an itinerary item of a draft (agents only)'))
    .input(idInput)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteItem(ctx.db, ctx.actor, input.id, ctx.now())),

  feedback: authedProcedure
    .meta(rest('GET /proposals/{id}/feedback', 'proposals', "A proposal's feedback, newest first"))
    .input(idInput)
    .output(z.array(feedbackSchema))
    .query(({ ctx, input }) => listFeedback(ctx.db, ctx.actor, input.id, ctx.now())),

  addFeedback: authedProcedure
    .meta(
      rest.recorded(
        'POST /proposals/{id}/feedback',
        'proposals',
        'Comment on a proposal awaiting my decision (its client only)',
      ),
    )
    .input(createFeedbackInput)
    .output(feedbackSchema)
    .mutation(({ ctx, input }) => addFeedback(ctx.db, ctx.actor, input, ctx.now())),

  addressFeedback: agentProcedure
    .meta(
      rest.recorded('POST /proposals/feedback/{id}/address', 'proposals', 'Mark feedback as addressed (agents only)'),
    )
    .input(idInput)
    .output(feedbackSchema)
    .mutation(({ ctx, input }) => addressFeedback(ctx.db, ctx.actor, input.id, ctx.now())),
});

import { z } from 'zod';
import { deletedSchema } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
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
import { forAgents, pageFiltered, read, readById, rest, write, writeById } from '../../lib/procedures';

// The fixed paths (/proposals/items, /proposals/feedback) come before /proposals/{id}: the REST
// adapter takes the first match.
export const proposalsRouter = router({
  allItems: read(proposalFilterInput, z.array(itemSchema), listAllItems).at(
    rest('GET /proposals/items', 'proposals', 'Itinerary items of the proposals I can see (or of one)'),
  ),

  allFeedback: read(proposalFilterInput, z.array(feedbackSchema), listAllFeedback).at(
    rest('GET /proposals/feedback', 'proposals', 'Feedback on the proposals I can see (or on one), newest first'),
  ),

  list: read(proposalListInput, z.array(proposalSchema), listProposals).at(
    rest('GET /proposals', 'proposals', 'Proposals: all of them for agents, my own (never drafts) for clients'),
  ),

  page: pageFiltered(authedProcedure, proposalListInput, proposalSchema, listProposals, (p) => [p.createdAt, p.id]).at(
    rest(
      'GET /proposals/page',
      'proposals',
      'One page of the proposals GET /proposals lists, newest first (limit, cursor)',
    ),
  ),

  create: forAgents
    .write(createProposalInput, proposalSchema, createProposal)
    .at(rest.recorded('POST /proposals', 'proposals', 'Create a draft proposal for a client (agents only)')),

  byId: readById(proposalSchema, getProposal).at(rest('GET /proposals/{id}', 'proposals', 'One proposal')),

  update: forAgents
    .write(updateProposalInput, proposalSchema, updateProposal)
    .at(rest('PATCH /proposals/{id}', 'proposals', "Change a draft's details (agents only)")),

  // Each move of a proposal by its id answers the proposal as it now stands.
  open: writeById(proposalSchema, openProposal).at(
    rest.recorded(
      'POST /proposals/{id}/open',
      'proposals',
      'Its client opens a proposal: the first look at a submitted version moves it to reviewing',
    ),
  ),

  submit: forAgents
    .writeById(proposalSchema, submitProposal)
    .at(
      rest.recorded(
        'POST /proposals/{id}/submit',
        'proposals',
        'Send a draft to the client as a new version (agents only)',
      ),
    ),

  accept: writeById(proposalSchema, acceptProposal).at(
    rest.recorded(
      'POST /proposals/{id}/accept',
      'proposals',
      'Accept a proposal: it becomes an upcoming trip (its client only)',
    ),
  ),

  decline: writeById(proposalSchema, declineProposal).at(
    rest.recorded('POST /proposals/{id}/decline', 'proposals', 'Decline a proposal (its client only)'),
  ),

  requestRevisions: write(createFeedbackInput, proposalSchema, requestRevisions).at(
    rest.recorded(
      'POST /proposals/{id}/request-revisions',
      'proposals',
      'Send a proposal back to the agent with a comment (its client only)',
    ),
  ),

  items: readById(z.array(itemSchema), listItems).at(
    rest('GET /proposals/{id}/items', 'proposals', "A proposal's itinerary by day and start time"),
  ),

  addItem: forAgents
    .write(createItemInput, itemSchema, addItem)
    .at(rest.recorded('POST /proposals/{id}/items', 'proposals', 'Add an itinerary item to a draft (agents only)')),

  updateItem: forAgents
    .write(updateItemInput, itemSchema, updateItem)
    .at(rest('PATCH /proposal-items/{id}', 'proposals', 'Change an itinerary item of a draft (agents only)')),

  deleteItem: forAgents
    .writeById(deletedSchema, deleteItem)
    .at(rest('DELETE /proposal-items/{id}', 'proposals', 'Delete an itinerary item of a draft (agents only)')),

  feedback: readById(z.array(feedbackSchema), listFeedback).at(
    rest('GET /proposals/{id}/feedback', 'proposals', "A proposal's feedback, newest first"),
  ),

  addFeedback: write(createFeedbackInput, feedbackSchema, addFeedback).at(
    rest.recorded(
      'POST /proposals/{id}/feedback',
      'proposals',
      'Comment on a proposal awaiting my decision (its client only)',
    ),
  ),

  addressFeedback: forAgents
    .writeById(feedbackSchema, addressFeedback)
    .at(
      rest.recorded('POST /proposals/feedback/{id}/address', 'proposals', 'Mark feedback as addressed (agents only)'),
    ),
});

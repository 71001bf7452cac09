import { feedbackStatuses, hhmm, itineraryItemTypes, proposalStatuses } from '@naav/schemas/proposals';
import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';
import { wholeDollarsOf } from '@naav/schemas/money';

// The requests the proposal screens' forms send live in @naav/schemas, where the forms check their values with them too.
export {
  createFeedbackInput,
  createItemInput,
  createProposalInput,
  updateItemInput,
  updateProposalInput,
  type CreateFeedbackInput,
  type CreateItemInput,
  type CreateProposalInput,
  type UpdateItemInput,
  type UpdateProposalInput,
} from '@naav/schemas/proposals';

export const proposalListInput = z.object({
  /** pending: draft, submitted and reviewing (clients never see drafts). */
  filter: z.enum(['pending', 'all']).default('all'),
});
export type ProposalListInput = z.infer<typeof proposalListInput>;

export const proposalSchema = z
  .object({
    id,
    /** The client. */
    userId: z.string(),
    clientName: z.string(),
    clientEmail: z.string(),
    agentId: z.string(),
    agentName: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    destination: z.string(),
    startDate: isoDate,
    endDate: isoDate,
    expiryDate: isoDate,
    budget: z.number().int().meta(wholeDollarsOf("The client's budget")),
    imageUrl: z.string().nullable(),
    details: z.object({
      highlights: z.array(z.string()),
      inclusions: z.array(z.string()),
      exclusions: z.array(z.string()),
    }),
    availabilityId: z.string().nullable(),
    occasionId: z.string().nullable(),
    tripRequestId: z.string().nullable(),
    status: z.enum(proposalStatuses),
    /** Past its expiry date while awaiting the client: it can no longer be accepted. */
    expired: z.boolean(),
    /** A draft the client sent back with Request Revisions: they see it, waiting for a new version. */
    revisionsRequested: z.boolean(),
    /** The submission the client is looking at (0 before the first one). */
    version: z.number().int(),
    submittedAt: z.iso.datetime().nullable(),
    /** When the client first opened the current version. */
    viewedAt: z.iso.datetime().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    /** The client's trip, once approved. */
    tripId: z.string().nullable(),
    feedbackCount: z.number().int(),
    pendingFeedbackCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Proposal' });
export type Proposal = z.infer<typeof proposalSchema>;

export const itemSchema = z
  .object({
    id,
    proposalId: z.string(),
    day: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    type: z.enum(itineraryItemTypes),
    startTime: hhmm,
    endTime: hhmm,
    location: z.string().nullable(),
    cost: z.number().int().meta(wholeDollarsOf('What the item costs')),
    included: z.boolean(),
    notes: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ProposalItem' });
export type ProposalItem = z.infer<typeof itemSchema>;

/** Optionally one proposal's rows only (the spec's /api/proposals/items and /api/proposals/feedback keys). */
export const proposalFilterInput = z.object({ proposalId: id.optional() });
export type ProposalFilterInput = z.infer<typeof proposalFilterInput>;

export const feedbackSchema = z
  .object({
    id,
    proposalId: z.string(),
    userId: z.string(),
    authorName: z.string(),
    comment: z.string(),
    rating: z.number().int().nullable(),
    itemReference: z.string().nullable(),
    /** The version the client commented on. */
    version: z.number().int(),
    requestedRevisions: z.boolean(),
    status: z.enum(feedbackStatuses),
    addressedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ProposalFeedback' });
export type ProposalFeedback = z.infer<typeof feedbackSchema>;

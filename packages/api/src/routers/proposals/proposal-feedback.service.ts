// The client's comments on a proposal, and the agents marking them addressed.
import type { Database } from '@naav/db';
import { proposalFeedback, proposals, user } from '@naav/db/schema';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Actor } from '../../context';
import { columnsOf } from '../../lib/columns';
import { ConflictError, NotFoundError } from '../../errors';
import { feedAfterChange, feedInserts, topic } from '../../lib/live/feed';
import type { CreateFeedbackInput, Proposal, ProposalFeedback, ProposalFilterInput } from './proposals.schemas';
import { findProposal, proposalScope, iso, proposalTopics, transition } from './proposal-access';

const feedbackColumns = {
  ...columnsOf(proposalFeedback, 'id', 'proposalId', 'userId'),
  authorName: user.name,
  ...columnsOf(
    proposalFeedback,
    'comment',
    'rating',
    'itemReference',
    'version',
    'requestedRevisions',
    'status',
    'addressedAt',
    'createdAt',
  ),
};

async function selectFeedback(db: Database, where: SQL | undefined): Promise<ProposalFeedback[]> {
  const rows = await db
    .select(feedbackColumns)
    .from(proposalFeedback)
    .innerJoin(proposals, eq(proposals.id, proposalFeedback.proposalId))
    .innerJoin(user, eq(user.id, proposalFeedback.userId))
    .where(where)
    .orderBy(desc(proposalFeedback.createdAt), desc(proposalFeedback.id));
  return rows.map((r) => ({ ...r, addressedAt: iso(r.addressedAt), createdAt: r.createdAt.toISOString() }));
}

export function feedbackValues(
  actor: Actor,
  proposal: Proposal,
  input: CreateFeedbackInput,
  requestedRevisions: boolean,
  now: Date,
) {
  return {
    proposalId: proposal.id,
    userId: actor.id,
    comment: input.comment,
    rating: input.rating,
    itemReference: input.itemReference,
    version: Math.max(proposal.version, 1),
    requestedRevisions,
    createdAt: now,
  };
}

async function insertFeedback(
  db: Database,
  actor: Actor,
  proposal: Proposal,
  input: CreateFeedbackInput,
  requestedRevisions: boolean,
  now: Date,
): Promise<ProposalFeedback> {
  const [[row]] = await db.batch([
    db
      .insert(proposalFeedback)
      .values(feedbackValues(actor, proposal, input, requestedRevisions, now))
      .returning({ id: proposalFeedback.id }),
    feedInserts(db, proposalTopics(proposal.userId), proposal.id, 'proposal'),
  ]);
  if (!row) throw new Error('insert returned no row');
  const [created] = await selectFeedback(db, eq(proposalFeedback.id, row.id));
  if (!created) throw new Error('feedback vanished');
  return created;
}

/** A proposal's feedback, newest first. */
export async function listFeedback(
  db: Database,
  actor: Actor,
  proposalId: string,
  now: Date,
): Promise<ProposalFeedback[]> {
  return selectFeedback(db, await proposalScope(db, actor, { proposalId }, now, proposalFeedback.proposalId));
}

/** Feedback on every proposal the actor may see, or on one. */
export async function listAllFeedback(
  db: Database,
  actor: Actor,
  filter: ProposalFilterInput,
  now: Date,
): Promise<ProposalFeedback[]> {
  return selectFeedback(db, await proposalScope(db, actor, filter, now, proposalFeedback.proposalId));
}

/** The client comments on a proposal awaiting their decision. */
export async function addFeedback(
  db: Database,
  actor: Actor,
  input: CreateFeedbackInput,
  now: Date,
): Promise<ProposalFeedback> {
  const proposal = await findProposal(db, actor, input.id, now);
  transition(proposal, 'comment', actor);
  return insertFeedback(db, actor, proposal, input, false, now);
}

/** pending → addressed (agents). Addressing it twice is a 409. */
export async function addressFeedback(
  db: Database,
  actor: Actor,
  feedbackId: string,
  now: Date,
): Promise<ProposalFeedback> {
  const [found] = await selectFeedback(db, eq(proposalFeedback.id, feedbackId));
  if (!found) throw new NotFoundError('Feedback');
  // Feedback on a proposal for another agent's client is not this agent's to see.
  await findProposal(db, actor, found.proposalId, now).catch(() => {
    throw new NotFoundError('Feedback');
  });
  if (found.status !== 'pending') throw new ConflictError('This feedback is already addressed');
  const [proposal] = await db
    .select({ userId: proposals.userId })
    .from(proposals)
    .where(eq(proposals.id, found.proposalId));
  await db.batch([
    db
      .update(proposalFeedback)
      .set({ status: 'addressed', addressedAt: now })
      .where(and(eq(proposalFeedback.id, feedbackId), eq(proposalFeedback.status, 'pending'))),
    feedAfterChange(
      db,
      proposal ? proposalTopics(proposal.userId) : [topic.proposalDesk],
      found.proposalId,
      'proposal',
    ),
  ]);
  const [updated] = await selectFeedback(db, eq(proposalFeedback.id, feedbackId));
  if (!updated) throw new NotFoundError('Feedback');
  return updated;
}

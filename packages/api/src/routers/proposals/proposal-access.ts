import { isTravelTeam } from '@naav/schemas/roles';
// What every part of a proposal (its details, itinerary and feedback) reads first: the
// proposal itself, if the actor may see it, and the status machine's verdict on a change.
import type { Database } from '@naav/db';
import { todayIn } from '@naav/schemas/dates';
import { proposalFeedback, proposals, user } from '@naav/db/schema';
import { and, count, desc, eq, gt, inArray, ne, or, type SQL } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Actor } from '../../context';
import { clientScope } from '../../lib/agent-scope';
import { columnsOf } from '../../lib/columns';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { decide, isExpired, type ProposalAction, type ProposalStatus } from './proposals.machine';
import { topic } from '../../lib/live/feed';
import type { Proposal } from './proposals.schemas';

const agentUser = alias(user, 'agent_user');

const proposalColumns = {
  ...columnsOf(proposals, 'id', 'userId'),
  clientName: user.name,
  clientEmail: user.email,
  agentId: proposals.agentId,
  agentName: agentUser.name,
  ...columnsOf(
    proposals,
    'title',
    'description',
    'destination',
    'startDate',
    'endDate',
    'expiryDate',
    'budget',
    'imageUrl',
  ),
  ...columnsOf(
    proposals,
    'highlights',
    'inclusions',
    'exclusions',
    'availabilityId',
    'occasionId',
    'tripRequestId',
    'status',
    'version',
  ),
  ...columnsOf(proposals, 'submittedAt', 'viewedAt', 'decidedAt', 'tripId', 'createdAt', 'updatedAt'),
};

/** Today's calendar date (UTC): expiry dates are calendar days. */
const today = (now: Date) => todayIn('UTC', now);

/**
 * Which proposals the actor may see, as a condition in the query: the travel team sees those of
 * the clients in their scope (lib/agent-scope.ts); a client only their own, and never a draft that was never submitted. A draft that
 * was submitted before is one the client sent back for revisions: they keep seeing it (with
 * their feedback) until the new version comes. Anything else is NOT_FOUND.
 */
export const visibleTo = (actor: Actor): SQL | undefined =>
  isTravelTeam(actor.role)
    ? clientScope(actor, proposals.userId)
    : and(eq(proposals.userId, actor.id), or(ne(proposals.status, 'draft'), gt(proposals.version, 0)));

/** Only a submitted draft has a version: the client sent it back (requestRevisions is the only way back to draft). */
const revisionsRequested = (p: { status: ProposalStatus; version: number }) => p.status === 'draft' && p.version > 0;

/** An expiry date must not be before today (UTC, the day `expired` is counted against). */
export function checkExpiry(expiryDate: string, now: Date, reason = 'The expiry date cannot be before today'): void {
  if (expiryDate < today(now)) throw new ValidationError('expiryDate', reason);
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function selectProposals(db: Database, where: SQL | undefined, now: Date): Promise<Proposal[]> {
  const rows = await db
    .select(proposalColumns)
    .from(proposals)
    .innerJoin(user, eq(user.id, proposals.userId))
    .innerJoin(agentUser, eq(agentUser.id, proposals.agentId))
    .where(where)
    .orderBy(desc(proposals.updatedAt), desc(proposals.id));
  if (rows.length === 0) return [];
  const counts = await db
    .select({ proposalId: proposalFeedback.proposalId, status: proposalFeedback.status, n: count() })
    .from(proposalFeedback)
    .where(
      inArray(
        proposalFeedback.proposalId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(proposalFeedback.proposalId, proposalFeedback.status);
  const day = today(now);
  return rows.map(({ highlights, inclusions, exclusions, ...row }) => {
    const mine = counts.filter((c) => c.proposalId === row.id);
    return {
      ...row,
      details: { highlights, inclusions, exclusions },
      expired: isExpired(row, day),
      revisionsRequested: revisionsRequested(row),
      submittedAt: iso(row.submittedAt),
      viewedAt: iso(row.viewedAt),
      decidedAt: iso(row.decidedAt),
      feedbackCount: mine.reduce((n, c) => n + c.n, 0),
      pendingFeedbackCount: mine.filter((c) => c.status === 'pending').reduce((n, c) => n + c.n, 0),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** One proposal the actor may see, or NOT_FOUND. */
export async function findProposal(db: Database, actor: Actor, id: string, now: Date): Promise<Proposal> {
  const [found] = await selectProposals(db, and(eq(proposals.id, id), visibleTo(actor)), now);
  if (!found) throw new NotFoundError('Proposal');
  return found;
}

/**
 * Which rows (of feedback, of itinerary items: `proposalId` is their column) to list: those of
 * one proposal when the filter names it (NOT_FOUND unless the actor may see it), else those of
 * every proposal the actor may see.
 */
export async function proposalScope(
  db: Database,
  actor: Actor,
  filter: { proposalId?: string | undefined },
  now: Date,
  proposalId: SQLiteColumn,
): Promise<SQL | undefined> {
  if (!filter.proposalId) return visibleTo(actor);
  await findProposal(db, actor, filter.proposalId, now);
  return eq(proposalId, filter.proposalId);
}

/** Applies the machine: returns the status the action leads to, or throws 403 / 409. */
export function transition(proposal: Proposal, action: ProposalAction, actor: Actor): ProposalStatus {
  const result = decide(proposal, action, isTravelTeam(actor.role) ? 'agent' : 'client');
  if (result.ok) return result.to;
  if (result.reason === 'forbidden') throw new ForbiddenError(result.message);
  throw new ConflictError(result.message);
}

/** A change the client sees: their topic and the agents' desk (a draft's edits go to the desk alone). */
export const proposalTopics = (clientId: string) => [topic.proposals(clientId), topic.proposalDesk];

/** Blank text clears a field; absent (undefined) leaves it alone. */
export const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);

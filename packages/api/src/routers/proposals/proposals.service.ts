import type { Database } from '@naav/db';
import { addDaysIso, tripDayCount } from '@naav/schemas/dates';
import {
  availability,
  events,
  occasions,
  proposalFeedback,
  proposalItems,
  proposals,
  tripRequests,
  trips,
  user,
} from '@naav/db/schema';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { clientScope, takeOnClient } from '../../lib/agent-scope';
import { timeZoneOf } from '../../lib/places';
import { ConflictError, ValidationError } from '../../errors';
import type { ProposalStatus } from './proposals.machine';
import { feedAfterChange, feedInsert, topic } from '../../lib/live/feed';
import { webhookInsert } from '../../lib/webhook-outbox';
import type { WebhookData } from '@naav/schemas/webhook-events';
import type {
  CreateFeedbackInput,
  CreateProposalInput,
  Proposal,
  ProposalListInput,
  UpdateProposalInput,
} from './proposals.schemas';
import {
  blankToNull,
  checkExpiry,
  findProposal,
  proposalTopics,
  selectProposals,
  transition,
  visibleTo,
} from './proposal-access';
import { feedbackValues } from './proposal-feedback.service';
import { selectItems } from './proposal-items.service';
import { answerNotice, submittedNotice } from './proposal-notices';

/** The proposal events, all of one shape (ProposalWebhookData). */
type ProposalEvent = 'proposal.submitted' | 'proposal.accepted' | 'proposal.declined' | 'proposal.revisions_requested';

/** What a proposal's webhook event says of it: the change, not just its id. */
const proposalEvent = (proposal: Proposal, status: ProposalStatus, extra: object = {}) => ({
  proposalId: proposal.id,
  status,
  previousStatus: proposal.status,
  version: proposal.version,
  clientId: proposal.userId,
  agentId: proposal.agentId,
  title: proposal.title,
  destination: proposal.destination,
  startDate: proposal.startDate,
  endDate: proposal.endDate,
  ...extra,
});

/**
 * The webhook event of a proposal's move, to its client's and its agent's endpoints, queued only
 * when the move happened: the proposal has the new status, stamped by this very change (a
 * condition on the row, not on changes(), so it may stand anywhere after the move in the batch).
 */
const proposalWebhook = (
  db: Database,
  proposal: Proposal,
  to: Proposal['status'],
  type: ProposalEvent,
  data: WebhookData<ProposalEvent>,
  now: Date,
) =>
  webhookInsert(db, [proposal.userId, proposal.agentId], type, data, {
    now,
    when: sql`EXISTS (SELECT 1 FROM ${proposals} WHERE ${proposals.id} = ${proposal.id} AND ${proposals.status} = ${to} AND ${proposals.updatedAt} = ${now.getTime()})`,
  });

/**
 * Writes a status change only if the status is still the one the decision was made on; a
 * concurrent change in between is a 409, never a silent overwrite. `event` is the webhook
 * event it sends, queued in the same transaction.
 */
async function moveStatus(
  db: Database,
  proposal: Proposal,
  to: ProposalStatus,
  changes: Partial<typeof proposals.$inferInsert>,
  now: Date,
  notice: ReturnType<typeof answerNotice>,
  event?: { type: ProposalEvent; data: WebhookData<ProposalEvent> },
): Promise<void> {
  // The notice right after the feed rows: written only if the guarded move (and so its feed rows) was.
  const [updated] = await db.batch([
    db
      .update(proposals)
      .set({ ...changes, status: to, updatedAt: now })
      .where(and(eq(proposals.id, proposal.id), eq(proposals.status, proposal.status)))
      .returning({ id: proposals.id }),
    feedAfterChange(db, proposalTopics(proposal.userId), proposal.id, 'proposal'),
    notice,
    ...(event ? [proposalWebhook(db, proposal, to, event.type, event.data, now)] : []),
  ]);
  if (updated.length === 0) throw new ConflictError('The proposal changed in the meantime; reload it');
}

export async function listProposals(
  db: Database,
  actor: Actor,
  input: ProposalListInput,
  now: Date,
): Promise<Proposal[]> {
  const pending =
    input.filter === 'pending' ? inArray(proposals.status, ['draft', 'submitted', 'reviewing']) : undefined;
  return selectProposals(db, and(visibleTo(actor), pending), now);
}

/** One proposal the actor may see. Reading never changes it (see openProposal). */
export async function getProposal(db: Database, actor: Actor, id: string, now: Date): Promise<Proposal> {
  return findProposal(db, actor, id, now);
}

/**
 * The client opens a proposal: the first look at a submitted version moves it to reviewing and
 * records when (the agent sees "Viewed on …"); later looks change nothing.
 */
export async function openProposal(db: Database, actor: Actor, id: string, now: Date): Promise<Proposal> {
  const proposal = await findProposal(db, actor, id, now);
  const to = transition(proposal, 'open', actor);
  if (to === proposal.status) return proposal;
  await moveStatus(db, proposal, to, { viewedAt: now }, now, answerNotice(db, proposal, 'opened'));
  return findProposal(db, actor, id, now);
}

/** A new draft for one of the clients; the agent is the actor. */
export async function createProposal(
  db: Database,
  actor: Actor,
  input: CreateProposalInput,
  now: Date,
): Promise<Proposal> {
  const { clientId, highlights, inclusions, exclusions, ...fields } = input;
  checkExpiry(input.expiryDate, now);
  const [client] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, clientId), eq(user.role, 'client'), clientScope(actor, user.id)));
  if (!client) throw new ValidationError('clientId', 'No such client');
  if (input.availabilityId) {
    const [row] = await db
      .select({ id: availability.id })
      .from(availability)
      .where(and(eq(availability.id, input.availabilityId), eq(availability.userId, clientId)));
    if (!row) throw new ValidationError('availabilityId', 'Not one of this client’s availability windows');
  }
  if (input.occasionId) {
    const [row] = await db
      .select({ id: occasions.id })
      .from(occasions)
      .where(and(eq(occasions.id, input.occasionId), eq(occasions.userId, clientId)));
    if (!row) throw new ValidationError('occasionId', 'Not one of this client’s occasions');
  }
  if (input.tripRequestId) {
    const [row] = await db
      .select({ id: tripRequests.id })
      .from(tripRequests)
      .where(and(eq(tripRequests.id, input.tripRequestId), eq(tripRequests.ownerId, clientId)));
    if (!row) throw new ValidationError('tripRequestId', 'Not one of this client’s trip requests');
  }
  const id = crypto.randomUUID();
  const [[row]] = await db.batch([
    db
      .insert(proposals)
      .values({
        id,
        ...fields,
        highlights,
        inclusions,
        exclusions,
        userId: clientId,
        agentId: actor.id,
        status: 'draft',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: proposals.id }),
    feedInsert(db, topic.proposalDesk, id, 'proposal'),
    takeOnClient(db, actor, clientId),
  ]);
  if (!row) throw new Error('insert returned no row');
  return findProposal(db, actor, row.id, now);
}

/** Changes a draft's details (the agent, while it is a draft: an approved proposal is frozen). */
export async function updateProposal(
  db: Database,
  actor: Actor,
  input: UpdateProposalInput,
  now: Date,
): Promise<Proposal> {
  const { id, description, imageUrl, ...fields } = input;
  const proposal = await findProposal(db, actor, id, now);
  transition(proposal, 'edit', actor);
  const startDate = fields.startDate ?? proposal.startDate;
  const endDate = fields.endDate ?? proposal.endDate;
  if (endDate < startDate) throw new ValidationError('endDate', 'The end date cannot be before the start date');
  // A new expiry date is checked; one kept as it was is checked when the draft is submitted.
  if (fields.expiryDate !== undefined && fields.expiryDate !== proposal.expiryDate) checkExpiry(fields.expiryDate, now);
  const days = tripDayCount(startDate, endDate);
  const [beyond] = await db
    .select({ n: count() })
    .from(proposalItems)
    .where(and(eq(proposalItems.proposalId, id), gt(proposalItems.day, days)));
  if (beyond && beyond.n > 0)
    throw new ValidationError('endDate', `Items are planned after day ${days}; move or delete them first`);
  await db.batch([
    db
      .update(proposals)
      .set({ ...fields, description: blankToNull(description), imageUrl: blankToNull(imageUrl), updatedAt: now })
      .where(and(eq(proposals.id, id), eq(proposals.status, 'draft'))),
    feedAfterChange(db, [topic.proposalDesk], id, 'proposal'),
  ]);
  return findProposal(db, actor, id, now);
}

/** draft → submitted: a new numbered version; an answered trip request shows "Proposal sent". */
export async function submitProposal(db: Database, actor: Actor, id: string, now: Date): Promise<Proposal> {
  const proposal = await findProposal(db, actor, id, now);
  const to = transition(proposal, 'submit', actor);
  checkExpiry(proposal.expiryDate, now, 'The expiry date has passed: choose a new one before submitting');
  const version = proposal.version + 1;
  await moveStatus(
    db,
    proposal,
    to,
    { version, submittedAt: now, viewedAt: null },
    now,
    submittedNotice(db, proposal, version),
    { type: 'proposal.submitted', data: proposalEvent(proposal, to, { version }) },
  );
  if (proposal.tripRequestId) {
    // The client's My Trips shows the request as "Proposal sent".
    await db.batch([
      db.update(tripRequests).set({ status: 'proposal_sent' }).where(eq(tripRequests.id, proposal.tripRequestId)),
      feedInsert(db, topic.trips(proposal.userId), proposal.tripRequestId, 'request'),
    ]);
  }
  return findProposal(db, actor, id, now);
}

/**
 * The zone of the trip an accepted proposal becomes: the one the client's request gave while
 * the destination is still the requested one, else the destination's own, else UTC.
 */
async function tripTimeZone(
  db: Database,
  proposal: { destination: string; tripRequestId: string | null },
): Promise<string> {
  const [request] = proposal.tripRequestId
    ? await db
        .select({ destination: tripRequests.destination, timeZone: tripRequests.timeZone })
        .from(tripRequests)
        .where(eq(tripRequests.id, proposal.tripRequestId))
    : [];
  if (request?.timeZone && request.destination === proposal.destination) return request.timeZone;
  return timeZoneOf(proposal.destination) ?? request?.timeZone ?? 'UTC';
}

/** submitted/reviewing → approved, and the client gets an upcoming trip made of the itinerary. */
export async function acceptProposal(db: Database, actor: Actor, id: string, now: Date): Promise<Proposal> {
  const proposal = await findProposal(db, actor, id, now);
  const to = transition(proposal, 'accept', actor);
  const items = await selectItems(db, eq(proposalItems.proposalId, id));
  const tripId = crypto.randomUUID();
  const timeZone = await tripTimeZone(db, proposal);
  const approved = db
    .update(proposals)
    .set({ status: to, decidedAt: now, tripId, updatedAt: now })
    .where(and(eq(proposals.id, id), eq(proposals.status, proposal.status)))
    .returning({ id: proposals.id });
  // One batch (one transaction): the trip, its events and the approval land together.
  const tripInsert = db.insert(trips).values({
    id: tripId,
    ownerId: proposal.userId,
    title: proposal.title,
    destination: proposal.destination,
    location: proposal.destination,
    startDate: proposal.startDate,
    endDate: proposal.endDate,
    timeZone,
    imageUrl: proposal.imageUrl,
    description: proposal.description,
    createdAt: now,
    updatedAt: now,
  });
  const eventRows = items.map((item) => ({
    tripId,
    title: item.title,
    description: item.description,
    location: item.location,
    date: addDaysIso(proposal.startDate, item.day - 1),
    startTime: `${item.startTime}:00`,
    endTime: `${item.endTime}:00`,
    type: item.type,
    status: 'confirmed' as const,
    timeZone,
    createdAt: now,
  }));
  const feed = feedAfterChange(
    db,
    [...proposalTopics(proposal.userId), topic.trips(proposal.userId)],
    proposal.id,
    'proposal',
  );
  const notice = answerNotice(db, proposal, 'accepted');
  const webhook = proposalWebhook(db, proposal, to, 'proposal.accepted', proposalEvent(proposal, to, { tripId }), now);
  const results =
    eventRows.length > 0
      ? await db.batch([tripInsert, db.insert(events).values(eventRows), approved, feed, notice, webhook])
      : await db.batch([tripInsert, approved, feed, notice, webhook]);
  const updated = results[results.length - 4] as { id: string }[];
  if (!updated || updated.length === 0) {
    await db.delete(trips).where(eq(trips.id, tripId));
    throw new ConflictError('The proposal changed in the meantime; reload it');
  }
  return findProposal(db, actor, id, now);
}

/** submitted/reviewing → rejected. */
export async function declineProposal(db: Database, actor: Actor, id: string, now: Date): Promise<Proposal> {
  const proposal = await findProposal(db, actor, id, now);
  const to = transition(proposal, 'decline', actor);
  await moveStatus(db, proposal, to, { decidedAt: now }, now, answerNotice(db, proposal, 'declined'), {
    type: 'proposal.declined',
    data: proposalEvent(proposal, to),
  });
  return findProposal(db, actor, id, now);
}

/** submitted/reviewing → draft with the client's comment, so the agent can revise and resubmit. */
export async function requestRevisions(
  db: Database,
  actor: Actor,
  input: CreateFeedbackInput,
  now: Date,
): Promise<Proposal> {
  const proposal = await findProposal(db, actor, input.id, now);
  const to = transition(proposal, 'requestRevisions', actor);
  // One batch, one transaction: the proposal never goes back to draft without the client's comment.
  const [moved, , , , [comment]] = await db.batch([
    db
      .update(proposals)
      .set({ status: to, updatedAt: now })
      .where(and(eq(proposals.id, proposal.id), eq(proposals.status, proposal.status)))
      .returning({ id: proposals.id }),
    feedAfterChange(db, proposalTopics(proposal.userId), proposal.id, 'proposal'),
    answerNotice(db, proposal, 'revisions', input.comment),
    proposalWebhook(
      db,
      proposal,
      to,
      'proposal.revisions_requested',
      proposalEvent(proposal, to, { comment: input.comment }),
      now,
    ),
    db
      .insert(proposalFeedback)
      .values(feedbackValues(actor, proposal, input, true, now))
      .returning({ id: proposalFeedback.id }),
  ]);
  if (moved.length === 0) {
    // Someone changed it first: the comment goes with the refused move.
    if (comment) await db.delete(proposalFeedback).where(eq(proposalFeedback.id, comment.id));
    throw new ConflictError('The proposal changed in the meantime; reload it');
  }
  // The client keeps seeing it, marked as waiting for a new version.
  return findProposal(db, actor, proposal.id, now);
}

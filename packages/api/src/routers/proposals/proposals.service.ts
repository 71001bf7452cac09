import type { Database } from '@naav/db';
import { addDaysIso, todayIn, tripDayCount } from '@naav/schemas/dates';
import { availability, events, occasions, proposalFeedback, proposalItems, proposals, tripRequests, trips, user } from '@naav/db/schema';
import { and, asc, count, desc, eq, gt, inArray, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Actor } from '../../context';
import { timeZoneOf } from '../../lib/places';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { decide, isExpired, type ProposalAction, type ProposalStatus } from './proposals.machine';
import { feedAfterChange, feedInsert, feedInserts, topic } from '../../lib/live/feed';
import type {
  CreateFeedbackInput,
  CreateItemInput,
  CreateProposalInput,
  Proposal,
  ProposalFeedback,
  ProposalFilterInput,
  ProposalItem,
  ProposalListInput,
  UpdateItemInput,
  UpdateProposalInput,
} from './proposals.schemas';

const agentUser = alias(user, 'agent_user');

const proposalColumns = {
  id: proposals.id,
  userId: proposals.userId,
  clientName: user.name,
  clientEmail: user.email,
  agentId: proposals.agentId,
  agentName: agentUser.name,
  title: proposals.title,
  description: proposals.description,
  destination: proposals.destination,
  startDate: proposals.startDate,
  endDate: proposals.endDate,
  expiryDate: proposals.expiryDate,
  budget: proposals.budget,
  imageUrl: proposals.imageUrl,
  highlights: proposals.highlights,
  inclusions: proposals.inclusions,
  exclusions: proposals.exclusions,
  availabilityId: proposals.availabilityId,
  occasionId: proposals.occasionId,
  tripRequestId: proposals.tripRequestId,
  status: proposals.status,
  version: proposals.version,
  submittedAt: proposals.submittedAt,
  viewedAt: proposals.viewedAt,
  decidedAt: proposals.decidedAt,
  tripId: proposals.tripId,
  createdAt: proposals.createdAt,
  updatedAt: proposals.updatedAt,
};

/** Today's calendar date (UTC): expiry dates are calendar days. */
const today = (now: Date) => todayIn('UTC', now);

/**
 * Which proposals the actor may see, as a condition in the query: an agent (the travel team)
 * sees all; a client only their own, and never a draft that was never submitted. A draft that
 * was submitted before is one the client sent back for revisions: they keep seeing it (with
 * their feedback) until the new version comes. Anything else is NOT_FOUND.
 */
const visibleTo = (actor: Actor): SQL | undefined =>
  actor.role === 'agent' ? undefined : and(eq(proposals.userId, actor.id), or(ne(proposals.status, 'draft'), gt(proposals.version, 0)));

/** Only a submitted draft has a version: the client sent it back (requestRevisions is the only way back to draft). */
const revisionsRequested = (p: { status: ProposalStatus; version: number }) => p.status === 'draft' && p.version > 0;

/** An expiry date must not be before today (UTC, the day `expired` is counted against). */
function checkExpiry(expiryDate: string, now: Date, reason = 'The expiry date cannot be before today'): void {
  if (expiryDate < today(now)) throw new ValidationError('expiryDate', reason);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function selectProposals(db: Database, where: SQL | undefined, now: Date): Promise<Proposal[]> {
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
async function findProposal(db: Database, actor: Actor, id: string, now: Date): Promise<Proposal> {
  const [found] = await selectProposals(db, and(eq(proposals.id, id), visibleTo(actor)), now);
  if (!found) throw new NotFoundError('Proposal');
  return found;
}

/** Applies the machine: returns the status the action leads to, or throws 403 / 409. */
function transition(proposal: Proposal, action: ProposalAction, actor: Actor): ProposalStatus {
  const result = decide(proposal, action, actor.role);
  if (result.ok) return result.to;
  if (result.reason === 'forbidden') throw new ForbiddenError(result.message);
  throw new ConflictError(result.message);
}

/**
 * Writes a status change only if the status is still the one the decision was made on; a
 * concurrent change in between is a 409, never a silent overwrite.
 */
/** A change the client sees: their topic and the agents' desk (a draft's edits go to the desk alone). */
const proposalTopics = (clientId: string) => [topic.proposals(clientId), topic.proposalDesk];

async function moveStatus(
  db: Database,
  proposal: Proposal,
  to: ProposalStatus,
  changes: Partial<typeof proposals.$inferInsert>,
  now: Date,
): Promise<void> {
  const [updated] = await db.batch([
    db
      .update(proposals)
      .set({ ...changes, status: to, updatedAt: now })
      .where(and(eq(proposals.id, proposal.id), eq(proposals.status, proposal.status)))
      .returning({ id: proposals.id }),
    feedAfterChange(db, proposalTopics(proposal.userId), proposal.id, 'proposal'),
  ]);
  if (updated.length === 0) throw new ConflictError('The proposal changed in the meantime; reload it');
}

export async function listProposals(db: Database, actor: Actor, input: ProposalListInput, now: Date): Promise<Proposal[]> {
  const pending = input.filter === 'pending' ? inArray(proposals.status, ['draft', 'submitted', 'reviewing']) : undefined;
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
  await moveStatus(db, proposal, to, { viewedAt: now }, now);
  return findProposal(db, actor, id, now);
}

/** A new draft for one of the clients; the agent is the actor. */
export async function createProposal(db: Database, actor: Actor, input: CreateProposalInput, now: Date): Promise<Proposal> {
  const { clientId, highlights, inclusions, exclusions, ...fields } = input;
  checkExpiry(input.expiryDate, now);
  const [client] = await db.select({ id: user.id }).from(user).where(and(eq(user.id, clientId), eq(user.role, 'client')));
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
  ]);
  if (!row) throw new Error('insert returned no row');
  return findProposal(db, actor, row.id, now);
}

/** Blank text clears a field; absent (undefined) leaves it alone. */
const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);

/** Changes a draft's details (the agent, while it is a draft: an approved proposal is frozen). */
export async function updateProposal(db: Database, actor: Actor, input: UpdateProposalInput, now: Date): Promise<Proposal> {
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
  if (beyond && beyond.n > 0) throw new ValidationError('endDate', `Items are planned after day ${days}; move or delete them first`);
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
  await moveStatus(db, proposal, to, { version: proposal.version + 1, submittedAt: now, viewedAt: null }, now);
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
async function tripTimeZone(db: Database, proposal: { destination: string; tripRequestId: string | null }): Promise<string> {
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
  const feed = feedAfterChange(db, [...proposalTopics(proposal.userId), topic.trips(proposal.userId)], proposal.id, 'proposal');
  const results =
    eventRows.length > 0
      ? await db.batch([tripInsert, db.insert(events).values(eventRows), approved, feed])
      : await db.batch([tripInsert, approved, feed]);
  const updated = results[results.length - 2] as { id: string }[];
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
  await moveStatus(db, proposal, to, { decidedAt: now }, now);
  return findProposal(db, actor, id, now);
}

/** submitted/reviewing → draft with the client's comment, so the agent can revise and resubmit. */
export async function requestRevisions(db: Database, actor: Actor, input: CreateFeedbackInput, now: Date): Promise<Proposal> {
  const proposal = await findProposal(db, actor, input.id, now);
  const to = transition(proposal, 'requestRevisions', actor);
  // One batch, one transaction: the proposal never goes back to draft without the client's comment.
  const [moved, , [comment]] = await db.batch([
    db
      .update(proposals)
      .set({ status: to, updatedAt: now })
      .where(and(eq(proposals.id, proposal.id), eq(proposals.status, proposal.status)))
      .returning({ id: proposals.id }),
    feedAfterChange(db, proposalTopics(proposal.userId), proposal.id, 'proposal'),
    db.insert(proposalFeedback).values(feedbackValues(actor, proposal, input, true, now)).returning({ id: proposalFeedback.id }),
  ]);
  if (moved.length === 0) {
    // Someone changed it first: the comment goes with the refused move.
    if (comment) await db.delete(proposalFeedback).where(eq(proposalFeedback.id, comment.id));
    throw new ConflictError('The proposal changed in the meantime; reload it');
  }
  // The client keeps seeing it, marked as waiting for a new version.
  return findProposal(db, actor, proposal.id, now);
}

// ---------------------------------------------------------------- itinerary items

const itemColumns = {
  id: proposalItems.id,
  proposalId: proposalItems.proposalId,
  day: proposalItems.day,
  title: proposalItems.title,
  description: proposalItems.description,
  type: proposalItems.type,
  startTime: proposalItems.startTime,
  endTime: proposalItems.endTime,
  location: proposalItems.location,
  cost: proposalItems.cost,
  included: proposalItems.included,
  notes: proposalItems.notes,
  createdAt: proposalItems.createdAt,
};

async function selectItems(db: Database, where: SQL | undefined): Promise<ProposalItem[]> {
  const rows = await db
    .select(itemColumns)
    .from(proposalItems)
    .innerJoin(proposals, eq(proposals.id, proposalItems.proposalId))
    .where(where)
    .orderBy(asc(proposalItems.proposalId), asc(proposalItems.day), asc(proposalItems.startTime), asc(proposalItems.createdAt), asc(proposalItems.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** A proposal's itinerary, by day and start time. */
export async function listItems(db: Database, actor: Actor, proposalId: string, now: Date): Promise<ProposalItem[]> {
  await findProposal(db, actor, proposalId, now);
  return selectItems(db, eq(proposalItems.proposalId, proposalId));
}

/** Items of every proposal the actor may see, or of one. */
export async function listAllItems(db: Database, actor: Actor, filter: ProposalFilterInput, now: Date): Promise<ProposalItem[]> {
  if (filter.proposalId) return listItems(db, actor, filter.proposalId, now);
  return selectItems(db, visibleTo(actor));
}

/** Adds an item to a draft; its day must fall within the proposal's dates. */
export async function addItem(db: Database, actor: Actor, input: CreateItemInput, now: Date): Promise<ProposalItem> {
  const { id: proposalId, ...fields } = input;
  const proposal = await findProposal(db, actor, proposalId, now);
  transition(proposal, 'edit', actor);
  const days = tripDayCount(proposal.startDate, proposal.endDate);
  if (fields.day > days) throw new ValidationError('day', `The proposal has ${days} day${days === 1 ? '' : 's'}`);
  const [[row]] = await db.batch([
    db
      .insert(proposalItems)
      .values({ ...fields, proposalId, createdAt: now })
      .returning(itemColumns),
    db.update(proposals).set({ updatedAt: now }).where(eq(proposals.id, proposalId)),
    feedInsert(db, topic.proposalDesk, proposalId, 'proposal'),
  ]);
  if (!row) throw new Error('insert returned no row');
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Changes an item of a draft; the merged day and times must still fit. */
export async function updateItem(db: Database, actor: Actor, input: UpdateItemInput, now: Date): Promise<ProposalItem> {
  const { id: itemId, description, location, notes, ...fields } = input;
  const [item] = await selectItems(db, eq(proposalItems.id, itemId));
  if (!item) throw new NotFoundError('Itinerary item');
  const proposal = await findProposal(db, actor, item.proposalId, now);
  transition(proposal, 'edit', actor);
  const days = tripDayCount(proposal.startDate, proposal.endDate);
  if ((fields.day ?? item.day) > days) throw new ValidationError('day', `The proposal has ${days} day${days === 1 ? '' : 's'}`);
  if ((fields.endTime ?? item.endTime) < (fields.startTime ?? item.startTime)) {
    throw new ValidationError('endTime', 'The end time cannot be before the start time');
  }
  await db
    .update(proposalItems)
    .set({ ...fields, description: blankToNull(description), location: blankToNull(location), notes: blankToNull(notes) })
    .where(eq(proposalItems.id, itemId));
  await db.batch([db.update(proposals).set({ updatedAt: now }).where(eq(proposals.id, proposal.id)), feedInsert(db, topic.proposalDesk, proposal.id, 'proposal')]);
  const [updated] = await selectItems(db, eq(proposalItems.id, itemId));
  if (!updated) throw new NotFoundError('Itinerary item');
  return updated;
}

/** Deletes an item of a draft. */
export async function deleteItem(db: Database, actor: Actor, itemId: string, now: Date): Promise<{ id: string; deleted: true }> {
  const [item] = await db.select({ proposalId: proposalItems.proposalId }).from(proposalItems).where(eq(proposalItems.id, itemId));
  if (!item) throw new NotFoundError('Itinerary item');
  const proposal = await findProposal(db, actor, item.proposalId, now);
  transition(proposal, 'edit', actor);
  await db.batch([
    db.delete(proposalItems).where(eq(proposalItems.id, itemId)),
    db.update(proposals).set({ updatedAt: now }).where(eq(proposals.id, proposal.id)),
    feedInsert(db, topic.proposalDesk, proposal.id, 'proposal'),
  ]);
  return { id: itemId, deleted: true };
}

// ---------------------------------------------------------------- feedback

const feedbackColumns = {
  id: proposalFeedback.id,
  proposalId: proposalFeedback.proposalId,
  userId: proposalFeedback.userId,
  authorName: user.name,
  comment: proposalFeedback.comment,
  rating: proposalFeedback.rating,
  itemReference: proposalFeedback.itemReference,
  version: proposalFeedback.version,
  requestedRevisions: proposalFeedback.requestedRevisions,
  status: proposalFeedback.status,
  addressedAt: proposalFeedback.addressedAt,
  createdAt: proposalFeedback.createdAt,
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

function feedbackValues(actor: Actor, proposal: Proposal, input: CreateFeedbackInput, requestedRevisions: boolean, now: Date) {
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
export async function listFeedback(db: Database, actor: Actor, proposalId: string, now: Date): Promise<ProposalFeedback[]> {
  await findProposal(db, actor, proposalId, now);
  return selectFeedback(db, eq(proposalFeedback.proposalId, proposalId));
}

/** Feedback on every proposal the actor may see, or on one. */
export async function listAllFeedback(db: Database, actor: Actor, filter: ProposalFilterInput, now: Date): Promise<ProposalFeedback[]> {
  if (filter.proposalId) return listFeedback(db, actor, filter.proposalId, now);
  return selectFeedback(db, visibleTo(actor));
}

/** The client comments on a proposal awaiting their decision. */
export async function addFeedback(db: Database, actor: Actor, input: CreateFeedbackInput, now: Date): Promise<ProposalFeedback> {
  const proposal = await findProposal(db, actor, input.id, now);
  transition(proposal, 'comment', actor);
  return insertFeedback(db, actor, proposal, input, false, now);
}

/** pending → addressed (agents). Addressing it twice is a 409. */
export async function addressFeedback(db: Database, _actor: Actor, feedbackId: string, now: Date): Promise<ProposalFeedback> {
  const [found] = await selectFeedback(db, eq(proposalFeedback.id, feedbackId));
  if (!found) throw new NotFoundError('Feedback');
  if (found.status !== 'pending') throw new ConflictError('This feedback is already addressed');
  const [proposal] = await db.select({ userId: proposals.userId }).from(proposals).where(eq(proposals.id, found.proposalId));
  await db.batch([
    db
      .update(proposalFeedback)
      .set({ status: 'addressed', addressedAt: now })
      .where(and(eq(proposalFeedback.id, feedbackId), eq(proposalFeedback.status, 'pending'))),
    feedAfterChange(db, proposal ? proposalTopics(proposal.userId) : [topic.proposalDesk], found.proposalId, 'proposal'),
  ]);
  const [updated] = await selectFeedback(db, eq(proposalFeedback.id, feedbackId));
  if (!updated) throw new NotFoundError('Feedback');
  return updated;
}


// A proposal's itinerary: the items of its days, changed only while it is a draft.
import type { Database } from '@naav/db';
import { tripDayCount } from '@naav/schemas/dates';
import { proposalItems, proposals } from '@naav/db/schema';
import { asc, eq, type SQL } from 'drizzle-orm';
import type { Actor } from '../../context';
import { columnsOf } from '../../lib/columns';
import { NotFoundError, ValidationError } from '../../errors';
import { feedInsert, topic } from '../../lib/live/feed';
import type { CreateItemInput, ProposalFilterInput, ProposalItem, UpdateItemInput } from './proposals.schemas';
import { blankToNull, findProposal, proposalScope, transition } from './proposal-access';

const itemColumns = columnsOf(
  proposalItems,
  ...([
    'id',
    'proposalId',
    'day',
    'title',
    'description',
    'type',
    'startTime',
    'endTime',
    'location',
    'cost',
    'included',
    'notes',
    'createdAt',
  ] as const),
);

export async function selectItems(db: Database, where: SQL | undefined): Promise<ProposalItem[]> {
  const rows = await db
    .select(itemColumns)
    .from(proposalItems)
    .innerJoin(proposals, eq(proposals.id, proposalItems.proposalId))
    .where(where)
    .orderBy(
      asc(proposalItems.proposalId),
      asc(proposalItems.day),
      asc(proposalItems.startTime),
      asc(proposalItems.createdAt),
      asc(proposalItems.id),
    );
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** A proposal's itinerary, by day and start time. */
export async function listItems(db: Database, actor: Actor, proposalId: string, now: Date): Promise<ProposalItem[]> {
  return selectItems(db, await proposalScope(db, actor, { proposalId }, now, proposalItems.proposalId));
}

/** Items of every proposal the actor may see, or of one. */
export async function listAllItems(
  db: Database,
  actor: Actor,
  filter: ProposalFilterInput,
  now: Date,
): Promise<ProposalItem[]> {
  return selectItems(db, await proposalScope(db, actor, filter, now, proposalItems.proposalId));
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
  if ((fields.day ?? item.day) > days)
    throw new ValidationError('day', `The proposal has ${days} day${days === 1 ? '' : 's'}`);
  if ((fields.endTime ?? item.endTime) < (fields.startTime ?? item.startTime)) {
    throw new ValidationError('endTime', 'The end time cannot be before the start time');
  }
  await db
    .update(proposalItems)
    .set({
      ...fields,
      description: blankToNull(description),
      location: blankToNull(location),
      notes: blankToNull(notes),
    })
    .where(eq(proposalItems.id, itemId));
  await db.batch([
    db.update(proposals).set({ updatedAt: now }).where(eq(proposals.id, proposal.id)),
    feedInsert(db, topic.proposalDesk, proposal.id, 'proposal'),
  ]);
  const [updated] = await selectItems(db, eq(proposalItems.id, itemId));
  if (!updated) throw new NotFoundError('Itinerary item');
  return updated;
}

/** Deletes an item of a draft. */
export async function deleteItem(
  db: Database,
  actor: Actor,
  itemId: string,
  now: Date,
): Promise<{ id: string; deleted: true }> {
  const [item] = await db
    .select({ proposalId: proposalItems.proposalId })
    .from(proposalItems)
    .where(eq(proposalItems.id, itemId));
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

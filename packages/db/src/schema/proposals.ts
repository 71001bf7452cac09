import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { availability, occasions } from './availability';
import { cascadeRef, timestampNow, uuidKey } from './columns';
import { tripRequests, trips } from './trips';
import { feedbackStatuses, itineraryItemTypes, proposalStatuses } from '@naav/schemas/proposals';

export { feedbackStatuses, itineraryItemTypes, proposalStatuses } from '@naav/schemas/proposals';

// A trip an agent proposes to a client. Its status only changes through the machine in
// packages/api/src/routers/proposals/proposals.machine.ts.
export const proposals = sqliteTable(
  'proposals',
  {
    id: uuidKey(),
    /** The client the proposal is for. */
    userId: cascadeRef(() => user.id),
    /** The agent who created it. */
    agentId: cascadeRef(() => user.id),
    title: text().notNull(),
    description: text(),
    destination: text().notNull(),
    /** Calendar dates, YYYY-MM-DD, inclusive. */
    startDate: text().notNull(),
    endDate: text().notNull(),
    /** Last day the client can accept it, YYYY-MM-DD. */
    expiryDate: text().notNull(),
    /** Whole US dollars (like a trip request's budget). */
    budget: integer().notNull().default(0),
    imageUrl: text(),
    highlights: text({ mode: 'json' }).$type<string[]>().notNull().default([]),
    inclusions: text({ mode: 'json' }).$type<string[]>().notNull().default([]),
    exclusions: text({ mode: 'json' }).$type<string[]>().notNull().default([]),
    availabilityId: text().references(() => availability.id, { onDelete: 'set null' }),
    occasionId: text().references(() => occasions.id, { onDelete: 'set null' }),
    tripRequestId: text().references(() => tripRequests.id, { onDelete: 'set null' }),
    status: text({ enum: proposalStatuses }).notNull().default('draft'),
    /** How many times it was submitted: the version the client sees (0 before the first submission). */
    version: integer().notNull().default(0),
    submittedAt: integer({ mode: 'timestamp_ms' }),
    /** When the client first opened the current version; null until then. */
    viewedAt: integer({ mode: 'timestamp_ms' }),
    /** When the client accepted or declined it. */
    decidedAt: integer({ mode: 'timestamp_ms' }),
    /** The client's trip made when the proposal was approved. */
    tripId: text().references(() => trips.id, { onDelete: 'set null' }),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [index('proposals_user_idx').on(t.userId, t.status), index('proposals_agent_idx').on(t.agentId)],
);

/** One activity of a proposal's itinerary, on a day counted from 1 (the start date). */
export const proposalItems = sqliteTable(
  'proposal_items',
  {
    id: uuidKey(),
    proposalId: cascadeRef(() => proposals.id),
    day: integer().notNull(),
    title: text().notNull(),
    description: text(),
    type: text({ enum: itineraryItemTypes }).notNull().default('activity'),
    /** Local times, HH:MM. */
    startTime: text().notNull(),
    endTime: text().notNull(),
    location: text(),
    /** Whole US dollars. */
    cost: integer().notNull().default(0),
    included: integer({ mode: 'boolean' }).notNull().default(true),
    notes: text(),
    createdAt: timestampNow(),
  },
  (t) => [index('proposal_items_proposal_idx').on(t.proposalId, t.day, t.startTime)],
);

/** A client's comment on a proposal; the agent marks it addressed. */
export const proposalFeedback = sqliteTable(
  'proposal_feedback',
  {
    id: uuidKey(),
    proposalId: cascadeRef(() => proposals.id),
    userId: cascadeRef(() => user.id),
    comment: text().notNull(),
    /** 1–5, or null. */
    rating: integer(),
    /** The itinerary item it is about (its title), if any. */
    itemReference: text(),
    /** The version of the proposal the client was looking at. */
    version: integer().notNull().default(1),
    /** True when it came with a request for revisions. */
    requestedRevisions: integer({ mode: 'boolean' }).notNull().default(false),
    status: text({ enum: feedbackStatuses }).notNull().default('pending'),
    addressedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: timestampNow(),
  },
  (t) => [index('proposal_feedback_proposal_idx').on(t.proposalId, t.createdAt)],
);

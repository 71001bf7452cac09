import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { cascadeRef, timestampNow, uuidKey } from './columns';
import { chatSenders, conciergeRequestStatuses, conciergeRequestTypes } from '@naav/schemas/concierge';

export { chatSenders, conciergeRequestStatuses, conciergeRequestTypes } from '@naav/schemas/concierge';

// One conversation per traveller (userId): their messages and the concierge team's answers.
export const conciergeMessages = sqliteTable(
  'concierge_messages',
  {
    id: uuidKey(),
    /** The traveller whose conversation this is, whoever wrote the message. */
    userId: cascadeRef(() => user.id),
    sender: text({ enum: chatSenders }).notNull(),
    /** The agent who answered (concierge messages only). */
    agentId: text().references(() => user.id, { onDelete: 'set null' }),
    message: text().notNull(),
    /** When an agent opened the conversation after a traveller's message; null while unread. */
    readAt: integer({ mode: 'timestamp_ms' }),
    createdAt: timestampNow(),
  },
  (t) => [index('concierge_messages_user_idx').on(t.userId, t.createdAt)],
);

/** A traveller's service request; agents assign it and move it pending → in_progress → completed. */
export const conciergeRequests = sqliteTable(
  'concierge_requests',
  {
    id: uuidKey(),
    ownerId: cascadeRef(() => user.id),
    title: text().notNull(),
    type: text({ enum: conciergeRequestTypes }).notNull().default('general'),
    status: text({ enum: conciergeRequestStatuses }).notNull().default('pending'),
    /** The day it is for, YYYY-MM-DD; optional. */
    date: text(),
    /** What the traveller wrote when filing it. */
    notes: text(),
    assigneeId: text().references(() => user.id, { onDelete: 'set null' }),
    /** What the concierge team tells the traveller about it. */
    agentNotes: text(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [
    index('concierge_requests_owner_idx').on(t.ownerId, t.createdAt),
    index('concierge_requests_status_idx').on(t.status, t.createdAt),
  ],
);

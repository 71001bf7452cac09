import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user, userRoles } from './auth';
import { timestampNow, uuidKey } from './columns';

/**
 * An invitation by e-mail to join as a client, agent or admin. Only the SHA-256 of the link's
 * token is kept, so the table alone opens no account; a link works once, until `expiresAt`.
 */
export const invitations = sqliteTable(
  'invitations',
  {
    id: uuidKey(),
    tokenHash: text().notNull().unique(),
    email: text().notNull(),
    role: text({ enum: userRoles }).notNull(),
    /** Who sent it; null for the command line and ADMIN_EMAILS, or once that admin is gone. */
    invitedBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestampNow(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    acceptedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [index('invitations_email_idx').on(t.email)],
);

/**
 * Security and administration events, appended by the app and never changed by it: who did it
 * (null for the system or someone not signed in), to whom, what, when, from which address, and a
 * summary. Ids are kept as text without references, so the trail outlives the accounts it names;
 * rows older than AUDIT_RETENTION_DAYS are removed.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    at: timestampNow(),
    actorId: text(),
    /** The actor's e-mail address as it was, or the address a failed sign-in tried. */
    actorEmail: text(),
    targetId: text(),
    action: text().notNull(),
    clientAddress: text(),
    summary: text().notNull(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_actor_idx').on(t.actorId, t.id)],
);

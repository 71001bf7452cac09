import { auditActions } from '@naav/schemas/audit';
import { invitationInput, roles } from '@naav/schemas/roles';
import { z } from 'zod';
import { flag, id, nextCursor, pageCursor, pageLimit } from '../../lib/schemas';

export { invitationInput };

export const usersInput = z.object({
  /** Part of a name or e-mail address (case does not matter). */
  q: z.string().trim().max(100).optional(),
  /** The `nextCursor` of the page before. */
  cursor: pageCursor.optional(),
  /** At most this many people (1–200, default 50), by name. */
  limit: pageLimit.default(50),
});

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  /** The e-mail address is confirmed. */
  emailVerified: z.boolean(),
  /** Sign-in asks for a code from an authenticator app. */
  twoFactorEnabled: z.boolean(),
  /** False once deactivated: no sessions, and sign-in is refused. */
  active: z.boolean(),
  /** The last request of any of their sessions; null when they have none. */
  lastSeenAt: z.date().nullable(),
  createdAt: z.date(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const usersPageSchema = z.object({ items: z.array(adminUserSchema), nextCursor });

export const updateUserInput = z.object({
  id,
  role: z.enum(roles).optional(),
  /** false deactivates (every session ends at once), true reactivates. */
  active: flag.optional(),
});

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  /** The link works once, until then (7 days after it was sent). */
  expiresAt: z.date(),
});

export const auditInput = z.object({
  /** The `nextCursor` of the page before: older events. */
  cursor: pageCursor.optional(),
  /** Only what this user did (a user id). */
  actor: id.optional(),
  action: z.enum(auditActions).optional(),
  /** At most this many events (1–200, default 50), newest first. */
  limit: pageLimit.default(50),
});

const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.date(),
  /** Who did it; null for the system, the command line or someone not signed in. */
  actorId: z.string().nullable(),
  /** Their address as it was then, or the address a failed sign-in named. */
  actorEmail: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The target's address, while their account exists. */
  targetEmail: z.string().nullable(),
  action: z.string(),
  clientAddress: z.string().nullable(),
  summary: z.string(),
});

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor });

export const backupSchema = z.object({
  /** The file's name in BACKUP_DIR: `naav-<UTC time>.db`; GET /api/admin/backups/{name}/download gives its bytes. */
  name: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.date(),
});

export const backupListSchema = z.object({
  /** Whether this server backs its database up (an embedded file); false with a libSQL server. */
  available: z.boolean(),
  /** BACKUP_DIR on the server's machine. */
  directory: z.string().nullable(),
  /** Newest first; BACKUP_KEEP of them are kept. */
  items: z.array(backupSchema),
});

/** A backup's file name, as GET /api/admin/backups lists it. */
export const backupNameInput = z.object({
  name: z
    .string()
    .max(100)
    .regex(/^naav-[0-9TZ-]+\.db$/, 'must be a backup name such as naav-2026-11-27T03-00-00-000Z.db'),
});

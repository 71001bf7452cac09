import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { cascadeRef, timestampNow, uuidKey } from './columns';

export const exportStatuses = ['pending', 'building', 'ready', 'failed', 'downloaded', 'expired'] as const;
export type ExportStatus = (typeof exportStatuses)[number];

/**
 * A person's request for a copy of their data (POST /api/me/export). Any app server builds it
 * (claiming the row: `claimedAt` says since when one is at it) and keeps the zip here, so any
 * server can serve the single download; the bytes are dropped once downloaded or expired.
 */
export const exportJobs = sqliteTable(
  'export_jobs',
  {
    id: uuidKey(),
    userId: cascadeRef(() => user.id),
    status: text({ enum: exportStatuses }).notNull().default('pending'),
    /** When a server started building it; a build older than the stale limit is taken over. */
    claimedAt: integer({ mode: 'timestamp_ms' }),
    /** The download link's secret (with the owner's session, it opens the zip once). */
    token: text(),
    archive: blob({ mode: 'buffer' }).$type<Uint8Array>(),
    sizeBytes: integer(),
    /** The link works until then (24 hours after the zip is ready). */
    expiresAt: integer({ mode: 'timestamp_ms' }),
    downloadedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: timestampNow(),
  },
  (t) => [index('export_jobs_user_idx').on(t.userId, t.createdAt)],
);

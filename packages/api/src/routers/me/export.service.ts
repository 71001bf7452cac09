import { randomBytes } from 'node:crypto';
import type { Database } from '@naav/db';
import { exportJobs, user } from '@naav/db/schema';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import { audit } from '../../lib/audit';
import type { PhotoStore } from '../photos/photo-store';
import { buildExportArchive } from './export-archive';
import type { ExportJob } from './me.schemas';

/** Tells the owner their export is ready: `downloadUrl` is relative to the app's address. */
export type ExportReadyNotice = (
  owner: { name: string; email: string },
  downloadUrl: string,
  expiresAt: Date,
) => Promise<void>;

/** The link works this long after the zip is ready. */
const exportLinkLifetimeMs = 24 * 60 * 60 * 1000;
/** A build that has not finished after this long (its server stopped) is taken over by the next look. */
const staleBuildMs = 10 * 60 * 1000;

const downloadUrlOf = (id: string, token: string) => `/api/me/export/${id}/download?token=${token}`;

/** The job as its owner sees it: an expired link reads `expired`, and a ready one carries its link. */
function describe(
  job: { id: string; status: ExportJob['status']; token: string | null; expiresAt: Date | null },
  now: Date,
): ExportJob {
  if (job.status === 'ready' && job.expiresAt && job.expiresAt <= now) return { id: job.id, status: 'expired' };
  return job.status === 'ready' && job.token
    ? {
        id: job.id,
        status: 'ready',
        downloadUrl: downloadUrlOf(job.id, job.token),
        expiresAt: job.expiresAt ?? undefined,
      }
    : { id: job.id, status: job.status };
}

const jobColumns = {
  id: exportJobs.id,
  status: exportJobs.status,
  token: exportJobs.token,
  expiresAt: exportJobs.expiresAt,
};

/**
 * Asks for an export. One at a time: while one is being built, or ready and not yet downloaded,
 * asking again answers that one. The zip is built in the background (see `runExport`).
 */
export async function requestExport(
  db: Database,
  actor: Actor,
  now: Date,
  clientAddress: string | null = null,
): Promise<ExportJob> {
  // Links that ran out keep no bytes (everyone's: one indexed statement, now and then).
  await db
    .update(exportJobs)
    .set({ status: 'expired', archive: null })
    .where(and(eq(exportJobs.status, 'ready'), sql`${exportJobs.expiresAt} <= ${now.getTime()}`));
  const open = await db
    .select(jobColumns)
    .from(exportJobs)
    .where(
      and(
        eq(exportJobs.userId, actor.id),
        or(
          inArray(exportJobs.status, ['pending', 'building']),
          and(eq(exportJobs.status, 'ready'), sql`${exportJobs.expiresAt} > ${now.getTime()}`),
        ),
      ),
    )
    .orderBy(desc(exportJobs.createdAt))
    .limit(1);
  if (open[0]) return describe(open[0], now);
  const [job] = await db.insert(exportJobs).values({ userId: actor.id, createdAt: now }).returning(jobColumns);
  await audit(db, {
    actor,
    targetId: actor.id,
    action: 'export.requested',
    clientAddress,
    summary: 'asked for an export of their data',
  });
  return describe(job!, now);
}

/** The caller's export `id` (NOT_FOUND for anyone else's). */
export async function exportStatus(
  db: Database,
  actor: Actor,
  id: string,
  now: Date,
): Promise<ExportJob & { claimable: boolean }> {
  const [job] = await db
    .select({ ...jobColumns, claimedAt: exportJobs.claimedAt })
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, actor.id)));
  if (!job) throw new NotFoundError('Export');
  const claimable =
    job.status === 'pending' ||
    (job.status === 'building' && (job.claimedAt?.getTime() ?? 0) < now.getTime() - staleBuildMs);
  return { ...describe(job, now), claimable };
}

/**
 * Builds export `id` when this server gets to claim it (a pending one, or one whose builder
 * stopped), then stores the zip and its link in the row, so any server serves the download.
 */
export async function runExport(
  db: Database,
  id: string,
  photoStore: PhotoStore,
  now: () => Date,
  notify: ExportReadyNotice = async () => undefined,
): Promise<void> {
  const claimedAt = now();
  const [claimed] = await db
    .update(exportJobs)
    .set({ status: 'building', claimedAt })
    .where(
      and(
        eq(exportJobs.id, id),
        or(
          eq(exportJobs.status, 'pending'),
          and(
            eq(exportJobs.status, 'building'),
            lt(exportJobs.claimedAt, new Date(claimedAt.getTime() - staleBuildMs)),
          ),
        ),
      ),
    )
    .returning({ userId: exportJobs.userId });
  if (!claimed) return;
  const ours = and(eq(exportJobs.id, id), eq(exportJobs.status, 'building'), eq(exportJobs.claimedAt, claimedAt));
  try {
    const [owner] = await db
      .select({ id: user.id, name: user.name, email: user.email, role: user.role })
      .from(user)
      .where(eq(user.id, claimed.userId));
    if (!owner) return;
    const archive = await buildExportArchive(db, owner, photoStore, claimedAt);
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(now().getTime() + exportLinkLifetimeMs);
    const [stored] = await db
      .update(exportJobs)
      .set({ status: 'ready', archive, sizeBytes: archive.byteLength, token, expiresAt })
      .where(ours)
      .returning({ id: exportJobs.id });
    if (stored)
      await notify(owner, downloadUrlOf(id, token), expiresAt).catch((error: unknown) =>
        console.error(`Telling ${owner.email} about export ${id} failed:`, error),
      );
  } catch (error) {
    console.error(`Export ${id} failed:`, error);
    await db.update(exportJobs).set({ status: 'failed' }).where(ours);
  }
}

/**
 * The zip of export `id`, once: the link's token must match, within 24 hours of the zip being
 * ready, and only the first download gets the bytes (they are dropped from the database then).
 */
export async function downloadExport(
  db: Database,
  actor: Actor,
  input: { id: string; token: string },
  now: Date,
  clientAddress: string | null = null,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const mine = and(eq(exportJobs.id, input.id), eq(exportJobs.userId, actor.id), eq(exportJobs.token, input.token));
  // Taken in one statement, so two downloads at once cannot both get it.
  const [taken] = await db
    .update(exportJobs)
    .set({ status: 'downloaded', downloadedAt: now })
    .where(
      and(
        mine,
        eq(exportJobs.status, 'ready'),
        isNull(exportJobs.downloadedAt),
        sql`${exportJobs.expiresAt} > ${now.getTime()}`,
      ),
    )
    .returning({ id: exportJobs.id });
  if (!taken) throw new NotFoundError('Export');
  const [row] = await db.select({ archive: exportJobs.archive }).from(exportJobs).where(eq(exportJobs.id, taken.id));
  await db.update(exportJobs).set({ archive: null }).where(eq(exportJobs.id, taken.id));
  if (!row?.archive) throw new NotFoundError('Export');
  await audit(db, {
    actor,
    targetId: actor.id,
    action: 'export.downloaded',
    clientAddress,
    summary: `downloaded the export of their data (${Math.max(1, Math.round(row.archive.byteLength / 1024))} kB)`,
  });
  return { fileName: `naav-export-${now.toISOString().slice(0, 10)}.zip`, bytes: new Uint8Array(row.archive) };
}

import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import type { BackupServices } from '@naav/api';
import {
  acquireLease,
  checkBackupFile,
  createDatabase,
  migrateDatabase,
  releaseLease,
  vacuumInto,
  withLease,
  type Database,
} from '@naav/db';

export interface BackupSettings {
  /** BACKUP_DIR: where the copies go (created 0700; each file 0600). */
  dir: string;
  /** BACKUP_KEEP: how many of the newest copies stay; older ones are deleted after each backup. */
  keep: number;
  /** PHOTOS_DIR when photos are kept as files (PHOTO_STORE=dir): copied beside each backup. */
  photosDir?: string;
}

export interface BackupFile {
  file: string;
  name: string;
  sizeBytes: number;
  createdAt: Date;
}

/** The embedded database's path of a `file:` DATABASE_URL; undefined for `:memory:` or a libSQL server. */
export function databaseFileOf(url: string): string | undefined {
  if (!url.startsWith('file:')) return undefined;
  const path = url.slice('file:'.length).split('?')[0];
  return path && path !== ':memory:' ? path : undefined;
}

const backupName = /^naav-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.db$/;
const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

/** The backups in `dir`, newest first. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  if (!existsSync(dir)) return [];
  const found: BackupFile[] = [];
  for (const name of await readdir(dir)) {
    const match = backupName.exec(name);
    if (!match?.[1]) continue;
    const [date, time] = match[1].split('T') as [string, string];
    const [h, m, s, ms] = time.slice(0, -1).split('-');
    const file = join(dir, name);
    found.push({
      file,
      name,
      sizeBytes: (await stat(file)).size,
      createdAt: new Date(`${date}T${h}:${m}:${s}.${ms}Z`),
    });
  }
  return found.sort((a, b) => b.name.localeCompare(a.name));
}

/**
 * One backup now: `VACUUM INTO` a hidden file, renamed into place once complete (a half-written
 * copy never looks like a backup), the photo folder beside it when photos are files, then the
 * oldest beyond BACKUP_KEEP are deleted.
 */
export async function takeBackup(db: Database, settings: BackupSettings, now = new Date()): Promise<BackupFile> {
  await mkdir(settings.dir, { recursive: true, mode: 0o700 });
  const name = `naav-${stamp(now)}.db`;
  const file = join(settings.dir, name);
  const partial = join(settings.dir, `.${name}.part`);
  try {
    await vacuumInto(db, partial);
    await chmod(partial, 0o600);
    if (settings.photosDir && existsSync(settings.photosDir))
      await cp(settings.photosDir, `${file}.photos`, { recursive: true });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    await rm(`${file}.photos`, { recursive: true, force: true });
    throw error;
  }
  for (const old of (await listBackups(settings.dir)).slice(Math.max(1, settings.keep))) {
    await rm(old.file, { force: true });
    await rm(`${old.file}.photos`, { recursive: true, force: true });
  }
  return { file, name, sizeBytes: (await stat(file)).size, createdAt: now };
}

/**
 * The backups as the admin screen and GET/POST /api/admin/backups see them: the same files as
 * `pnpm naav backup` and the schedule. A download reads a file listed in BACKUP_DIR, never a path.
 */
export function backupServices(db: Database, settings: BackupSettings): BackupServices {
  const info = ({ name, sizeBytes, createdAt }: BackupFile) => ({ name, sizeBytes, createdAt });
  return {
    dir: settings.dir,
    list: async () => (await listBackups(settings.dir)).map(info),
    take: async () => info(await takeBackup(db, settings)),
    open: async (name) => {
      const found = (await listBackups(settings.dir)).find((b) => b.name === name);
      if (!found) return null;
      return {
        sizeBytes: found.sizeBytes,
        stream: Readable.toWeb(createReadStream(found.file)) as ReadableStream<Uint8Array>,
      };
    },
  };
}

/**
 * BACKUP_INTERVAL: checks now and then whether the newest backup is older than the interval,
 * and if so takes one, holding the `backup` lease so that only one server at a time does
 * (another server finds the fresh file, or the lease taken, and skips).
 */
export function startBackupSchedule(
  db: Database,
  settings: BackupSettings,
  intervalMs: number,
  log: (line: string) => void = console.log,
): { stop: () => void } {
  const holder = randomUUID();
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const newest = (await listBackups(settings.dir))[0];
      if (newest && Date.now() - newest.createdAt.getTime() < intervalMs) return;
      const taken = await withLease(db, 'backup', holder, 60 * 60_000, () => takeBackup(db, settings));
      if (taken) log(`Backup written: ${taken.file} (${taken.sizeBytes} bytes).`);
    } catch (error) {
      console.error('The scheduled backup failed:', error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 5_000);
  const timer = setInterval(() => void tick(), Math.min(intervalMs, 15 * 60_000));
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

/** How long a server's "I am using this database" row lasts without being renewed. */
const heartbeatTtlMs = 60_000;

/**
 * A running server renews a `server:<id>` lease every 20 s, so `pnpm naav restore` can tell
 * that the database is in use and refuse; it is given back on shutdown.
 */
export function startHeartbeat(db: Database): { stop: () => Promise<void> } {
  const name = `server:${randomUUID()}`;
  const beat = () => acquireLease(db, name, name, heartbeatTtlMs).catch(() => false);
  void beat();
  const timer = setInterval(() => void beat(), heartbeatTtlMs / 3);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await releaseLease(db, name, name).catch(() => undefined);
    },
  };
}

/** How many servers said within the last minute that they use this database. */
async function serversUsing(db: Database, now = Date.now()): Promise<number> {
  const { rows } = await db.$client.execute({
    sql: `SELECT count(*) AS n FROM leases WHERE name LIKE 'server:%' AND "expiresAt" > ?`,
    args: [now],
  });
  return Number(rows[0]?.n ?? 0);
}

export interface RestoreTarget {
  /** The embedded database file to replace. */
  file: string;
  /** PHOTOS_DIR when photos are files: the backup's photo folder is copied into it. */
  photosDir?: string;
  migrationsFolder?: string;
}

/**
 * Replaces the database with a backup: refuses while a server uses it, checks the backup
 * (integrity, a schema no newer than this version), migrates a copy forward, then swaps it in.
 * The database it replaces stays beside it as `<file>.before-restore-<time>`.
 */
export async function restoreBackup(
  backup: string,
  target: RestoreTarget,
  log: (line: string) => void = console.log,
): Promise<void> {
  if (!existsSync(backup)) throw new Error(`No such file: ${backup}`);
  const checked = await checkBackupFile(backup, target.migrationsFolder);
  log(`${basename(backup)}: integrity ok, ${checked.migrations} migrations applied.`);
  if (existsSync(target.file)) {
    const current = createDatabase({ url: `file:${target.file}` });
    try {
      const using = await serversUsing(current).catch(() => 0);
      if (using > 0)
        throw new Error(
          `A Naav server is using ${target.file} (${using} seen in the last minute): stop every server first.`,
        );
    } finally {
      current.$client.close();
    }
  }
  const staged = `${target.file}.restoring`;
  await rm(staged, { force: true });
  await mkdir(join(target.file, '..'), { recursive: true, mode: 0o700 });
  await cp(backup, staged);
  await chmod(staged, 0o600);
  const restored = createDatabase({ url: `file:${staged}` });
  try {
    await migrateDatabase(restored, target.migrationsFolder);
    // Leases are the running servers' (and the backup's own): none of them holds anything now.
    await restored.$client.execute('DELETE FROM leases');
  } finally {
    restored.$client.close();
  }
  if (existsSync(target.file)) {
    const aside = `${target.file}.before-restore-${stamp(new Date())}`;
    await rename(target.file, aside);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(target.file + suffix)) await rename(target.file + suffix, aside + suffix);
    }
    log(`The database it replaces is kept as ${aside}.`);
  }
  await rename(staged, target.file);
  const photos = `${backup}.photos`;
  if (target.photosDir && existsSync(photos)) {
    await cp(photos, target.photosDir, { recursive: true });
    log(`Photos copied into ${target.photosDir}.`);
  }
  log(`Restored ${basename(backup)} into ${target.file}.`);
}

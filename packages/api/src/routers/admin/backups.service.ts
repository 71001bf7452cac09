import type { Database } from '@naav/db';
import type { Actor, BackupInfo, BackupServices } from '../../context';
import { ConflictError, NotFoundError } from '../../errors';
import { audit } from '../../lib/audit';

interface Who {
  actor: Actor;
  clientAddress: string;
}

/** "12.3 MB", "48 kB": how the audit log names a backup's size. */
const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** The backups in BACKUP_DIR, newest first, and whether this server can make them. */
export async function listBackups(backups: BackupServices) {
  return { available: backups.dir !== null, directory: backups.dir, items: await backups.list() };
}

/** One backup now (the same as `pnpm naav backup`), recorded in the audit log. */
export async function takeBackup(db: Database, backups: BackupServices, who: Who): Promise<BackupInfo> {
  if (backups.dir === null)
    throw new ConflictError(
      'This server does not back its database up: only an embedded database file is backed up by Naav',
    );
  const taken = await backups.take();
  await audit(db, {
    actor: who.actor,
    action: 'backup.created',
    clientAddress: who.clientAddress,
    summary: `backup ${taken.name} made (${sizeOf(taken.sizeBytes)})`,
  });
  return taken;
}

/** Backup `name`'s bytes for an admin to download, each download recorded in the audit log. */
export async function openBackup(db: Database, backups: BackupServices, who: Who, name: string) {
  const file = await backups.open(name);
  if (!file) throw new NotFoundError('Backup');
  await audit(db, {
    actor: who.actor,
    action: 'backup.downloaded',
    clientAddress: who.clientAddress,
    summary: `backup ${name} downloaded (${sizeOf(file.sizeBytes)})`,
  });
  return { fileName: name, ...file };
}

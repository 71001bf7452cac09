import { isStorageFull } from '@naav/api/server';

const codeOf = (error: unknown): string => {
  for (let e = error, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'SQLITE_ERROR') return code;
  }
  return '';
};

/**
 * One line saying why the database could not be opened, migrated or loaded at start, for
 * the person starting the server (no stack trace: the cause is theirs to fix, not a bug).
 */
export function describeDatabaseFailure(error: unknown, databaseUrl: string): string {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  const where = `the database ${databaseUrl}`;
  if (/READONLY|EROFS/.test(code) || /readonly database|read-only file system/i.test(message)) {
    return `Cannot start: ${where} is read-only. Let the user running Naav write the file and its folder (the database adds -wal and -shm files beside it), or point DATABASE_URL elsewhere.`;
  }
  if (/CANTOPEN|EACCES|EPERM/.test(code) || /unable to open database/i.test(message)) {
    return `Cannot start: ${where} cannot be opened for writing. Check that its folder exists and that the user running Naav may write there.`;
  }
  if (isStorageFull(error)) return `Cannot start: the disk holding ${where} is full.`;
  return `Cannot start: ${where} could not be opened: ${message.split('\n')[0]}`;
}

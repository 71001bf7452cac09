/** Error codes of a disk (or quota) that has no room left: SQLite's and the file system's. */
const fullCodes = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

/** True when the error, or any error it wraps (drizzle wraps the driver's), says the disk is full. */
export function isStorageFull(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && fullCodes.has(code)) return true;
    // libSQL puts SQLITE_FULL in the message of some wrapped errors only.
    if (/\bSQLITE_FULL\b|database or disk is full/.test(e.message)) return true;
  }
  return false;
}

export const storageFullMessage =
  'The server has run out of disk space: this change was not saved. Please try again later.';

import { ValidationError } from '../errors';

/** An opaque keyset cursor: the sort key of the last row a page answered. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The sort key in a cursor this server gave, checked by `read` (null: not ours); else 400 naming `cursor`. */
export function decodeCursor<T>(cursor: string, read: (key: unknown[]) => T | null): T {
  let key: T | null = null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    key = Array.isArray(parsed) ? read(parsed) : null;
  } catch {
    // Not JSON: refused below.
  }
  if (key === null)
    throw new ValidationError('cursor', 'is not a cursor this list gave (send the nextCursor of the page before)');
  return key;
}

export const isIsoDate = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

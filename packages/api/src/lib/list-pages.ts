import { and, desc, lt, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteSelect } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from './cursor';
import { nextCursor, pageCursor, pageLimit } from './schemas';

/**
 * Cursor pages of the lists that grow (trips, proposals, clients, trip and concierge requests),
 * with the expense list's conventions: `limit` (1–200, default 50) and `cursor`, the `nextCursor`
 * of the page before; `nextCursor` is null after the last page. The cursor holds the last row's
 * sort key, so a page starts after it even when rows were added or removed in between.
 */
export const pageFields = { limit: pageLimit.default(50), cursor: pageCursor.optional() };
export const pageInput = z.object(pageFields);
export type PageInput = { limit: number; cursor?: string | undefined };

/** `{items, nextCursor}`: one page of `row`s. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    items: z.array(row),
    /** Send it as `cursor` for the rows after this page; null after the last. */
    nextCursor,
  });

type Key = (string | number)[];

const compareKeys = (a: Key, b: Key): number => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
};

/**
 * One page of `rows` in the order of `keyOf` (the last part of a key is the row's id, so no two
 * rows tie), ascending or, with `descending`, newest first. A cursor that is not one of this
 * list's is 400 naming `cursor`.
 */
export function pageOfRows<T>(
  rows: readonly T[],
  keyOf: (row: T) => Key,
  { limit, cursor }: PageInput,
  descending = false,
): { items: T[]; nextCursor: string | null } {
  const sign = descending ? -1 : 1;
  const sorted = [...rows].sort((a, b) => sign * compareKeys(keyOf(a), keyOf(b)));
  let start = 0;
  if (cursor !== undefined) {
    const width = sorted[0] ? keyOf(sorted[0]).length : 0;
    const after = decodeCursor(cursor, (key) =>
      key.length > 0 &&
      (width === 0 || key.length === width) &&
      key.every((v) => typeof v === 'string' || typeof v === 'number')
        ? (key as Key)
        : null,
    );
    start = sorted.findIndex((row) => sign * compareKeys(keyOf(row), after) > 0);
    if (start < 0) start = sorted.length;
  }
  const items = sorted.slice(start, start + limit);
  const last = items.at(-1);
  return { items, nextCursor: last && start + limit < sorted.length ? encodeCursor(keyOf(last)) : null };
}

/**
 * A list read a page at a time in the database, newest first by a whole-number key (the audit
 * log's id, the change feed's position): `query`'s rows that meet `conditions` and come after
 * `before` (the key the cursor holds), one more than `limit` so pageByKey knows if more follow.
 */
export const newestByKey = <Q extends SQLiteSelect>(
  query: Q,
  key: SQLiteColumn,
  conditions: SQL[],
  before: number | undefined,
  limit: number,
) =>
  query
    .where(and(...conditions, before === undefined ? undefined : lt(key, before)))
    .orderBy(desc(key))
    .limit(limit + 1);

/** The page of `rows` that newestByKey read, and the cursor after its last row (null after the last page). */
export function pageByKey<T>(rows: T[], limit: number, keyOf: (row: T) => number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor([keyOf(last)]) : null };
}

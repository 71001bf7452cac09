/**
 * Shapes every domain's procedures share, defined once: the one-id input, the answer of a
 * change that leaves no row to return, and keyset paging. The server builds its inputs and
 * outputs from them; the web app reads the same names.
 */
import { z } from './zod';
import { id } from './fields';

/** `{ id }`: the input of a procedure about one row. */
export const idInput = z.object({ id });

/** `true`/`false` from a JSON body or, as words, from a query string. */
export const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).pipe(z.boolean());

/** Whole numbers in a query string arrive as text; JSON callers may send numbers. */
export const wholeNumber = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,13}$/, 'Must be a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

/** `{ id, <done>: true }`: what a change answers when no row is left to return (deleted, left, revoked). */
export const doneSchema = <const Done extends string>(done: Done) =>
  z.object({ id, [done]: z.literal(true) } as { id: typeof id } & { [K in Done]: z.ZodLiteral<true> });

/** What a delete answers: `{ id, deleted: true }`. */
export const deletedSchema = doneSchema('deleted');

/** Keyset paging: how many rows a page holds at most (1–200). */
export const pageLimit = wholeNumber(1, 200);

/** Keyset paging: the `nextCursor` of the page before (the rows after its last one). */
export const pageCursor = z.string().max(500);

/** Keyset paging: send it as `cursor` for the rows after this page; null after the last. */
export const nextCursor = z.string().nullable();

/** Every row matching the filters, in all pages; left out when not counted (`withTotal`). */
export const pageTotal = z.number().int().optional();

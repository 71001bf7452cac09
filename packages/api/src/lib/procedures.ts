// A procedure's REST route in one line (rest, rest.recorded), and the procedures most routers
// have, written once: the caller's own rows, whole or by page, every row for the travel team, a
// trip's rows, a filtered list by page, and deleting one of the caller's rows by id. Each router
// still names its path, summary and the service function that does the work.
import type { Database } from '@naav/db';
import type { OpenApiMethod } from 'trpc-to-openapi';
import { z } from 'zod';
import type { Actor } from '../context';
import { agentProcedure, authedProcedure } from '../trpc';
import { type PageInput, pageFields, pageInput, pageOf, pageOfRows } from './list-pages';
import { deletedSchema, idInput } from './schemas';

/** What a REST route may say besides its method, path, tag and summary. */
type RestMore = {
  /** The operation's id when not made from its tRPC path: the one it had before the procedure moved. */
  operationId?: string;
  /** false: open without a session or token (a public procedure). */
  protect?: boolean;
};

/** A procedure's REST route, as trpc-to-openapi reads it from `.meta()`. */
type Rest<M extends OpenApiMethod> = {
  openapi: { method: M; path: `/${string}`; tags: [string]; summary: string } & RestMore;
};

/**
 * The `.meta()` of a procedure served over REST, as /api/docs lists it: `route` is its method and
 * path ('GET /trips/{id}/photos'), `tag` its section and `summary` one line on what it does.
 */
export const rest = <M extends OpenApiMethod>(
  route: `${M} /${string}`,
  tag: string,
  summary: string,
  more?: RestMore,
): Rest<M> => {
  const [method, path] = route.split(' ') as [M, `/${string}`];
  return { openapi: { method, path, tags: [tag], summary, ...more } };
};

/** rest(…) for a write that answers once per Idempotency-Key (lib/idempotency.ts). */
rest.recorded = <M extends Exclude<OpenApiMethod, 'GET'>>(
  route: `${M} /${string}`,
  tag: string,
  summary: string,
  more?: RestMore,
): Rest<M> & { idempotency: 'recorded' } => ({ ...rest(route, tag, summary, more), idempotency: 'recorded' });

/** GET: the signed-in caller's rows, as `list` (a service function) gives them. */
export const listMine = <T extends z.ZodType>(
  meta: Rest<'GET'>,
  row: T,
  list: (db: Database, actor: Actor, now: Date) => Promise<z.input<T>[]>,
) =>
  authedProcedure
    .meta(meta)
    .input(z.void())
    .output(z.array(row))
    .query(({ ctx }) => list(ctx.db, ctx.actor, ctx.now()));

/** GET, agents only: the rows `list` (a service function) gives the travel team, whoever they belong to (within the agent's clients). */
export const listForAgents = <T extends z.ZodType>(
  meta: Rest<'GET'>,
  row: T,
  list: (db: Database, actor: Actor) => Promise<z.input<T>[]>,
) =>
  agentProcedure
    .meta(meta)
    .input(z.void())
    .output(z.array(row))
    .query(({ ctx }) => list(ctx.db, ctx.actor));

/**
 * GET `…/page`: one page (limit, cursor) of the caller's rows that `list` gives, in the order of
 * `keyOf` (its last part the row's id), newest first with `descending`.
 */
export const pageMine = <T extends z.ZodType>(
  meta: Rest<'GET'>,
  row: T,
  list: (db: Database, actor: Actor, now: Date) => Promise<z.input<T>[]>,
  keyOf: (row: z.input<T>) => (string | number)[],
  descending = false,
) =>
  authedProcedure
    .meta(meta)
    .input(pageInput)
    .output(pageOf(row))
    .query(async ({ ctx, input }) => pageOfRows(await list(ctx.db, ctx.actor, ctx.now()), keyOf, input, descending));

/** GET `…/page`, agents only: one page of the rows `list` gives the travel team, as pageMine pages them. */
export const pageForAgents = <T extends z.ZodType>(
  meta: Rest<'GET'>,
  row: T,
  list: (db: Database, actor: Actor) => Promise<z.input<T>[]>,
  keyOf: (row: z.input<T>) => (string | number)[],
) =>
  agentProcedure
    .meta(meta)
    .input(pageInput)
    .output(pageOf(row))
    .query(async ({ ctx, input }) => pageOfRows(await list(ctx.db, ctx.actor), keyOf, input));

/**
 * GET `…/page`, newest first: one page (limit, cursor) of the rows `list` gives for the filter
 * (`filter`'s fields, beside limit and cursor), in the order of `keyOf` as pageMine pages them.
 * `base` says who may ask: authedProcedure or agentProcedure.
 */
export const pageFiltered = <F extends z.ZodObject, T extends z.ZodType>(
  base: typeof authedProcedure,
  meta: Rest<'GET'>,
  filter: F,
  row: T,
  list: (db: Database, actor: Actor, filter: z.output<F>, now: Date) => Promise<z.input<T>[]>,
  keyOf: (row: z.input<T>) => (string | number)[],
) =>
  base
    .meta(meta)
    .input(filter.extend(pageFields))
    .output(pageOf(row))
    .query(async ({ ctx, input }) => {
      const { limit, cursor, ...filters } = input as PageInput & z.output<F>;
      return pageOfRows(
        await list(ctx.db, ctx.actor, filters as z.output<F>, ctx.now()),
        keyOf,
        { limit, cursor },
        true,
      );
    });

/** GET `{id}`: a trip's rows, as `list` (a service function) gives them to the signed-in caller. */
export const listByTrip = <T extends z.ZodType>(
  meta: Rest<'GET'>,
  row: T,
  list: (db: Database, actor: Actor, tripId: string) => Promise<z.input<T>[]>,
) =>
  authedProcedure
    .meta(meta)
    .input(idInput)
    .output(z.array(row))
    .query(({ ctx, input }) => list(ctx.db, ctx.actor, input.id));

/** DELETE `{id}`: one of the caller's rows, as `remove` (a service function) deletes it; NOT_FOUND for another's. */
export const deleteById = (
  meta: Rest<'DELETE'>,
  remove: (db: Database, actor: Actor, id: string, now: Date) => Promise<{ id: string; deleted: true }>,
) =>
  authedProcedure
    .meta(meta)
    .input(idInput)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => remove(ctx.db, ctx.actor, input.id, ctx.now()));

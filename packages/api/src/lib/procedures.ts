// A procedure's REST route in one line (rest, rest.recorded), and the procedures most routers
// have, written once: a read or a write that hands its input to a service function, by id or of
// the caller's own, the caller's own rows, whole or by page, every row for the travel team, a
// trip's rows, a filtered list by page, and deleting one of the caller's rows by id. Each names
// its schemas and the service function that does the work, then its route:
//   byId: readById(documentDetailSchema, getDocument).at(rest('GET /documents/{id}', 'documents', 'One document')),
// Every service function here takes (db, actor, …, now); the procedure is built from `.meta()` on,
// as a hand-written one is.
import type { Database } from '@naav/db';
import type { OpenApiMethod } from 'trpc-to-openapi';
import { z } from 'zod';
import type { Actor } from '../context';
import { agentProcedure, authedProcedure, type Meta } from '../trpc';
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

/** The `.meta()` of a write: its REST route, and how it honours an Idempotency-Key. */
type WriteMeta = Rest<Exclude<OpenApiMethod, 'GET'>> & Omit<Meta, 'openapi'>;

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

/** A service function: the database, the caller, what the procedure hands it, and the request's time. */
type Service<A, R> = (db: Database, actor: Actor, arg: A, now: Date) => Promise<R>;

/** A service function of the caller's own rows: the database, the caller and the request's time. */
type ServiceOfMine<R> = (db: Database, actor: Actor, now: Date) => Promise<R>;

/**
 * A service function's answer, as the resolver hands it on: the output schema parses it and types
 * the procedure's answer, which a generic output schema leaves TypeScript unable to match here.
 */
const answer = <R>(result: Promise<R>) => result as Promise<never>;

/**
 * The procedure kinds, each on `base` (authedProcedure, agentProcedure, or one of them with a
 * middleware of a router's own), each handing a service function (db, actor, …, now) what the
 * procedure takes, and made by `.at(meta)`, its REST route:
 * - `read(input, output, f)`: GET, f gets the parsed input;
 * - `readMine(output, f)`: GET without input, f gets nothing more (the caller's own);
 * - `readById(output, f)`: GET `…/{id}`, f gets the id;
 * - `write(input, output, f)`: a mutation, f gets the parsed input;
 * - `writeById(output, f)`: a mutation on `…/{id}`, f gets the id.
 */
export const procedureKinds = (base: typeof authedProcedure) => {
  const read = <I extends z.ZodType, O extends z.ZodType>(
    input: I,
    output: O,
    f: Service<z.output<I>, z.input<O>>,
  ) => ({
    at: (meta: Rest<'GET'>) =>
      base
        .meta(meta)
        .input(input)
        .output(output)
        .query(({ ctx, input }) => answer(f(ctx.db, ctx.actor, input as z.output<I>, ctx.now()))),
  });
  const write = <I extends z.ZodType, O extends z.ZodType>(
    input: I,
    output: O,
    f: Service<z.output<I>, z.input<O>>,
  ) => ({
    at: (meta: WriteMeta) =>
      base
        .meta(meta)
        .input(input)
        .output(output)
        .mutation(({ ctx, input }) => answer(f(ctx.db, ctx.actor, input as z.output<I>, ctx.now()))),
  });
  return {
    read,
    write,
    readMine: <O extends z.ZodType>(output: O, f: ServiceOfMine<z.input<O>>) =>
      read(z.void(), output, (db, actor, _, now) => f(db, actor, now)),
    readById: <O extends z.ZodType>(output: O, f: Service<string, z.input<O>>) =>
      read(idInput, output, (db, actor, { id }, now) => f(db, actor, id, now)),
    writeById: <O extends z.ZodType>(output: O, f: Service<string, z.input<O>>) =>
      write(idInput, output, (db, actor, { id }, now) => f(db, actor, id, now)),
  };
};

/** The procedure kinds for any signed-in caller. */
export const { read, readMine, readById, write, writeById } = procedureKinds(authedProcedure);

/** The procedure kinds for the travel team only (agents and admins). */
export const forAgents = procedureKinds(agentProcedure);

/** GET: the signed-in caller's rows, as `list` (a service function) gives them. */
export const listMine = <T extends z.ZodType>(row: T, list: ServiceOfMine<z.input<T>[]>) =>
  readMine(z.array(row), list);

/** GET, agents only: the rows `list` (a service function) gives the travel team, whoever they belong to (within the agent's clients). */
export const listForAgents = <T extends z.ZodType>(row: T, list: ServiceOfMine<z.input<T>[]>) =>
  forAgents.readMine(z.array(row), list);

/** The rows of a list service function, paged: `keyOf` orders them, its last part the row's id. */
const paged =
  <T>(
    list: ServiceOfMine<T[]>,
    keyOf: (row: T) => (string | number)[],
    descending = false,
  ): Service<PageInput, { items: T[]; nextCursor: string | null }> =>
  async (db, actor, page, now) =>
    pageOfRows(await list(db, actor, now), keyOf, page, descending);

/**
 * GET `…/page`: one page (limit, cursor) of the caller's rows that `list` gives, in the order of
 * `keyOf` (its last part the row's id), newest first with `descending`.
 */
export const pageMine = <T extends z.ZodType>(
  row: T,
  list: ServiceOfMine<z.input<T>[]>,
  keyOf: (row: z.input<T>) => (string | number)[],
  descending = false,
) => read(pageInput, pageOf(row), paged(list, keyOf, descending));

/** GET `…/page`, agents only: one page of the rows `list` gives the travel team, as pageMine pages them. */
export const pageForAgents = <T extends z.ZodType>(
  row: T,
  list: ServiceOfMine<z.input<T>[]>,
  keyOf: (row: z.input<T>) => (string | number)[],
) => forAgents.read(pageInput, pageOf(row), paged(list, keyOf));

/**
 * GET `…/page`, newest first: one page (limit, cursor) of the rows `list` gives for the filter
 * (`filter`'s fields, beside limit and cursor), in the order of `keyOf` as pageMine pages them.
 * `base` says who may ask: authedProcedure or agentProcedure.
 */
export const pageFiltered = <F extends z.ZodObject, T extends z.ZodType>(
  base: typeof authedProcedure,
  filter: F,
  row: T,
  list: Service<z.output<F>, z.input<T>[]>,
  keyOf: (row: z.input<T>) => (string | number)[],
) =>
  procedureKinds(base).read(filter.extend(pageFields), pageOf(row), async (db, actor, input, now) => {
    const { limit, cursor, ...filters } = input as PageInput & z.output<F>;
    return pageOfRows(await list(db, actor, filters as z.output<F>, now), keyOf, { limit, cursor }, true);
  });

/** GET `{id}`: a trip's rows, as `list` (a service function) gives them to the signed-in caller. */
export const listByTrip = <T extends z.ZodType>(row: T, list: Service<string, z.input<T>[]>) =>
  readById(z.array(row), list);

/** DELETE `{id}`: one of the caller's rows, as `remove` (a service function) deletes it; NOT_FOUND for another's. */
export const deleteById = (remove: Service<string, { id: string; deleted: true }>) => ({
  at: (meta: Rest<'DELETE'>) => writeById(deletedSchema, remove).at(meta),
});

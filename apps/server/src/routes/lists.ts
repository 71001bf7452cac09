import { expenseSchema, listExpensesInput, nulCharacterMessage, nulCharacterPath, openExpenseStream, openJournalStream, travelSchema, type Actor } from '@naav/api';
import { Hono, type Context as HonoContext } from 'hono';
import { restErrorFrom, restErrorResponse } from '../rest';
import { jsonArrayChunks, streamedResponse } from '../streamed';
import type { RouteDeps } from './deps';

/** The filters of the expense lists and the CSV, from the query string; a 400 names the field. */
export function expenseListQuery(c: HonoContext) {
  const raw = { ...c.req.query(), id: c.req.param('id') };
  // As every procedure's input guard: SQLite would cut a NUL short.
  const nul = nulCharacterPath(raw);
  if (nul) return { error: restErrorResponse(400, 'BAD_REQUEST', '', [{ path: nul, message: nulCharacterMessage }]) };
  const parsed = listExpensesInput.safeParse(raw);
  if (parsed.success) return { input: parsed.data };
  return { error: restErrorResponse(400, 'BAD_REQUEST', '', parsed.error.issues) };
}

/**
 * The spec's plain lists, streamed page by page when the query asks for no page: every expense
 * of a trip (with the list's filters) and the whole travel journal.
 */
export function streamedListRoutes({ db, now, actorOf, rest }: RouteDeps) {
  const routes = new Hono();

  /**
   * `paging` names the query parameters that ask for one page: such a request is answered by
   * the REST procedure like any other call. Each item goes through the procedure's output
   * schema, as the REST adapter answers it.
   */
  const streamedList = <T>(
    path: string,
    paging: string[],
    open: (c: HonoContext, actor: Actor, now: Date) => Promise<{ pages: AsyncIterable<T[]> } | { error: Response }>,
    schema: { parse: (item: T) => unknown },
  ) =>
    routes.get(path, async (c) => {
      const query = c.req.query();
      if (paging.some((name) => query[name] !== undefined)) return rest(c);
      const actor = await actorOf(c);
      if (!actor) return restErrorResponse(401, 'UNAUTHORIZED', 'Sign in to continue');
      try {
        const opened = await open(c, actor, now(c.req.raw));
        if ('error' in opened) return opened.error;
        return streamedResponse(jsonArrayChunks(opened.pages, (item) => JSON.stringify(schema.parse(item))), { 'content-type': 'application/json' });
      } catch (error) {
        return restErrorFrom(error);
      }
    });

  streamedList(
    '/trips/:id/expenses',
    ['page', 'limit', 'cursor'],
    async (c, actor, at) => {
      const { input, error } = expenseListQuery(c);
      return input ? openExpenseStream(db, actor, input, at) : { error };
    },
    expenseSchema,
  );
  streamedList('/travels/history', ['limit', 'cursor'], async (_c, actor, at) => ({ pages: await openJournalStream(db, actor, at) }), travelSchema);

  return routes;
}

import { createFileCaller } from '@naav/api/server';
import { Hono, type Context as HonoContext } from 'hono';
import { acceptsGzip } from '../compression';
import { restErrorFrom } from '../rest';
import { jsonArrayChunks, jsonArrayOfTexts, streamedResponse } from '../streamed';
import type { RouteDeps } from './deps';

/**
 * The filters of the expense lists and the CSV as the query string has them, with the trip's id
 * from the path: the procedure's input schema checks them (a 400 names the field).
 */
export const expenseListQuery = (c: HonoContext) =>
  ({ ...c.req.query(), id: c.req.param('id') }) as unknown as ExpenseListQuery;
type ExpenseListQuery = Parameters<ReturnType<typeof createFileCaller>['expensesCsv']>[0];

/**
 * The spec's plain lists, streamed page by page when the query asks for no page: every expense
 * of a trip (with the list's filters) and the whole travel journal.
 */
export function streamedListRoutes({ contextOf, rest }: RouteDeps) {
  const routes = new Hono();

  /**
   * `paging` names the query parameters that ask for one page: such a request is answered by
   * the REST procedure like any other call. Otherwise a procedure of the file routes answers the
   * pages, each item already through the list's output schema, as the REST adapter answers it.
   */
  const streamedList = (
    path: string,
    paging: string[],
    open: (c: HonoContext) => Promise<AsyncIterator<string> | Response>,
  ) =>
    routes.get(path, async (c) => {
      const query = c.req.query();
      if (paging.some((name) => query[name] !== undefined)) return rest(c);
      try {
        const answer = await open(c);
        if (answer instanceof Response) return answer;
        return streamedResponse(answer, { 'content-type': 'application/json' });
      } catch (error) {
        return restErrorFrom(error);
      }
    });

  // Pages of expenses come already written as JSON (the items joined by commas), or the whole list kept since it was last read.
  streamedList('/trips/:id/expenses', ['page', 'limit', 'cursor'], async (c) => {
    const list = await createFileCaller(contextOf(c)).expenseStream(expenseListQuery(c));
    if ('pages' in list) return jsonArrayOfTexts(list.pages);
    const gzip = acceptsGzip(c.req.header('accept-encoding'));
    const body = gzip ? list.whole.gzip() : list.whole.json;
    return new Response(body as Uint8Array<ArrayBuffer>, {
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.byteLength),
        vary: 'Accept-Encoding',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      },
    });
  });
  streamedList('/travels/history', ['limit', 'cursor'], async (c) =>
    jsonArrayChunks((await createFileCaller(contextOf(c)).journalStream()).pages, (item) => JSON.stringify(item)),
  );

  return routes;
}

import { createAppCaller, createFileCaller } from '@naav/api/server';
import { Hono } from 'hono';
import { clearingSiteData } from '../auth-routes';
import { restErrorFrom, restErrorResponse } from '../rest';
import { streamedResponse } from '../streamed';
import type { RouteDeps } from './deps';
import { expenseListQuery } from './lists';

/**
 * Downloads that are files, not JSON: the budget's CSV and the trip calendars. Each calls a
 * procedure with the request's context (the session, ownership checks and the authorisation
 * sweep as everywhere); the route only turns the answer into a file.
 */
export function fileRoutes({ contextOf }: RouteDeps) {
  const routes = new Hono();

  // The budget tracker's export: the same filters as GET /api/trips/{id}/expenses, answered as CSV, streamed.
  routes.get('/trips/:id/expenses.csv', async (c) => {
    try {
      const file = await createFileCaller(contextOf(c)).expensesCsv(expenseListQuery(c));
      return streamedResponse(file.chunks, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${file.fileName}"`,
      });
    } catch (error) {
      return restErrorFrom(error);
    }
  });

  // The zip of the caller's data (POST /api/me/export), once, with the link's token.
  routes.get('/me/export/:id/download', async (c) => {
    try {
      const file = await createFileCaller(contextOf(c)).exportArchive({
        id: c.req.param('id'),
        token: c.req.query('token') ?? '',
      });
      return new Response(file.bytes, {
        headers: {
          'content-type': 'application/zip',
          'content-length': String(file.bytes.byteLength),
          'content-disposition': `attachment; filename="${file.fileName}"`,
        },
      });
    } catch (error) {
      return restErrorFrom(error);
    }
  });

  // A backup of the whole database, streamed, for administrators (GET /api/admin/backups lists them).
  routes.get('/admin/backups/:name/download', async (c) => {
    try {
      const file = await createFileCaller(contextOf(c)).backupFile({ name: c.req.param('name') });
      return new Response(file.stream, {
        headers: {
          'content-type': 'application/vnd.sqlite3',
          'content-length': String(file.sizeBytes),
          'content-disposition': `attachment; filename="${file.fileName}"`,
        },
      });
    } catch (error) {
      return restErrorFrom(error);
    }
  });

  // Deleting the account takes a JSON body (the password is no query parameter), which the REST
  // adapter never reads for a DELETE: the procedure is called here with it. The browser forgets the session.
  routes.delete('/me', async (c) => {
    let body: unknown;
    try {
      body = c.req.header('content-type')?.startsWith('application/json') ? await c.req.json() : undefined;
    } catch {
      return restErrorResponse(400, 'BAD_REQUEST', 'body: not valid JSON');
    }
    try {
      return clearingSiteData(Response.json(await createAppCaller(contextOf(c)).me.delete(body as never)));
    } catch (error) {
      return restErrorFrom(error);
    }
  });

  // Calendars: the same procedures as the rest of the API, answered as text/calendar.
  const calendar = async (
    load: () => Promise<{ fileName: string; contentType: string; content: string }>,
    disposition: 'attachment' | 'inline',
  ) => {
    try {
      const file = await load();
      return new Response(file.content, {
        headers: {
          'content-type': file.contentType,
          'content-disposition': `${disposition}; filename="${file.fileName}"`,
        },
      });
    } catch (error) {
      return restErrorFrom(error);
    }
  };
  routes.get('/trips/:id/calendar.ics', (c) =>
    calendar(() => createAppCaller(contextOf(c)).trips.calendar({ id: c.req.param('id') }), 'attachment'),
  );
  // The subscription feed: calendar apps poll it without a cookie.
  routes.get('/calendar/:file{.+\\.ics}', (c) =>
    calendar(
      () => createAppCaller(contextOf(c)).shared.calendar({ token: c.req.param('file').slice(0, -'.ics'.length) }),
      'inline',
    ),
  );

  return routes;
}

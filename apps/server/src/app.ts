import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { trpcServer } from '@hono/trpc-server';
import { appRouter, createCallerFactory, createContext, createOpenApiDocument, type Actor } from '@naav/api';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Database } from '@naav/db';
import { Hono } from 'hono';
import { actorFromRequest, type Auth } from './auth';
import { renderDocsPage } from './docs-page';
import { createRestHandler, toRestError } from './rest';

export interface AppOptions {
  db: Database;
  auth: Auth;
  /** The built web app (index.html + assets); omitted in API-only tests. */
  webDist?: string;
  /** Development only: error answers may carry stack traces. */
  exposeErrorDetails?: boolean;
  log?: (line: string) => void;
  now?: () => Date;
}

export function createApp({ db, auth, webDist, exposeErrorDetails = false, log, now }: AppOptions) {
  const app = new Hono();

  const contextFor = (req: Request) =>
    createContext({
      db,
      now,
      exposeErrorDetails,
      resolveActor: (): Promise<Actor | null> => actorFromRequest(auth, req.headers),
    });

  if (log) {
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      const ms = (performance.now() - started).toFixed(1);
      log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
    });
  }

  app.onError((err, c) => {
    console.error(err);
    return c.json({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' }, 500);
  });

  app.on(['GET', 'POST'], '/api/auth/*', (c) => auth.handler(c.req.raw));

  app.use(
    '/trpc/*',
    trpcServer({
      router: appRouter,
      endpoint: '/trpc',
      createContext: (_opts, c) => contextFor(c.req.raw),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`trpc ${path ?? ''}:`, error.cause ?? error);
      },
    }),
  );

  const openApiDocument = createOpenApiDocument('/api');
  const docsPage = renderDocsPage(openApiDocument as unknown as Record<string, unknown>);
  app.get('/api/openapi.json', (c) => c.json(openApiDocument));
  app.get('/api/docs', (c) => c.html(docsPage));

  const rest = createRestHandler({
    router: appRouter,
    endpoint: '/api',
    createContext: contextFor,
    onError: (error, path) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`rest ${path ?? ''}:`, error.cause ?? error);
    },
  });
  // Calendars are files, not JSON: the same procedures, answered as text/calendar.
  const createCaller = createCallerFactory(appRouter);
  const calendarResponse = async (load: () => Promise<{ fileName: string; contentType: string; content: string }>, disposition: string) => {
    try {
      const file = await load();
      return new Response(file.content, {
        headers: {
          'content-type': file.contentType,
          'content-disposition': `${disposition}; filename="${file.fileName}"`,
          'cache-control': 'private, no-cache',
        },
      });
    } catch (error) {
      if (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR') throw error;
      // The same {message, code, issues?} body as every other REST answer: a bad input names its field.
      const issues = (error.cause as { issues?: unknown } | undefined)?.issues;
      const body = toRestError(JSON.stringify({ message: error.message, code: error.code, issues }));
      return Response.json(body, { status: getHTTPStatusCodeFromError(error) });
    }
  };
  app.get('/api/trips/:id/calendar.ics', (c) =>
    calendarResponse(() => createCaller(contextFor(c.req.raw)).trips.calendar({ id: c.req.param('id') }), 'attachment'),
  );
  app.get('/api/calendar/:file{.+\\.ics}', (c) =>
    calendarResponse(
      () => createCaller(contextFor(c.req.raw)).shared.calendar({ token: c.req.param('file').slice(0, -'.ics'.length) }),
      'inline',
    ),
  );

  app.all('/api/*', (c) => rest(c.req.raw));

  if (webDist && existsSync(join(webDist, 'index.html'))) {
    const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
    // Hashed bundles never change; everything else is revalidated.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('*', serveStatic({ root: webDist }));
    // Any other path is a client-side route: the web app shows it or its 404 screen.
    app.get('*', (c) => c.html(indexHtml));
  }

  app.notFound((c) => c.json({ message: 'Not found', code: 'NOT_FOUND' }, 404));
  return app;
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { trpcServer } from '@hono/trpc-server';
import {
  appRouter,
  createCallerFactory,
  createContext,
  createOpenApiDocument,
  DomainError,
  getPhotoFile,
  getPhotoThumbnail,
  maxPhotoBytes,
  maxPhotosPerUpload,
  maxThumbnailBytes,
  savePhotos,
  ValidationError,
  type Actor,
  type PhotoStore,
} from '@naav/api';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Database } from '@naav/db';
import { Hono, type Context as HonoContext } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
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
  /** Where uploaded trip photos are kept (PHOTOS_DIR). */
  photoStore: PhotoStore;
}

export function createApp({ db, auth, webDist, exposeErrorDetails = false, log, now, photoStore }: AppOptions) {
  const app = new Hono();

  const contextFor = (req: Request) =>
    createContext({
      db,
      now,
      exposeErrorDetails,
      photoStore,
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

  // Photos: uploads are multipart and files are images, neither fits the JSON REST adapter.
  // The services are called directly with the session's actor; errors keep the REST shape.
  const domainErrorResponse = (error: unknown) => {
    if (!(error instanceof DomainError) || error.code === 'INTERNAL_SERVER_ERROR') throw error;
    const status = getHTTPStatusCodeFromError(new TRPCError({ code: error.code }));
    const issues = error instanceof ValidationError ? [{ path: [error.field], message: error.reason }] : undefined;
    return Response.json(toRestError(JSON.stringify({ message: error.message, code: error.code, issues }), status), { status });
  };
  const restErrorResponse = (status: number, code: string, message: string) =>
    Response.json(toRestError(JSON.stringify({ message, code }), status), { status });
  const signedIn = async (c: HonoContext) => contextFor(c.req.raw).getActor();
  const pathId = z.string().min(1).max(100);
  const badPathId = (id: string) => {
    const parsed = pathId.safeParse(id);
    return parsed.success ? null : restErrorResponse(400, 'BAD_REQUEST', `id: ${parsed.error.issues[0]?.message ?? 'Invalid id'}`);
  };
  // Room for every allowed file and thumbnail at their largest, plus the multipart framing.
  const thumbnailError = (reason: string) => domainErrorResponse(new ValidationError('thumbnail', reason));
  const maxUploadBytes = (maxPhotoBytes + maxThumbnailBytes) * maxPhotosPerUpload + 1024 * 1024;

  app.post(
    '/api/trips/:id/photos',
    bodyLimit({
      maxSize: maxUploadBytes,
      onError: () => restErrorResponse(413, 'PAYLOAD_TOO_LARGE', `file: at most ${maxPhotosPerUpload} photos of ${maxPhotoBytes / 1024 / 1024} MB each`),
    }),
    async (c) => {
      // A cross-site form may post multipart without a preflight: refuse what the browser marks as such.
      const site = c.req.header('sec-fetch-site');
      if (site === 'cross-site' || site === 'same-site') return restErrorResponse(403, 'FORBIDDEN', 'Uploads must come from this site');
      const actor = await signedIn(c);
      if (!actor) return restErrorResponse(401, 'UNAUTHORIZED', 'Sign in to continue');
      const tripId = c.req.param('id');
      const bad = badPathId(tripId);
      if (bad) return bad;
      if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
        return restErrorResponse(415, 'UNSUPPORTED_MEDIA_TYPE', 'body: send the photos as multipart/form-data in `file` fields');
      }
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        return restErrorResponse(400, 'BAD_REQUEST', 'file: the body is not valid multipart/form-data');
      }
      const fields = form.getAll('file');
      if (fields.some((f) => typeof f === 'string')) return restErrorResponse(400, 'BAD_REQUEST', 'file: must be a file, not text');
      // Optional: none at all, or one `thumbnail` per `file` in the same order; an empty one means "none for this file".
      const thumbnails = form.getAll('thumbnail');
      if (thumbnails.length > 0 && thumbnails.length !== fields.length) {
        return thumbnailError('send one `thumbnail` per `file`, in the same order (empty for none), or none at all');
      }
      if (thumbnails.some((t) => typeof t === 'string' && t !== '')) return thumbnailError('must be a file, not text');
      try {
        const uploads = await Promise.all(
          (fields as File[]).map(async (f, i) => {
            const thumbnail = thumbnails[i];
            const thumbnailBytes = thumbnail && typeof thumbnail !== 'string' && thumbnail.size > 0 ? new Uint8Array(await thumbnail.arrayBuffer()) : null;
            return { fileName: f.name, bytes: new Uint8Array(await f.arrayBuffer()), thumbnail: thumbnailBytes };
          }),
        );
        return c.json(await savePhotos(db, actor, tripId, uploads, photoStore, now?.()));
      } catch (error) {
        return domainErrorResponse(error);
      }
    },
  );

  // Thumbnails are made by the browser at upload; a photo without one answers its original.
  const photoFile = (read: typeof getPhotoFile) => async (c: HonoContext) => {
    const actor = await signedIn(c);
    if (!actor) return restErrorResponse(401, 'UNAUTHORIZED', 'Sign in to continue');
    const photoId = c.req.param('id') ?? '';
    const bad = badPathId(photoId);
    if (bad) return bad;
    try {
      const { photo, bytes, contentType } = await read(db, actor, photoId, photoStore);
      return new Response(bytes, {
        headers: {
          'content-type': contentType,
          'content-length': String(bytes.byteLength),
          // A photo id never gets other bytes: a new upload is a new id.
          'cache-control': 'private, max-age=31536000, immutable',
          'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(photo.fileName)}`,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch (error) {
      return domainErrorResponse(error);
    }
  };
  app.get('/api/photos/:id/file', photoFile(getPhotoFile));
  app.get('/api/photos/:id/thumbnail', photoFile(getPhotoThumbnail));

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

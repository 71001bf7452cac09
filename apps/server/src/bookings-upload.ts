import { DomainError, maxBookingFileBytes, maxBookingFiles, previewBookings, ValidationError, type Actor } from '@naav/api';
import type { Database } from '@naav/db';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { toRestError } from './rest';

/**
 * POST /api/trips/{id}/bookings/preview as multipart/form-data: one `file` field per
 * confirmation e-mail, page, calendar or wallet pass. Multipart is not JSON, so this route
 * calls the bookings service itself; a JSON body (pasted text) falls through to the REST
 * procedure at the same path. Errors keep the REST shape.
 */
export function mountBookingUploads(app: Hono, { db, actorFor, nowFor }: { db: Database; actorFor: (req: Request) => Promise<Actor | null>; nowFor?: (req: Request) => (() => Date) | undefined }) {
  const answer = (status: number, code: string, message: string, field?: string) =>
    Response.json(toRestError(JSON.stringify({ message, code, issues: field ? [{ path: [field], message: message.replace(/^[\w.]+: /, '') }] : undefined }), status), { status });

  app.post(
    '/api/trips/:id/bookings/preview',
    async (c, next) => {
      if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) return next();
      // Room for every allowed file at its largest, plus the multipart framing.
      return bodyLimit({
        maxSize: maxBookingFiles * maxBookingFileBytes + 1024 * 1024,
        onError: () => answer(413, 'PAYLOAD_TOO_LARGE', `file: at most ${maxBookingFiles} files of ${maxBookingFileBytes / 1024 / 1024} MB each`),
      })(c, async () => {
        // A cross-site form may post multipart without a preflight: refuse what the browser marks as such.
        const site = c.req.header('sec-fetch-site');
        if (site === 'cross-site' || site === 'same-site') {
          c.res = answer(403, 'FORBIDDEN', 'Uploads must come from this site');
          return;
        }
        const actor = await actorFor(c.req.raw);
        if (!actor) {
          c.res = answer(401, 'UNAUTHORIZED', 'Sign in to continue');
          return;
        }
        const tripId = c.req.param('id');
        if (tripId.length > 100) {
          c.res = answer(400, 'BAD_REQUEST', 'id: Too big: expected string to have <=100 characters', 'id');
          return;
        }
        let form: FormData;
        try {
          form = await c.req.formData();
        } catch {
          c.res = answer(400, 'BAD_REQUEST', 'file: the body is not valid multipart/form-data', 'file');
          return;
        }
        const fields = form.getAll('file');
        if (fields.some((f) => typeof f === 'string')) {
          c.res = answer(400, 'BAD_REQUEST', 'file: must be a file, not text', 'file');
          return;
        }
        try {
          const files = await Promise.all((fields as File[]).map(async (f) => ({ name: f.name || null, bytes: new Uint8Array(await f.arrayBuffer()) })));
          c.res = Response.json(await previewBookings(db, actor, tripId, { files }, nowFor?.(c.req.raw)?.() ?? new Date()));
        } catch (error) {
          if (!(error instanceof DomainError) || error.code === 'INTERNAL_SERVER_ERROR') throw error;
          const status = getHTTPStatusCodeFromError(new TRPCError({ code: error.code }));
          c.res = answer(status, error.code, error.message, error instanceof ValidationError ? error.field : undefined);
        }
      });
    },
  );
}

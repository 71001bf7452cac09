import { maxBookingFileBytes, maxBookingFiles, previewBookings, reservePreview } from '@naav/api';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { restErrorFrom, restErrorResponse } from '../rest';
import type { RouteDeps } from './deps';

/** A 400 whose message is "field: problem", with that field as its one issue. */
const badField = (field: string, problem: string) => restErrorResponse(400, 'BAD_REQUEST', '', [{ path: [field], message: problem }]);

/**
 * POST /api/trips/{id}/bookings/preview as multipart/form-data: one `file` field per
 * confirmation e-mail, page, calendar or wallet pass. Multipart is not JSON, so this route
 * calls the bookings service itself; a JSON body (pasted text) falls through to the REST
 * procedure at the same path. Errors keep the REST shape.
 */
export function bookingUploadRoutes({ db, now, actorOf }: RouteDeps) {
  const routes = new Hono();
  routes.post('/trips/:id/bookings/preview', async (c, next) => {
    if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) return next();
    // Room for every allowed file at its largest, plus the multipart framing.
    return bodyLimit({
      maxSize: maxBookingFiles * maxBookingFileBytes + 1024 * 1024,
      onError: () => restErrorResponse(413, 'PAYLOAD_TOO_LARGE', `file: at most ${maxBookingFiles} files of ${maxBookingFileBytes / 1024 / 1024} MB each`),
    })(c, async () => {
      // A cross-site form may post multipart without a preflight: refuse what the browser marks as such.
      const site = c.req.header('sec-fetch-site');
      if (site === 'cross-site' || site === 'same-site') {
        c.res = restErrorResponse(403, 'FORBIDDEN', 'Uploads must come from this site');
        return;
      }
      const actor = await actorOf(c);
      if (!actor) {
        c.res = restErrorResponse(401, 'UNAUTHORIZED', 'Sign in to continue');
        return;
      }
      const tripId = c.req.param('id');
      if (tripId.length > 100) {
        c.res = badField('id', 'Too big: expected string to have <=100 characters');
        return;
      }
      // The user's place among their previews at once, before the body is read: a refused one parses nothing.
      let release: () => void;
      try {
        release = reservePreview(actor.id);
      } catch (error) {
        c.res = restErrorFrom(error);
        // The upload is read to its end and dropped, unparsed, so the client sees the 429 rather than a broken connection.
        await c.req.raw.body?.pipeTo(new WritableStream()).catch(() => undefined);
        return;
      }
      try {
        let form: FormData;
        try {
          form = await c.req.formData();
        } catch {
          c.res = badField('file', 'the body is not valid multipart/form-data');
          return;
        }
        const fields = form.getAll('file');
        if (fields.some((f) => typeof f === 'string')) {
          c.res = badField('file', 'must be a file, not text');
          return;
        }
        const files = await Promise.all((fields as File[]).map(async (f) => ({ name: f.name || null, bytes: new Uint8Array(await f.arrayBuffer()) })));
        c.res = Response.json(await previewBookings(db, actor, tripId, { files }, now(c.req.raw), { reserved: true }));
      } catch (error) {
        c.res = restErrorFrom(error);
      } finally {
        release();
      }
    });
  });
  return routes;
}

import type { IncomingMessage } from 'node:http';
import { badBody, createFileCaller, maxBookingFileBytes, maxBookingFiles } from '@naav/api/server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { restErrorFrom, restErrorResponse } from '../rest';
import type { RouteDeps } from './deps';

/**
 * Reads what is left of a request's body and drops it: straight from the socket when nothing has
 * read it yet (megabytes cost the thread next to nothing), else through its web stream.
 */
async function dropBody(env: unknown, req: Request): Promise<void> {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && incoming.readableFlowing === null && !incoming.readableEnded) {
    const ended = new Promise<void>((resolve) => {
      incoming.once('end', resolve);
      incoming.once('close', resolve);
      incoming.once('error', () => resolve());
    });
    incoming.resume();
    return ended;
  }
  await req.body?.pipeTo(new WritableStream()).catch(() => undefined);
}

/**
 * POST /api/trips/{id}/bookings/preview as multipart/form-data: one `file` field per
 * confirmation e-mail, page, calendar or wallet pass. Multipart is not JSON, so this route
 * calls a procedure of the file routes (the session, ownership checks and the authorisation
 * sweep as everywhere); a JSON body (pasted text) falls through to the REST procedure at the
 * same path. Errors keep the REST shape.
 */
export function bookingUploadRoutes({ contextOf }: RouteDeps) {
  const routes = new Hono();
  routes.post('/trips/:id/bookings/preview', async (c, next) => {
    if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) return next();
    // Room for every allowed file at its largest, plus the multipart framing.
    return bodyLimit({
      maxSize: maxBookingFiles * maxBookingFileBytes + 1024 * 1024,
      onError: () =>
        restErrorResponse(
          413,
          'PAYLOAD_TOO_LARGE',
          `file: at most ${maxBookingFiles} files of ${maxBookingFileBytes / 1024 / 1024} MB each`,
        ),
    })(c, async () => {
      // A cross-site form may post multipart without a preflight: refuse what the browser marks as such.
      const site = c.req.header('sec-fetch-site');
      if (site === 'cross-site' || site === 'same-site') {
        c.res = restErrorResponse(403, 'FORBIDDEN', 'Uploads must come from this site');
        return;
      }
      // The body is read once the caller is known and the trip's id checked (401, then 400 for the id).
      const files = async () => {
        let form: FormData;
        try {
          form = await c.req.formData();
        } catch {
          throw badBody('file', 'the body is not valid multipart/form-data');
        }
        const fields = form.getAll('file');
        if (fields.some((f) => typeof f === 'string')) throw badBody('file', 'must be a file, not text');
        return Promise.all(
          (fields as File[]).map(async (f) => ({ name: f.name || null, bytes: new Uint8Array(await f.arrayBuffer()) })),
        );
      };
      try {
        c.res = Response.json(
          await createFileCaller(contextOf(c)).previewBookingFiles({ id: c.req.param('id'), files }),
        );
      } catch (error) {
        c.res = restErrorFrom(error);
        // An upload refused before its body was read (429) is read to its end and dropped, unparsed,
        // so the client sees the answer rather than a broken connection.
        await dropBody(c.env, c.req.raw);
      }
    });
  });
  return routes;
}

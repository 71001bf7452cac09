import { createHash } from 'node:crypto';
import { getPhotoFile, getPhotoThumbnail, maxLegacyThumbnailBytes, maxPhotoBytes, maxPhotosPerUpload, savePhotos } from '@naav/api';
import { Hono, type Context as HonoContext } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { restErrorFrom, restErrorResponse } from '../rest';
import type { RouteDeps } from './deps';

// Room for every allowed file at its largest, the thumbnail part an older web app sends
// beside each (ignored), and the multipart framing.
const maxUploadBytes = (maxPhotoBytes + maxLegacyThumbnailBytes) * maxPhotosPerUpload + 1024 * 1024;

const pathId = z.string().min(1).max(100);
const badPathId = (id: string) => {
  const parsed = pathId.safeParse(id);
  return parsed.success ? null : restErrorResponse(400, 'BAD_REQUEST', '', [{ path: ['id'], message: parsed.error.issues[0]?.message ?? 'Invalid id' }]);
};
const signInFirst = () => restErrorResponse(401, 'UNAUTHORIZED', 'Sign in to continue');

/**
 * Trip photos: uploads are multipart and files are images, neither fits the JSON REST adapter.
 * The services are called directly with the session's actor; errors keep the REST shape.
 */
export function photoRoutes({ db, photoStore, now, actorOf }: RouteDeps) {
  const routes = new Hono();

  routes.post(
    '/trips/:id/photos',
    bodyLimit({
      maxSize: maxUploadBytes,
      onError: () => restErrorResponse(413, 'PAYLOAD_TOO_LARGE', `file: at most ${maxPhotosPerUpload} photos of ${maxPhotoBytes / 1024 / 1024} MB each`),
    }),
    async (c) => {
      // Stricter than the app-wide check (refuseCrossSiteWrites): no upload from another site's
      // page at all, even from a trusted origin, since a form can post multipart without a preflight.
      const site = c.req.header('sec-fetch-site');
      if (site === 'cross-site' || site === 'same-site') return restErrorResponse(403, 'FORBIDDEN', 'Uploads must come from this site');
      const actor = await actorOf(c);
      if (!actor) return signInFirst();
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
      // `thumbnail` parts (older web apps made one per file) are ignored: the server makes its own.
      try {
        const uploads = await Promise.all((fields as File[]).map(async (f) => ({ fileName: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
        return c.json(await savePhotos(db, actor, tripId, uploads, photoStore, now(c.req.raw)));
      } catch (error) {
        return restErrorFrom(error);
      }
    },
  );

  // A photo stored by an older version without a thumbnail answers its original for both.
  const photoFile = (read: typeof getPhotoFile) => async (c: HonoContext) => {
    const actor = await actorOf(c);
    if (!actor) return signInFirst();
    const photoId = c.req.param('id') ?? '';
    const bad = badPathId(photoId);
    if (bad) return bad;
    try {
      const { photo, bytes, contentType } = await read(db, actor, photoId, photoStore);
      // Checked with the server every time (after the access check above), so a browser signed
      // out, or signed in as someone else, cannot reuse its copy; an unchanged one answers 304.
      const etag = `"${createHash('sha256').update(contentType).update(bytes).digest('base64url').slice(0, 27)}"`;
      const validation = { etag, 'cache-control': 'private, no-cache' };
      if (matchesEtag(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers: validation });
      return new Response(bytes, {
        headers: {
          'content-type': contentType,
          'content-length': String(bytes.byteLength),
          ...validation,
          // The name the traveller gave it, with the extension of what is served (WebP once processed).
          'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(servedFileName(photo.fileName, contentType))}`,
        },
      });
    } catch (error) {
      return restErrorFrom(error);
    }
  };
  routes.get('/photos/:id/file', photoFile(getPhotoFile));
  routes.get('/photos/:id/thumbnail', photoFile(getPhotoThumbnail));

  return routes;
}

/** Whether an If-None-Match header lists this entity tag (weak or strong), or is `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

const extensionOf: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp' };

/** "ribeira.png" served as WebP downloads as "ribeira.webp". */
function servedFileName(fileName: string, contentType: string): string {
  const extension = extensionOf[contentType];
  if (!extension) return fileName;
  const dot = fileName.lastIndexOf('.');
  return `${dot > 0 ? fileName.slice(0, dot) : fileName}${extension}`;
}

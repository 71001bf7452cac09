import { createHash } from 'node:crypto';
import {
  badBody,
  createFileCaller,
  maxLegacyThumbnailBytes,
  maxPhotoBytes,
  maxPhotosPerUpload,
  unsupportedBody,
} from '@naav/api/server';
import { Hono, type Context as HonoContext } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { restErrorFrom, restErrorResponse } from '../rest';
import type { RouteDeps } from './deps';

// Room for every allowed file at its largest, the thumbnail part an older web app sends
// beside each (ignored), and the multipart framing.
const maxUploadBytes = (maxPhotoBytes + maxLegacyThumbnailBytes) * maxPhotosPerUpload + 1024 * 1024;

/**
 * Trip photos: uploads are multipart and files are images, neither fits the JSON REST adapter.
 * Each calls a procedure of the file routes with the request's context (session, ownership
 * checks, the authorisation sweep); the route reads and writes HTTP, and errors keep the REST shape.
 */
export function photoRoutes({ contextOf }: RouteDeps) {
  const routes = new Hono();

  routes.post(
    '/trips/:id/photos',
    bodyLimit({
      maxSize: maxUploadBytes,
      onError: () =>
        restErrorResponse(
          413,
          'PAYLOAD_TOO_LARGE',
          `file: at most ${maxPhotosPerUpload} photos of ${maxPhotoBytes / 1024 / 1024} MB each`,
        ),
    }),
    async (c) => {
      // Stricter than the app-wide check (refuseCrossSiteWrites): no upload from another site's
      // page at all, even from a trusted origin, since a form can post multipart without a preflight.
      const site = c.req.header('sec-fetch-site');
      if (site === 'cross-site' || site === 'same-site')
        return restErrorResponse(403, 'FORBIDDEN', 'Uploads must come from this site');
      // The body is read once the caller is known and the trip's id checked (401, then 400 for the id).
      const files = async () => {
        if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
          throw unsupportedBody('body: send the photos as multipart/form-data in `file` fields');
        }
        let form: FormData;
        try {
          form = await c.req.formData();
        } catch {
          throw badBody('file', 'the body is not valid multipart/form-data');
        }
        const fields = form.getAll('file');
        if (fields.some((f) => typeof f === 'string')) throw badBody('file', 'must be a file, not text');
        // `thumbnail` parts (older web apps made one per file) are ignored: the server makes its own.
        return Promise.all(
          (fields as File[]).map(async (f) => ({ fileName: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
        );
      };
      try {
        return c.json(await createFileCaller(contextOf(c)).savePhotos({ id: c.req.param('id'), files }));
      } catch (error) {
        return restErrorFrom(error);
      }
    },
  );

  // A photo stored by an older version without a thumbnail answers its original for both.
  const photoFile = (which: 'photoFile' | 'photoThumbnail') => async (c: HonoContext) => {
    try {
      const { photo, bytes, contentType } = await createFileCaller(contextOf(c))[which]({
        id: c.req.param('id') ?? '',
      });
      // Checked with the server every time (after the access check above), so a browser signed
      // out, or signed in as someone else, cannot reuse its copy; an unchanged one answers 304.
      const etag = `"${createHash('sha256').update(contentType).update(bytes).digest('base64url').slice(0, 27)}"`;
      const validation = { etag, 'cache-control': 'private, no-cache' };
      if (matchesEtag(c.req.header('if-none-match'), etag))
        return new Response(null, { status: 304, headers: validation });
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
  routes.get('/photos/:id/file', photoFile('photoFile'));
  routes.get('/photos/:id/thumbnail', photoFile('photoThumbnail'));

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

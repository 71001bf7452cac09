import { decompressionBombPng, headerOnlyJpeg, sidewaysJpegWithGps, solidImage, webpChunks } from '@naav/api/testing';
import { photoFiles } from '@naav/db/schema';
import exifr from 'exifr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

// 13:00 in Lisbon: the demo's Lisbon trip is under way.
const NOW = new Date('2025-06-15T12:00:00Z');

// A real 1×1 PNG, made from its bytes, and a JPEG written by libvips.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
let jpeg: Buffer;

interface PhotoBody {
  id: string;
  tripId: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
  url: string;
  thumbnailUrl: string;
}

let server: TestServer;
let traveller: string;
let traveller2: string;

beforeAll(async () => {
  jpeg = await solidImage(24, 16, 'jpeg');
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

const file = (bytes: Uint8Array, name: string, type = 'application/octet-stream') => new File([bytes], name, { type });

/**
 * POST /api/trips/{id}/photos with one `file` field per file, as a browser's FormData sends them,
 * then the `thumbnail` fields if any; cookie '' is signed out.
 */
function upload(
  tripId: string,
  files: File[],
  cookie = traveller,
  headers: Record<string, string> = {},
  thumbnails: (File | string)[] = [],
) {
  const form = new FormData();
  for (const f of files) form.append('file', f);
  for (const t of thumbnails) form.append('thumbnail', t);
  return server.request(`/api/trips/${tripId}/photos`, {
    method: 'POST',
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}), ...headers },
    body: form,
  });
}
const get = (path: string, cookie?: string) => server.request(path, { headers: cookie ? { cookie } : {} });
const list = async (tripId: string, cookie = traveller) =>
  json<PhotoBody[]>(await get(`/api/trips/${tripId}/photos`, cookie));
/** The keys of the photo bytes kept in the database (photos and thumbnails). */
const storedFiles = async () =>
  (await server.db.select({ key: photoFiles.key }).from(photoFiles)).map((r) => r.key).sort();
/** The metadata chunks a WebP carries besides its image. */
const metadataChunks = (bytes: Uint8Array) =>
  webpChunks(bytes).filter((chunk) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(chunk));

describe('POST /api/trips/{id}/photos', () => {
  it('stores a PNG and a JPEG sent as multipart file fields, re-encoded as WebP, and answers them as JSON', async () => {
    const before = (await list('trip-santorini')).length;
    const photos = await json<PhotoBody[]>(
      await upload('trip-santorini', [file(png, 'caldera.png', 'image/png'), file(jpeg, 'oia.jpg', 'image/jpeg')]),
    );
    expect(photos).toEqual([
      expect.objectContaining({
        tripId: 'trip-santorini',
        fileName: 'caldera.png',
        contentType: 'image/webp',
        sizeBytes: expect.any(Number),
      }),
      expect.objectContaining({
        tripId: 'trip-santorini',
        fileName: 'oia.jpg',
        contentType: 'image/webp',
        sizeBytes: expect.any(Number),
      }),
    ]);
    for (const photo of photos) {
      const served = await get(photo.url, traveller);
      expect(Number(served.headers.get('content-length'))).toBe(photo.sizeBytes);
    }
    expect(Object.keys(photos[0]!).sort()).toEqual([
      'contentType',
      'createdAt',
      'fileName',
      'id',
      'sizeBytes',
      'thumbnailUrl',
      'tripId',
      'url',
    ]);
    expect(photos[0]!.url).toBe(`/api/photos/${photos[0]!.id}/file`);
    const listed = await list('trip-santorini');
    expect(listed).toHaveLength(before + 2);
    expect(listed.slice(-2)).toEqual(photos);
  });

  it('reads a file by its content, not by its name or the type the browser claims', async () => {
    const [photo] = await json<PhotoBody[]>(
      await upload('trip-santorini', [file(png, 'really-a-png.jpg', 'image/jpeg')]),
    );
    expect(photo?.contentType).toBe('image/webp');
    expect(await sharp(Buffer.from(await (await get(photo!.url, traveller)).arrayBuffer())).metadata()).toMatchObject({
      width: 1,
      height: 1,
    });
  });

  it('sends a camera JPEG back upright, without its GPS position or any other metadata', async () => {
    const sideways = await sidewaysJpegWithGps();
    expect(await exifr.gps(sideways)).toMatchObject({ latitude: 38.7, longitude: expect.closeTo(-9.133, 3) });
    const [photo] = await json<PhotoBody[]>(
      await upload('trip-santorini', [file(sideways, 'castle.jpg', 'image/jpeg')]),
    );
    for (const path of [photo!.url, photo!.thumbnailUrl]) {
      const res = await get(path, traveller);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(metadataChunks(bytes)).toEqual([]);
      // No trace of the position, the camera or the owner's name anywhere in the file.
      for (const trace of ['Naav Test Camera', 'Traveller', 'Exif']) expect(bytes.includes(trace)).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ width: 200, height: 400 });
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('refuses the 78-byte JPEG header with no image behind it: 400 naming file, nothing stored', async () => {
    const before = await storedFiles();
    const header = await headerOnlyJpeg();
    const body = await restError(
      await upload('trip-santorini', [file(header, 'half.jpg', 'image/jpeg')]),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues).toEqual([{ path: ['file'], message: 'half.jpg could not be read as an image' }]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a decompression bomb from its header: 400 naming file, nothing stored', async () => {
    const before = await storedFiles();
    const body = await restError(
      await upload('trip-santorini', [file(await decompressionBombPng(), 'bomb.png', 'image/png')]),
      400,
      'BAD_REQUEST',
    );
    expect(body.message).toBe('file: bomb.png has too many pixels (at most 64 megapixels)');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a text file named .jpg: 400 naming file, nothing stored', async () => {
    const before = await storedFiles();
    const notes = new TextEncoder().encode('Packing list: hat, sunscreen, passport');
    const body = await restError(
      await upload('trip-santorini', [file(notes, 'notes.jpg', 'image/jpeg')]),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues).toEqual([{ path: ['file'], message: 'Only JPEG, PNG or WebP images (notes.jpg is not one)' }]);
    expect(body.message).toBe('file: Only JPEG, PNG or WebP images (notes.jpg is not one)');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an 11 MB image: 413 naming file', { timeout: 60_000 }, async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(png);
    const body = await restError(
      await upload('trip-santorini', [file(big, 'panorama.png', 'image/png')]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(body.message).toBe('file: panorama.png is larger than 10 MB');
  });

  it('refuses a body over the total limit before reading it', async () => {
    const res = await server.request('/api/trips/trip-santorini/photos', {
      method: 'POST',
      headers: {
        origin: testOrigin,
        cookie: traveller,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(200 * 1024 * 1024),
      },
      body: '--x--',
    });
    expect((await restError(res, 413, 'PAYLOAD_TOO_LARGE')).message).toMatch(/^file: /);
  });

  it('needs at least one file field, as a file, in a multipart body', async () => {
    expect((await restError(await upload('trip-santorini', []), 400, 'BAD_REQUEST')).issues).toEqual([
      { path: ['file'], message: 'Choose at least one photo' },
    ]);
    const form = new FormData();
    form.append('file', 'not a file');
    const text = await server.request('/api/trips/trip-santorini/photos', {
      method: 'POST',
      headers: { cookie: traveller },
      body: form,
    });
    expect((await restError(text, 400, 'BAD_REQUEST')).issues?.[0]?.path).toEqual(['file']);
    const asJson = await server.request('/api/trips/trip-santorini/photos', {
      method: 'POST',
      headers: { cookie: traveller, 'content-type': 'application/json' },
      body: JSON.stringify({ file: 'x' }),
    });
    await restError(asJson, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const broken = await server.request('/api/trips/trip-santorini/photos', {
      method: 'POST',
      headers: { cookie: traveller, 'content-type': 'multipart/form-data; boundary=x' },
      body: 'this is not multipart',
    });
    expect((await restError(broken, 400, 'BAD_REQUEST')).issues?.[0]?.path).toEqual(['file']);
  });

  it("answers 404 for another traveller's trip and an unknown one, 401 signed out, 403 for a cross-site form", async () => {
    await restError(await upload('trip-barcelona', [file(png, 'a.png')]), 404, 'NOT_FOUND');
    await restError(await upload('trip-lisbon', [file(png, 'a.png')], traveller2), 404, 'NOT_FOUND');
    await restError(await upload('trip-nowhere', [file(png, 'a.png')]), 404, 'NOT_FOUND');
    await restError(await upload('trip-lisbon', [file(png, 'a.png')], ''), 401, 'UNAUTHORIZED');
    await restError(
      await upload('trip-lisbon', [file(png, 'a.png')], traveller, { 'sec-fetch-site': 'cross-site' }),
      403,
      'FORBIDDEN',
    );
    await restError(await upload('y'.repeat(101), [file(png, 'a.png')]), 400, 'BAD_REQUEST');
    expect(await list('trip-lisbon')).toEqual([]);
  });
});

describe('GET /api/photos/{id}/file and /thumbnail', () => {
  it('serve the bytes to the owner with the image type, private and checked again on every use; 404 to anyone else', async () => {
    const [photo] = await json<PhotoBody[]>(await upload('trip-lisbon', [file(png, 'tram 28.png')]));
    for (const path of [photo!.url, photo!.thumbnailUrl]) {
      const res = await get(path, traveller);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      const etag = res.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      // The same user's copy is still good: 304, no bytes.
      const again = await server.request(path, { headers: { cookie: traveller, 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('private, no-cache');
      expect((await again.arrayBuffer()).byteLength).toBe(0);
      // Signed out or signed in as someone else, the validator answers nothing.
      await restError(await server.request(path, { headers: { 'if-none-match': etag! } }), 401, 'UNAUTHORIZED');
      await restError(
        await server.request(path, { headers: { cookie: traveller2, 'if-none-match': etag! } }),
        404,
        'NOT_FOUND',
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''tram%2028.webp");
      expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({
        format: 'webp',
        width: 1,
        height: 1,
      });
      await restError(await get(path, traveller2), 404, 'NOT_FOUND');
      await restError(await get(path), 401, 'UNAUTHORIZED');
    }
    await restError(await get('/api/photos/photo-nowhere/file', traveller), 404, 'NOT_FOUND');
  });
});

describe('thumbnails', () => {
  it('are made by the server: 480 px WebP, smaller than the photo, served to the owner only', async () => {
    const [photo] = await json<PhotoBody[]>(
      await upload('trip-lisbon', [file(await solidImage(1600, 1200, 'png'), 'azulejos.png')]),
    );
    const thumbnail = await get(photo!.thumbnailUrl, traveller);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const thumbnailBytes = Buffer.from(await thumbnail.arrayBuffer());
    expect(await sharp(thumbnailBytes).metadata()).toMatchObject({ width: 480, height: 360 });
    expect(thumbnailBytes.byteLength).toBeLessThan(photo!.sizeBytes);
    await restError(await get(photo!.thumbnailUrl, traveller2), 404, 'NOT_FOUND');
  });

  it("ignore an older web app's `thumbnail` parts, whatever they hold: the server's own is served", async () => {
    const notes = new TextEncoder().encode('not a picture');
    // Any count, any content: a picture of something else, text, an empty part.
    const photos = await json<PhotoBody[]>(
      await upload('trip-lisbon', [file(png, 'torii.png'), file(jpeg, 'moss.jpg')], traveller, {}, [
        file(jpeg, 'other-picture.jpg'),
        file(notes, 'x.jpg'),
        '',
      ]),
    );
    expect(photos.map((p) => p.fileName)).toEqual(['torii.png', 'moss.jpg']);
    const served = await sharp(
      Buffer.from(await (await get(photos[0]!.thumbnailUrl, traveller)).arrayBuffer()),
    ).metadata();
    // torii.png is 1 × 1; the "thumbnail" sent beside it was 24 × 16.
    expect(served).toMatchObject({ format: 'webp', width: 1, height: 1 });
  });
});

describe('DELETE /api/photos/{id}', () => {
  it('removes both the original and the thumbnail', async () => {
    const before = await storedFiles();
    const [photo] = await json<PhotoBody[]>(await upload('trip-lisbon', [file(png, 'lantern.png')]));
    expect(await storedFiles()).toHaveLength(before.length + 2);
    await json<PhotoBody>(
      await server.request(`/api/photos/${photo!.id}`, { method: 'DELETE', headers: { cookie: traveller } }),
    );
    expect((await storedFiles()).sort()).toEqual([...before].sort());
    await restError(await get(photo!.thumbnailUrl, traveller), 404, 'NOT_FOUND');
  });

  it('removes the photo and its file for the owner only', async () => {
    const [photo] = await json<PhotoBody[]>(await upload('trip-kyoto', [file(jpeg, 'maple.jpg')]));
    const files = await storedFiles();
    await restError(
      await server.request(photo!.url.replace('/file', ''), { method: 'DELETE', headers: { cookie: traveller2 } }),
      404,
      'NOT_FOUND',
    );
    expect((await get(photo!.url, traveller)).status).toBe(200);

    const deleted = await json<PhotoBody>(
      await server.request(`/api/photos/${photo!.id}`, { method: 'DELETE', headers: { cookie: traveller } }),
    );
    expect(deleted).toEqual(photo);
    expect(await list('trip-kyoto')).toEqual([]);
    await restError(await get(photo!.url, traveller), 404, 'NOT_FOUND');
    // The photo and its thumbnail.
    expect(await storedFiles()).toHaveLength(files.length - 2);
    await restError(
      await server.request(`/api/photos/${photo!.id}`, { method: 'DELETE', headers: { cookie: traveller } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('the OpenAPI document', () => {
  it('documents the multipart upload beside the list, and the photo files', async () => {
    const doc = await json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    }>(await get('/api/openapi.json'));
    expect(Object.keys(doc.paths['/trips/{id}/photos'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/trips/{id}/photos']?.post?.requestBody?.content ?? {})).toEqual([
      'multipart/form-data',
    ]);
    expect(doc.paths['/photos/{id}']?.delete).toBeDefined();
    expect(doc.paths['/photos/{id}/file']?.get).toBeDefined();
    const multipart = doc.paths['/trips/{id}/photos']?.post?.requestBody?.content['multipart/form-data'] as
      | { schema: { properties: object; required: string[] } }
      | undefined;
    expect(multipart).toBeDefined();
    const schema = multipart!.schema;
    expect(Object.keys(schema.properties)).toEqual(['file', 'thumbnail']);
    expect(schema.required).toEqual(['file']);
    // Kept so older clients stay valid, marked as ignored.
    expect(schema.properties).toMatchObject({ thumbnail: { deprecated: true } });
  });
});

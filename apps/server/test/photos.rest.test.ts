import { readdir, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

// 13:00 in Lisbon: the demo's Lisbon trip is under way.
const NOW = new Date('2025-06-15T12:00:00Z');

// Real 1×1 images, made from their bytes.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const jpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

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
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});
afterAll(() => rm(server.photosDir, { recursive: true, force: true }));

const file = (bytes: Uint8Array, name: string, type = 'application/octet-stream') => new File([bytes], name, { type });

/**
 * POST /api/trips/{id}/photos with one `file` field per file, as a browser's FormData sends them,
 * then the `thumbnail` fields if any; cookie '' is signed out.
 */
function upload(tripId: string, files: File[], cookie = traveller, headers: Record<string, string> = {}, thumbnails: (File | string)[] = []) {
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
const list = async (tripId: string, cookie = traveller) => json<PhotoBody[]>(await get(`/api/trips/${tripId}/photos`, cookie));
const storedFiles = () => readdir(server.photosDir).catch(() => [] as string[]);

describe('POST /api/trips/{id}/photos', () => {
  it('stores a PNG and a JPEG sent as multipart file fields and answers them as JSON', async () => {
    const before = (await list('trip-santorini')).length;
    const photos = await json<PhotoBody[]>(await upload('trip-santorini', [file(png, 'caldera.png', 'image/png'), file(jpeg, 'oia.jpg', 'image/jpeg')]));
    expect(photos).toEqual([
      expect.objectContaining({ tripId: 'trip-santorini', fileName: 'caldera.png', contentType: 'image/png', sizeBytes: png.byteLength }),
      expect.objectContaining({ tripId: 'trip-santorini', fileName: 'oia.jpg', contentType: 'image/jpeg', sizeBytes: jpeg.byteLength }),
    ]);
    expect(Object.keys(photos[0]!).sort()).toEqual(['contentType', 'createdAt', 'fileName', 'id', 'sizeBytes', 'thumbnailUrl', 'tripId', 'url']);
    expect(photos[0]!.url).toBe(`/api/photos/${photos[0]!.id}/file`);
    const listed = await list('trip-santorini');
    expect(listed).toHaveLength(before + 2);
    expect(listed.slice(-2)).toEqual(photos);
  });

  it('types a file by its content, not by its name or the type the browser claims', async () => {
    const [photo] = await json<PhotoBody[]>(await upload('trip-santorini', [file(png, 'really-a-png.jpg', 'image/jpeg')]));
    expect(photo?.contentType).toBe('image/png');
  });

  it('refuses a text file named .jpg: 400 naming file, nothing stored', async () => {
    const before = await storedFiles();
    const notes = new TextEncoder().encode('Packing list: hat, sunscreen, passport');
    const body = await restError(await upload('trip-santorini', [file(notes, 'notes.jpg', 'image/jpeg')]), 400, 'BAD_REQUEST');
    expect(body.issues).toEqual([{ path: ['file'], message: 'Only JPEG, PNG or WebP images (notes.jpg is not one)' }]);
    expect(body.message).toBe('file: Only JPEG, PNG or WebP images (notes.jpg is not one)');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an 11 MB image: 413 naming file', { timeout: 60_000 }, async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(png);
    const body = await restError(await upload('trip-santorini', [file(big, 'panorama.png', 'image/png')]), 413, 'PAYLOAD_TOO_LARGE');
    expect(body.message).toBe('file: panorama.png is larger than 10 MB');
  });

  it('refuses a body over the total limit before reading it', async () => {
    const res = await server.request('/api/trips/trip-santorini/photos', {
      method: 'POST',
      headers: { origin: testOrigin, cookie: traveller, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * 1024 * 1024) },
      body: '--x--',
    });
    expect((await restError(res, 413, 'PAYLOAD_TOO_LARGE')).message).toMatch(/^file: /);
  });

  it('needs at least one file field, as a file, in a multipart body', async () => {
    expect((await restError(await upload('trip-santorini', []), 400, 'BAD_REQUEST')).issues).toEqual([{ path: ['file'], message: 'Choose at least one photo' }]);
    const form = new FormData();
    form.append('file', 'not a file');
    const text = await server.request('/api/trips/trip-santorini/photos', { method: 'POST', headers: { cookie: traveller }, body: form });
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
    await restError(await upload('trip-lisbon', [file(png, 'a.png')], traveller, { 'sec-fetch-site': 'cross-site' }), 403, 'FORBIDDEN');
    await restError(await upload('y'.repeat(101), [file(png, 'a.png')]), 400, 'BAD_REQUEST');
    expect(await list('trip-lisbon')).toEqual([]);
  });
});

describe('GET /api/photos/{id}/file and /thumbnail', () => {
  it('serve the bytes to the owner with the image type and a private immutable cache; 404 to anyone else', async () => {
    const [photo] = await json<PhotoBody[]>(await upload('trip-lisbon', [file(png, 'tram 28.png')]));
    for (const path of [photo!.url, photo!.thumbnailUrl]) {
      const res = await get(path, traveller);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
      await restError(await get(path, traveller2), 404, 'NOT_FOUND');
      await restError(await get(path), 401, 'UNAUTHORIZED');
    }
    await restError(await get('/api/photos/photo-nowhere/file', traveller), 404, 'NOT_FOUND');
  });
});

describe('thumbnails sent with the upload', () => {
  it('are served by /thumbnail with their own bytes and type; a file with an empty thumbnail answers its original', async () => {
    const photos = await json<PhotoBody[]>(
      await upload('trip-lisbon', [file(png, 'torii.png'), file(jpeg, 'moss.jpg')], traveller, {}, [file(jpeg, 'torii-thumbnail.jpg'), '']),
    );
    expect(photos.map((p) => p.contentType)).toEqual(['image/png', 'image/jpeg']);
    const withThumbnail = await get(photos[0]!.thumbnailUrl, traveller);
    expect(withThumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await withThumbnail.arrayBuffer())).toEqual(jpeg);
    const original = await get(photos[0]!.url, traveller);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await original.arrayBuffer())).toEqual(png);
    const fallback = await get(photos[1]!.thumbnailUrl, traveller);
    expect(fallback.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await fallback.arrayBuffer())).toEqual(jpeg);
    await restError(await get(photos[0]!.thumbnailUrl, traveller2), 404, 'NOT_FOUND');
  });

  it('refuses a thumbnail that is not an image, text, or a count that does not match the files: 400 naming thumbnail, nothing stored', async () => {
    const before = await storedFiles();
    const notes = new TextEncoder().encode('not a picture');
    const notImage = await restError(await upload('trip-lisbon', [file(png, 'a.png')], traveller, {}, [file(notes, 'a-thumbnail.jpg')]), 400, 'BAD_REQUEST');
    expect(notImage.issues).toEqual([{ path: ['thumbnail'], message: 'Only JPEG, PNG or WebP images (the thumbnail of a.png is not one)' }]);
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(jpeg);
    const tooBig = await restError(await upload('trip-lisbon', [file(png, 'a.png')], traveller, {}, [file(big, 'a-thumbnail.jpg')]), 400, 'BAD_REQUEST');
    expect(tooBig.issues?.[0]?.path).toEqual(['thumbnail']);
    const asText = await restError(await upload('trip-lisbon', [file(png, 'a.png')], traveller, {}, ['x']), 400, 'BAD_REQUEST');
    expect(asText.issues?.[0]?.path).toEqual(['thumbnail']);
    const miscounted = await restError(await upload('trip-lisbon', [file(png, 'a.png'), file(png, 'b.png')], traveller, {}, [file(jpeg, 't.jpg')]), 400, 'BAD_REQUEST');
    expect(miscounted.message).toMatch(/^thumbnail: /);
    expect(await storedFiles()).toEqual(before);
  });
});

describe('DELETE /api/photos/{id}', () => {
  it('removes both the original and the thumbnail', async () => {
    const before = await storedFiles();
    const [photo] = await json<PhotoBody[]>(await upload('trip-lisbon', [file(png, 'lantern.png')], traveller, {}, [file(jpeg, 'lantern-thumbnail.jpg')]));
    expect(await storedFiles()).toHaveLength(before.length + 2);
    await json<PhotoBody>(await server.request(`/api/photos/${photo!.id}`, { method: 'DELETE', headers: { cookie: traveller } }));
    expect((await storedFiles()).sort()).toEqual([...before].sort());
    await restError(await get(photo!.thumbnailUrl, traveller), 404, 'NOT_FOUND');
  });

  it('removes the photo and its file for the owner only', async () => {
    const [photo] = await json<PhotoBody[]>(await upload('trip-kyoto', [file(jpeg, 'maple.jpg')]));
    const files = await storedFiles();
    await restError(await server.request(photo!.url.replace('/file', ''), { method: 'DELETE', headers: { cookie: traveller2 } }), 404, 'NOT_FOUND');
    expect((await get(photo!.url, traveller)).status).toBe(200);

    const deleted = await json<PhotoBody>(await server.request(`/api/photos/${photo!.id}`, { method: 'DELETE', headers: { cookie: traveller } }));
    expect(deleted).toEqual(photo);
    expect(await list('trip-kyoto')).toEqual([]);
    await restError(await get(photo!.url, traveller), 404, 'NOT_FOUND');
    expect(await storedFiles()).toHaveLength(files.length - 1);
    await restError(await server.request(`/api/photos/${photo!.id}`, { method: 'DELETE', headers: { cookie: traveller } }), 404, 'NOT_FOUND');
  });
});

describe('the OpenAPI document', () => {
  it('documents the multipart upload beside the list, and the photo files', async () => {
    const doc = await json<{ paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> }>(
      await get('/api/openapi.json'),
    );
    expect(Object.keys(doc.paths['/trips/{id}/photos'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/trips/{id}/photos']?.post?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(doc.paths['/photos/{id}']?.delete).toBeDefined();
    expect(doc.paths['/photos/{id}/file']?.get).toBeDefined();
    const schema = (doc.paths['/trips/{id}/photos']?.post?.requestBody?.content['multipart/form-data'] as { schema: { properties: object; required: string[] } })
      .schema;
    expect(Object.keys(schema.properties)).toEqual(['file', 'thumbnail']);
    expect(schema.required).toEqual(['file']);
  });
});

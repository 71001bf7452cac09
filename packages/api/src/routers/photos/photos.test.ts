import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@naav/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContext, type Actor } from '../../context';
import { appRouter } from '../../root';
import { DomainError, ValidationError } from '../../errors';
import { errorOf } from '../../test-support/expect-error';
import { actors, createSeededDatabase } from '../../testing';
import { createCallerFactory } from '../../trpc';
import { createFileSystemPhotoStore, type PhotoStore } from './photo-store';
import { maxPhotoBytes, maxThumbnailBytes } from './photos.schemas';
import { detectImageType, getPhotoFile, getPhotoThumbnail, savePhoto, savePhotos } from './photos.service';

const NOW = new Date('2025-06-15T12:00:00Z');

// Real 1×1 images, as a camera or editor writes them.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const jpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const text = new TextEncoder().encode('Just some notes, not a picture at all.');

let folder: string;
let store: PhotoStore;
let db: Database;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'naav-photos-test-'));
  store = createFileSystemPhotoStore(join(folder, 'photos'));
  db = await createSeededDatabase(NOW);
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const callerFor = (actor: Actor) =>
  createCallerFactory(appRouter)(createContext({ db, now: () => NOW, photoStore: store, resolveActor: async () => actor }));
const storedFiles = async () => readdir(join(folder, 'photos')).catch(() => [] as string[]);

describe('detectImageType', () => {
  it('recognises JPEG, PNG and WebP by their first bytes', () => {
    expect(detectImageType(jpeg)).toBe('image/jpeg');
    expect(detectImageType(png)).toBe('image/png');
    expect(detectImageType(webp)).toBe('image/webp');
  });

  it('refuses anything else, including a RIFF file that is not WebP and truncated signatures', () => {
    expect(detectImageType(text)).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
    expect(detectImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(detectImageType(png.subarray(0, 7))).toBeNull();
    const wave = Buffer.from(webp);
    wave.write('WAVE', 8, 'ascii');
    expect(detectImageType(wave)).toBeNull();
    expect(detectImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
  });
});

describe('savePhoto', () => {
  it('stores the file and lists it on the trip, typed by content whatever its name says', async () => {
    const photo = await savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'tram.webp', bytes: png }, store, NOW);
    expect(photo).toMatchObject({
      tripId: 'trip-lisbon',
      fileName: 'tram.webp',
      contentType: 'image/png',
      sizeBytes: png.byteLength,
      createdAt: NOW.toISOString(),
      url: `/api/photos/${photo.id}/file`,
      thumbnailUrl: `/api/photos/${photo.id}/thumbnail`,
    });
    expect(await storedFiles()).toEqual([expect.stringMatching(/\.png$/)]);
    expect(await callerFor(actors.traveller).photos.list({ id: 'trip-lisbon' })).toEqual([photo]);
  });

  it('keeps only the last segment of a path-like name', async () => {
    const photo = await savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'C:\\Users\\alex\\..\\beach.jpg', bytes: jpeg }, store);
    expect(photo.fileName).toBe('beach.jpg');
  });

  it('refuses a .jpg whose content is text with a BAD_REQUEST naming file, storing nothing', async () => {
    const error = await domainErrorOf(savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'notes.jpg', bytes: text }, store));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', field: 'file' });
    expect(error.message).toBe('file: Only JPEG, PNG or WebP images (notes.jpg is not one)');
    expect(await storedFiles()).toEqual([]);
    expect(await callerFor(actors.traveller).photos.list({ id: 'trip-lisbon' })).toEqual([]);
  });

  it('refuses a file over 10 MB as PAYLOAD_TOO_LARGE naming file; 10 MB exactly is fine', async () => {
    const big = new Uint8Array(maxPhotoBytes + 1);
    big.set(png);
    const error = await domainErrorOf(savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'huge.png', bytes: big }, store));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toBe('file: huge.png is larger than 10 MB');
    const limit = await savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'limit.png', bytes: big.subarray(0, maxPhotoBytes) }, store);
    expect(limit.sizeBytes).toBe(maxPhotoBytes);
  });

  it('stores nothing from a batch with one bad file', async () => {
    const error = await domainErrorOf(
      savePhotos(db, actors.traveller, 'trip-lisbon', [{ fileName: 'a.png', bytes: png }, { fileName: 'b.png', bytes: text }], store),
    );
    expect(error).toMatchObject({ code: 'BAD_REQUEST', field: 'file' });
    expect(await storedFiles()).toEqual([]);
  });

  it("answers NOT_FOUND for another traveller's trip or a missing one", async () => {
    for (const tripId of ['trip-barcelona', 'trip-nowhere']) {
      const error = await domainErrorOf(savePhoto(db, actors.traveller, tripId, { fileName: 'a.png', bytes: png }, store));
      expect(error.code).toBe('NOT_FOUND');
    }
    expect(await storedFiles()).toEqual([]);
  });
});

describe('thumbnails', () => {
  it('stores a thumbnail under its own key and serves it with its own type; the original stays the file', async () => {
    const photo = await savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'tram.png', bytes: png, thumbnail: jpeg }, store);
    expect(photo.thumbnailUrl).toBe(`/api/photos/${photo.id}/thumbnail`);
    expect((await storedFiles()).sort()).toEqual([expect.stringMatching(/-thumb\.jpg$/), expect.stringMatching(/^[0-9a-f-]+\.png$/)]);
    const thumbnail = await getPhotoThumbnail(db, actors.traveller, photo.id, store);
    expect(thumbnail).toMatchObject({ contentType: 'image/jpeg', bytes: new Uint8Array(jpeg) });
    expect(await getPhotoFile(db, actors.traveller, photo.id, store)).toMatchObject({ contentType: 'image/png', bytes: new Uint8Array(png) });
  });

  it('falls back to the original for a photo without a thumbnail', async () => {
    const photo = await savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'tram.webp', bytes: webp, thumbnail: null }, store);
    expect(await storedFiles()).toHaveLength(1);
    expect(await getPhotoThumbnail(db, actors.traveller, photo.id, store)).toMatchObject({ contentType: 'image/webp', bytes: new Uint8Array(webp) });
    expect((await domainErrorOf(getPhotoThumbnail(db, actors.traveller2, photo.id, store))).code).toBe('NOT_FOUND');
  });

  it('refuses a thumbnail that is not an image, or over 1 MB, with a BAD_REQUEST naming thumbnail, storing nothing', async () => {
    const error = await domainErrorOf(
      savePhotos(db, actors.traveller, 'trip-lisbon', [{ fileName: 'a.png', bytes: png }, { fileName: 'b.png', bytes: png, thumbnail: text }], store),
    );
    expect(error).toMatchObject({ code: 'BAD_REQUEST', field: 'thumbnail' });
    expect(error.message).toBe('thumbnail: Only JPEG, PNG or WebP images (the thumbnail of b.png is not one)');
    const big = new Uint8Array(maxThumbnailBytes + 1);
    big.set(jpeg);
    const tooBig = await domainErrorOf(savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'c.png', bytes: png, thumbnail: big }, store));
    expect(tooBig).toMatchObject({ code: 'BAD_REQUEST', field: 'thumbnail' });
    expect(await storedFiles()).toEqual([]);
    await savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'd.png', bytes: png, thumbnail: big.subarray(0, maxThumbnailBytes) }, store);
    expect(await storedFiles()).toHaveLength(2);
  });

  it('delete removes the original and the thumbnail', async () => {
    const photo = await savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'tram.png', bytes: png, thumbnail: jpeg }, store);
    expect(await storedFiles()).toHaveLength(2);
    await callerFor(actors.traveller).photos.delete({ id: photo.id });
    expect(await storedFiles()).toEqual([]);
  });
});

describe('photos.list and photos.delete', () => {
  it("are NOT_FOUND to another traveller, who cannot delete the owner's photo", async () => {
    const photo = await savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'a.png', bytes: png }, store);
    const other = callerFor(actors.traveller2);
    expect((await errorOf(other.photos.list({ id: 'trip-lisbon' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(other.photos.delete({ id: photo.id }))).code).toBe('NOT_FOUND');
    expect(await callerFor(actors.traveller).photos.list({ id: 'trip-lisbon' })).toEqual([photo]);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('delete removes the row and the file', async () => {
    const owner = callerFor(actors.traveller);
    const kept = await savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'kept.png', bytes: png }, store, NOW);
    const gone = await savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'gone.webp', bytes: webp }, store, NOW);
    expect(await storedFiles()).toHaveLength(2);
    expect(await owner.photos.delete({ id: gone.id })).toEqual(gone);
    expect(await owner.photos.list({ id: 'trip-lisbon' })).toEqual([kept]);
    expect(await storedFiles()).toEqual([expect.stringMatching(/\.png$/)]);
    expect((await errorOf(owner.photos.delete({ id: gone.id }))).code).toBe('NOT_FOUND');
  });

  it('lists in upload order, also within one batch', async () => {
    const names = ['1.png', '2.jpg', '3.webp'];
    const bytes = [png, jpeg, webp];
    await savePhotos(db, actors.traveller, 'trip-lisbon', names.map((fileName, i) => ({ fileName, bytes: bytes[i]! })), store, NOW);
    const listed = await callerFor(actors.traveller).photos.list({ id: 'trip-lisbon' });
    expect(listed.map((p) => p.fileName)).toEqual(names);
    expect(listed.map((p) => p.contentType)).toEqual(['image/png', 'image/jpeg', 'image/webp']);
  });
});

describe('the filesystem store', () => {
  it('creates its folder on first use and refuses keys that would leave it', async () => {
    expect(await storedFiles()).toEqual([]);
    await store.put('abc.png', png);
    expect(await store.get('abc.png')).toEqual(new Uint8Array(png));
    expect(await store.get('missing.png')).toBeNull();
    await expect(store.put('../escape.png', png)).rejects.toThrow(/Invalid photo storage key/);
    await expect(store.get('a/b.png')).rejects.toThrow(/Invalid photo storage key/);
    await store.delete('abc.png');
    await store.delete('abc.png');
    expect(await storedFiles()).toEqual([]);
  });
});

describe('the filesystem store’s permissions', () => {
  it('creates its folder 0700 and each photo 0600: only the server’s own user may read them', async () => {
    await store.put('private.jpg', jpeg);
    expect((await stat(join(folder, 'photos'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(folder, 'photos', 'private.jpg'))).mode & 0o777).toBe(0o600);
  });
});

/** The domain error a service call rejects with (the server turns it into the HTTP answer). */
async function domainErrorOf(call: Promise<unknown>): Promise<DomainError> {
  const error = await call.then(
    () => new Error('expected the call to fail, but it succeeded'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

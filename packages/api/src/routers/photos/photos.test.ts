import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@naav/db';
import { photoFiles, photos, trips } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext, type Actor } from '../../context';
import { appRouter } from '../../root';
import { DomainError, ValidationError } from '../../errors';
import { errorOf } from '../../test-support/expect-error';
import {
  actors,
  createSeededDatabase,
  decompressionBombPng,
  headerOnlyJpeg,
  sidewaysJpegWithGps,
  solidImage,
  webpChunks,
} from '../../testing';
import { createCallerFactory } from '../../trpc';
import { importPhotoFolder } from './photo-folder-import';
import { createDatabasePhotoStore, createFileSystemPhotoStore, type PhotoStore } from './photo-store';
import { maxPhotoBytes } from './photos.schemas';
import { detectImageType, getPhotoFile, getPhotoThumbnail, savePhoto, savePhotos } from './photos.service';

const NOW = new Date('2025-06-15T12:00:00Z');

// Real 1×1 images, as an editor writes them, and a JPEG written by libvips.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
// A JPEG's markers with its scans cut short: the magic number is right, the image does not decode.
const brokenJpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const text = new TextEncoder().encode('Just some notes, not a picture at all.');
let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await solidImage(32, 24, 'jpeg');
});

let folder: string | undefined;
let store: PhotoStore;
let db: Database;

afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

const callerFor = (actor: Actor) =>
  createCallerFactory(appRouter)(
    createContext({ db, now: () => NOW, photoStore: store, resolveActor: async () => actor }),
  );

/** The default store keeps the bytes in the database; PHOTO_STORE=dir keeps files in a folder. */
const stores = {
  database: {
    make: () => createDatabasePhotoStore(db),
    keys: async () => (await db.select({ key: photoFiles.key }).from(photoFiles)).map((r) => r.key).sort(),
  },
  dir: {
    make: () => createFileSystemPhotoStore(join(folder!, 'photos')),
    keys: async () => (await readdir(join(folder!, 'photos')).catch(() => [] as string[])).sort(),
  },
};
let storedKeys: () => Promise<string[]>;

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

describe.each(Object.keys(stores) as (keyof typeof stores)[])('photos in the %s store', (kind) => {
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'naav-photos-test-'));
    db = await createSeededDatabase(NOW);
    store = stores[kind].make();
    storedKeys = stores[kind].keys;
  });

  describe('savePhoto', () => {
    it('decodes the file and stores it as WebP with a thumbnail it makes itself, whatever the name says', async () => {
      const photo = await savePhoto(
        db,
        actors.traveller,
        'trip-lisbon',
        { fileName: 'tram.webp', bytes: png },
        store,
        NOW,
      );
      const { bytes } = await getPhotoFile(db, actors.traveller, photo.id, store);
      expect(photo).toMatchObject({
        tripId: 'trip-lisbon',
        fileName: 'tram.webp',
        contentType: 'image/webp',
        sizeBytes: bytes.byteLength,
        createdAt: NOW.toISOString(),
        url: `/api/photos/${photo.id}/file`,
        thumbnailUrl: `/api/photos/${photo.id}/thumbnail`,
      });
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });
      expect(await storedKeys()).toEqual([
        expect.stringMatching(/^[0-9a-f-]+-thumb\.webp$/),
        expect.stringMatching(/^[0-9a-f-]+\.webp$/),
      ]);
      expect(await callerFor(actors.traveller).photos.list({ id: 'trip-lisbon' })).toEqual([photo]);
    });

    it('keeps only the last segment of a path-like name', async () => {
      const photo = await savePhoto(
        db,
        actors.traveller,
        'trip-lisbon',
        { fileName: 'C:\\Users\\alex\\..\\beach.jpg', bytes: jpeg },
        store,
      );
      expect(photo.fileName).toBe('beach.jpg');
    });

    it('takes a sideways camera JPEG upright, without its GPS position or any other metadata, in the photo and the thumbnail', async () => {
      const sideways = await sidewaysJpegWithGps();
      // The upload really carries them.
      expect(await exifr.gps(sideways)).toMatchObject({ latitude: 38.7 });
      expect(await sharp(sideways).metadata()).toMatchObject({ width: 400, height: 200, orientation: 6 });

      const photo = await savePhoto(
        db,
        actors.traveller,
        'trip-lisbon',
        { fileName: 'castle.jpg', bytes: sideways },
        store,
      );
      for (const read of [getPhotoFile, getPhotoThumbnail]) {
        const { bytes, contentType } = await read(db, actors.traveller, photo.id, store);
        expect(contentType).toBe('image/webp');
        // The image data and nothing else: no EXIF, XMP or ICC chunk in the WebP container.
        expect(webpChunks(bytes).filter((chunk) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(chunk))).toEqual([]);
        const meta = await sharp(bytes).metadata();
        expect(meta).toMatchObject({ width: 200, height: 400 });
        expect(meta.orientation).toBeUndefined();
        expect(meta.exif).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        // Turned 90° clockwise: the left (red) half is now on top, the right (blue) half below.
        const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
        const pixel = (x: number, y: number) => [
          ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
        ];
        expect(pixel(100, 20)).toEqual([
          expect.toSatisfy((r: number) => r > 200),
          expect.any(Number),
          expect.toSatisfy((b: number) => b < 60),
        ]);
        expect(pixel(100, 380)).toEqual([
          expect.toSatisfy((r: number) => r < 60),
          expect.any(Number),
          expect.toSatisfy((b: number) => b > 200),
        ]);
      }
    });

    it('caps the long side at 2560 px and makes a 480 px thumbnail', async () => {
      const panorama = await solidImage(3200, 1000, 'jpeg');
      const photo = await savePhoto(
        db,
        actors.traveller,
        'trip-lisbon',
        { fileName: 'tagus.jpg', bytes: panorama },
        store,
      );
      expect(await sharp((await getPhotoFile(db, actors.traveller, photo.id, store)).bytes).metadata()).toMatchObject({
        width: 2560,
        height: 800,
      });
      expect(
        await sharp((await getPhotoThumbnail(db, actors.traveller, photo.id, store)).bytes).metadata(),
      ).toMatchObject({ width: 480, height: 150 });
    });

    it('refuses a .jpg whose content is text with a BAD_REQUEST naming file, storing nothing', async () => {
      const error = await domainErrorOf(
        savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'notes.jpg', bytes: text }, store),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ code: 'BAD_REQUEST', field: 'file' });
      expect(error.message).toBe('file: Only JPEG, PNG or WebP images (notes.jpg is not one)');
      expect(await storedKeys()).toEqual([]);
      expect(await callerFor(actors.traveller).photos.list({ id: 'trip-lisbon' })).toEqual([]);
    });

    it('refuses a JPEG header with no image behind it, and a JPEG whose scans are cut short: 400 naming file', async () => {
      const header = await headerOnlyJpeg();
      expect(header.byteLength).toBe(78);
      for (const [fileName, bytes] of [
        ['header.jpg', header],
        ['cut.jpg', brokenJpeg],
      ] as const) {
        const error = await domainErrorOf(savePhoto(db, actors.traveller, 'trip-lisbon', { fileName, bytes }, store));
        expect(error).toMatchObject({ code: 'BAD_REQUEST', field: 'file' });
        expect(error.message).toBe(`file: ${fileName} could not be read as an image`);
      }
      expect(await storedKeys()).toEqual([]);
    });

    it('refuses a decompression bomb from its header, naming file, before decoding a pixel', async () => {
      // 60,000 × 60,000 pixels would take about 10 GB once decoded.
      const error = await domainErrorOf(
        savePhoto(
          db,
          actors.traveller,
          'trip-lisbon',
          { fileName: 'bomb.png', bytes: await decompressionBombPng() },
          store,
        ),
      );
      expect(error).toMatchObject({ code: 'BAD_REQUEST', field: 'file' });
      expect(error.message).toBe('file: bomb.png has too many pixels (at most 64 megapixels)');
      expect(await storedKeys()).toEqual([]);
    });

    it('refuses a file over 10 MB as PAYLOAD_TOO_LARGE naming file; 10 MB exactly is fine', async () => {
      const big = new Uint8Array(maxPhotoBytes + 1);
      big.set(png);
      const error = await domainErrorOf(
        savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'huge.png', bytes: big }, store),
      );
      expect(error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(error.message).toBe('file: huge.png is larger than 10 MB');
      const limit = await savePhoto(
        db,
        actors.traveller,
        'trip-lisbon',
        { fileName: 'limit.png', bytes: big.subarray(0, maxPhotoBytes) },
        store,
      );
      // What is stored is the re-encoded image, not the padding behind it.
      expect(limit.sizeBytes).toBeLessThan(1024);
    });

    it('stores nothing from a batch with one bad file', async () => {
      for (const bad of [text, brokenJpeg]) {
        const error = await domainErrorOf(
          savePhotos(
            db,
            actors.traveller,
            'trip-lisbon',
            [
              { fileName: 'a.png', bytes: png },
              { fileName: 'b.png', bytes: bad },
            ],
            store,
          ),
        );
        expect(error).toMatchObject({ code: 'BAD_REQUEST', field: 'file' });
      }
      expect(await storedKeys()).toEqual([]);
    });

    it("answers NOT_FOUND for another traveller's trip or a missing one", async () => {
      for (const tripId of ['trip-barcelona', 'trip-nowhere']) {
        const error = await domainErrorOf(
          savePhoto(db, actors.traveller, tripId, { fileName: 'a.png', bytes: png }, store),
        );
        expect(error.code).toBe('NOT_FOUND');
      }
      expect(await storedKeys()).toEqual([]);
    });
  });

  describe('thumbnails', () => {
    it('serves the server-made thumbnail, smaller than the photo; NOT_FOUND to another traveller', async () => {
      const photo = await savePhoto(
        db,
        actors.traveller,
        'trip-lisbon',
        { fileName: 'azulejos.png', bytes: await solidImage(1600, 1200, 'png') },
        store,
      );
      const thumbnail = await getPhotoThumbnail(db, actors.traveller, photo.id, store);
      const original = await getPhotoFile(db, actors.traveller, photo.id, store);
      expect(thumbnail.contentType).toBe('image/webp');
      expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ width: 480, height: 360 });
      expect(await sharp(original.bytes).metadata()).toMatchObject({ width: 1600, height: 1200 });
      expect((await domainErrorOf(getPhotoThumbnail(db, actors.traveller2, photo.id, store))).code).toBe('NOT_FOUND');
    });

    it('falls back to the original for a photo an older version stored without a thumbnail', async () => {
      await store.put('old-upload.png', png);
      const [row] = await db
        .insert(photos)
        .values({
          tripId: 'trip-lisbon',
          fileName: 'old.png',
          contentType: 'image/png',
          sizeBytes: png.byteLength,
          storageKey: 'old-upload.png',
          thumbnailKey: null,
        })
        .returning({ id: photos.id });
      expect(await getPhotoThumbnail(db, actors.traveller, row!.id, store)).toMatchObject({
        contentType: 'image/png',
        bytes: new Uint8Array(png),
      });
      expect((await domainErrorOf(getPhotoThumbnail(db, actors.traveller2, row!.id, store))).code).toBe('NOT_FOUND');
    });

    it('delete removes the original and the thumbnail', async () => {
      const photo = await savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'tram.png', bytes: png }, store);
      expect(await storedKeys()).toHaveLength(2);
      await callerFor(actors.traveller).photos.delete({ id: photo.id });
      expect(await storedKeys()).toEqual([]);
    });
  });

  describe('photos.list and photos.delete', () => {
    it("are NOT_FOUND to another traveller, who cannot delete the owner's photo", async () => {
      const photo = await savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'a.png', bytes: png }, store);
      const other = callerFor(actors.traveller2);
      expect((await errorOf(other.photos.list({ id: 'trip-lisbon' }))).code).toBe('NOT_FOUND');
      expect((await errorOf(other.photos.delete({ id: photo.id }))).code).toBe('NOT_FOUND');
      expect(await callerFor(actors.traveller).photos.list({ id: 'trip-lisbon' })).toEqual([photo]);
      expect(await storedKeys()).toHaveLength(2);
    });

    it('delete removes the row and its bytes', async () => {
      const owner = callerFor(actors.traveller);
      const kept = await savePhoto(
        db,
        actors.traveller,
        'trip-lisbon',
        { fileName: 'kept.png', bytes: png },
        store,
        NOW,
      );
      const gone = await savePhoto(
        db,
        actors.traveller,
        'trip-lisbon',
        { fileName: 'gone.webp', bytes: webp },
        store,
        NOW,
      );
      expect(await storedKeys()).toHaveLength(4);
      expect(await owner.photos.delete({ id: gone.id })).toEqual(gone);
      expect(await owner.photos.list({ id: 'trip-lisbon' })).toEqual([kept]);
      expect((await storedKeys()).every((key) => !key.startsWith(gone.id))).toBe(true);
      expect(await storedKeys()).toHaveLength(2);
      expect((await errorOf(owner.photos.delete({ id: gone.id }))).code).toBe('NOT_FOUND');
    });

    it('lists in upload order, also within one batch', async () => {
      const names = ['1.png', '2.jpg', '3.webp'];
      const bytes = [png, jpeg, webp];
      await savePhotos(
        db,
        actors.traveller,
        'trip-lisbon',
        names.map((fileName, i) => ({ fileName, bytes: bytes[i]! })),
        store,
        NOW,
      );
      const listed = await callerFor(actors.traveller).photos.list({ id: 'trip-lisbon' });
      expect(listed.map((p) => p.fileName)).toEqual(names);
      expect(listed.map((p) => p.contentType)).toEqual(['image/webp', 'image/webp', 'image/webp']);
    });
  });
});

describe('the database store', () => {
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'naav-photos-test-'));
    db = await createSeededDatabase(NOW);
    store = createDatabasePhotoStore(db);
  });

  it('keeps the bytes in photo_files, answers null for a missing key and refuses keys that are not its own', async () => {
    await store.put('abc.webp', webp);
    expect(await store.get('abc.webp')).toEqual(new Uint8Array(webp));
    expect(await store.get('missing.webp')).toBeNull();
    await expect(store.put('../escape.png', png)).rejects.toThrow(/Invalid photo storage key/);
    await store.delete('abc.webp');
    await store.delete('abc.webp');
    expect(await db.select().from(photoFiles)).toEqual([]);
  });

  it("takes a trip's photo bytes along when the trip goes", async () => {
    await savePhoto(db, actors.traveller, 'trip-lisbon', { fileName: 'a.png', bytes: png }, store);
    expect(await db.select({ key: photoFiles.key }).from(photoFiles)).toHaveLength(2);
    await db.delete(trips).where(eq(trips.id, 'trip-lisbon'));
    expect(await db.select({ key: photoFiles.key }).from(photoFiles)).toEqual([]);
  });
});

describe('the filesystem store', () => {
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'naav-photos-test-'));
    store = createFileSystemPhotoStore(join(folder, 'photos'));
  });

  it('creates its folder on first use and refuses keys that would leave it', async () => {
    const files = () => readdir(join(folder!, 'photos')).catch(() => [] as string[]);
    expect(await files()).toEqual([]);
    await store.put('abc.png', png);
    expect(await store.get('abc.png')).toEqual(new Uint8Array(png));
    expect(await store.get('missing.png')).toBeNull();
    await expect(store.put('../escape.png', png)).rejects.toThrow(/Invalid photo storage key/);
    await expect(store.get('a/b.png')).rejects.toThrow(/Invalid photo storage key/);
    await store.delete('abc.png');
    await store.delete('abc.png');
    expect(await files()).toEqual([]);
  });

  it('creates its folder 0700 and each photo 0600: only the server’s own user may read them', async () => {
    await store.put('private.jpg', jpeg);
    expect((await stat(join(folder!, 'photos'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(folder!, 'photos', 'private.jpg'))).mode & 0o777).toBe(0o600);
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

describe('photos an older version kept as files', () => {
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'naav-photos-test-'));
    db = await createSeededDatabase(NOW);
  });

  it('move into the database on import: processed like a new upload, the files gone, each served to whoever may see it', async () => {
    const files = createFileSystemPhotoStore(join(folder!, 'photos'));
    const sideways = await sidewaysJpegWithGps();
    // As the older version stored them: the bytes as uploaded, with a thumbnail the browser made, or none.
    await files.put('old-1.jpg', sideways);
    await files.put('old-1-thumb.jpg', jpeg);
    await files.put('old-2.jpg', brokenJpeg);
    const [withGps, broken, lost] = await db
      .insert(photos)
      .values([
        {
          tripId: 'trip-lisbon',
          fileName: 'castle.jpg',
          contentType: 'image/jpeg',
          sizeBytes: sideways.byteLength,
          storageKey: 'old-1.jpg',
          thumbnailKey: 'old-1-thumb.jpg',
        },
        {
          tripId: 'trip-lisbon',
          fileName: 'odd.jpg',
          contentType: 'image/jpeg',
          sizeBytes: brokenJpeg.byteLength,
          storageKey: 'old-2.jpg',
          thumbnailKey: null,
        },
        {
          tripId: 'trip-lisbon',
          fileName: 'lost.jpg',
          contentType: 'image/jpeg',
          sizeBytes: 1,
          storageKey: 'old-3.jpg',
          thumbnailKey: null,
        },
      ])
      .returning({ id: photos.id });
    store = createDatabasePhotoStore(db);

    expect(await importPhotoFolder(db, files, store)).toEqual({ processed: 1, movedAsIs: 1, missing: 1 });
    expect(await readdir(join(folder!, 'photos'))).toEqual([]);

    const photo = await getPhotoFile(db, actors.traveller, withGps!.id, store);
    expect(photo.contentType).toBe('image/webp');
    expect(webpChunks(photo.bytes).filter((chunk) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(chunk))).toEqual([]);
    expect(await sharp(photo.bytes).metadata()).toMatchObject({ width: 200, height: 400 });
    expect((await getPhotoThumbnail(db, actors.traveller, withGps!.id, store)).contentType).toBe('image/webp');
    expect(await getPhotoFile(db, actors.traveller, broken!.id, store)).toMatchObject({
      contentType: 'image/jpeg',
      bytes: new Uint8Array(brokenJpeg),
    });
    expect((await domainErrorOf(getPhotoFile(db, actors.traveller2, withGps!.id, store))).code).toBe('NOT_FOUND');
    expect((await domainErrorOf(getPhotoFile(db, actors.traveller, lost!.id, store))).code).toBe('NOT_FOUND');
    // A second start finds nothing left to move.
    expect(await importPhotoFolder(db, files, store)).toEqual({ processed: 0, movedAsIs: 0, missing: 1 });
  });
});

import { randomUUID } from 'node:crypto';
import type { Database } from '@naav/db';
import { photos, trips } from '@naav/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { columnsOf } from '../../lib/columns';
import { DomainError, NotFoundError, ValidationError } from '../../errors';
import { checkTripAccess, tripAccess, tripAccessQuery, tripAccessRank, type TripNeed } from '../../lib/trip-access';
import { processPhoto, type ProcessedPhoto } from './photo-processing';
import type { PhotoStore } from './photo-store';
import { activity } from '../../lib/live/activity';
import { topic } from '../../lib/live/feed';
import { tripFeed } from '../../lib/trip-notices';
import {
  maxPhotoBytes,
  maxPhotoMegabytes,
  maxPhotosPerUpload,
  type Photo,
  type PhotoContentType,
  type PhotoUpload,
} from './photos.schemas';

/** 413 naming the field, like a ValidationError's 400. */
class PhotoTooLargeError extends DomainError {
  constructor(fileName: string) {
    super('PAYLOAD_TOO_LARGE', `file: ${fileName} is larger than ${maxPhotoMegabytes} MB`);
  }
}

const extensions: Record<PhotoContentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const typeOfKey = (key: string): PhotoContentType | undefined =>
  (Object.keys(extensions) as PhotoContentType[]).find((type) => key.endsWith(`.${extensions[type]}`));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type from the file's first bytes (its magic number); the name and the browser's claim are not trusted. */
export function detectImageType(bytes: Uint8Array): PhotoContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** The last path segment, without control characters, at most 200 characters. */
function cleanFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters from the name is the point
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return base.slice(0, 200) || 'photo';
}

const photoColumns = columnsOf(photos, 'id', 'tripId', 'fileName', 'contentType', 'sizeBytes', 'createdAt');
type PhotoRow = Pick<typeof photos.$inferSelect, keyof typeof photoColumns>;

function toPhoto(row: PhotoRow): Photo {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    url: `/api/photos/${row.id}/file`,
    thumbnailUrl: `/api/photos/${row.id}/thumbnail`,
  };
}

/** A photo of a trip the actor may `need`, with where its bytes are, in one query; NOT_FOUND for anyone who cannot see the trip. */
async function ownPhoto(db: Database, actor: Actor, photoId: string, need: TripNeed) {
  const [row] = await db
    .select({
      ...photoColumns,
      storageKey: photos.storageKey,
      thumbnailKey: photos.thumbnailKey,
      rank: tripAccessRank(actor),
    })
    .from(photos)
    .innerJoin(trips, eq(trips.id, photos.tripId))
    .where(eq(photos.id, photoId));
  checkTripAccess(row?.rank, need, 'Photo');
  const { rank: _rank, ...photo } = row!;
  return photo;
}

/** The trip's photos in upload order, in the same round trip as the access check. */
export async function listPhotos(db: Database, actor: Actor, tripId: string): Promise<Photo[]> {
  const [access, rows] = await db.batch([
    tripAccessQuery(db, actor, tripId),
    db
      .select(photoColumns)
      .from(photos)
      .where(eq(photos.tripId, tripId))
      .orderBy(asc(photos.createdAt), sql`${photos}.rowid`),
  ]);
  checkTripAccess(access[0]?.rank, 'view');
  return rows.map(toPhoto);
}

/** Refuses a file that is not a JPEG, PNG or WebP by content, or that is over the size limit. */
function checkPhoto(file: PhotoUpload): PhotoContentType {
  const fileName = cleanFileName(file.fileName);
  if (file.bytes.byteLength > maxPhotoBytes) throw new PhotoTooLargeError(fileName);
  const contentType = detectImageType(file.bytes);
  if (!contentType) throw new ValidationError('file', `Only JPEG, PNG or WebP images (${fileName} is not one)`);
  return contentType;
}

/**
 * Adds photos to the actor's trip. Every file is checked and processed on the server (see
 * processPhoto: decoded, turned upright, stripped of metadata, at most 2560 px, WebP, with a
 * 480 px thumbnail) before any is stored, so a batch with one bad file stores nothing.
 */
export async function savePhotos(
  db: Database,
  actor: Actor,
  tripId: string,
  files: PhotoUpload[],
  store: PhotoStore,
  now = new Date(),
): Promise<Photo[]> {
  await tripAccess(db, actor, tripId, 'edit');
  if (files.length === 0) throw new ValidationError('file', 'Choose at least one photo');
  if (files.length > maxPhotosPerUpload)
    throw new ValidationError('file', `At most ${maxPhotosPerUpload} photos at a time`);
  for (const file of files) checkPhoto(file);
  const processed: ProcessedPhoto[] = [];
  // One at a time: each decode may take a few hundred megabytes for a large photo.
  for (const file of files) processed.push(await processPhoto(file.bytes, cleanFileName(file.fileName)));

  const saved: Photo[] = [];
  for (const [i, file] of files.entries()) {
    const { image, thumbnail, contentType } = processed[i]!;
    const base = randomUUID();
    const storageKey = `${base}.${extensions[contentType]}`;
    const thumbnailKey = `${base}-thumb.${extensions[contentType]}`;
    try {
      await store.put(storageKey, image);
      await store.put(thumbnailKey, thumbnail);
      const id = randomUUID();
      const [[row]] = await db.batch([
        db
          .insert(photos)
          .values({
            id,
            tripId,
            fileName: cleanFileName(file.fileName),
            contentType,
            sizeBytes: image.byteLength,
            storageKey,
            thumbnailKey,
            createdAt: now,
          })
          .returning(photoColumns),
        ...tripFeed(db, topic.trip(tripId), id, 'photo', activity(actor.id, tripId, 'photo.added', { count: 1 }), now),
      ]);
      if (!row) throw new Error('insert returned no row');
      saved.push(toPhoto(row));
    } catch (error) {
      // No row points at the bytes: do not leave them behind.
      await store.delete(storageKey);
      await store.delete(thumbnailKey);
      throw error;
    }
  }
  return saved;
}

/** One photo; see savePhotos. */
export async function savePhoto(
  db: Database,
  actor: Actor,
  tripId: string,
  file: PhotoUpload,
  store: PhotoStore,
  now = new Date(),
): Promise<Photo> {
  const [photo] = await savePhotos(db, actor, tripId, [file], store, now);
  return photo!;
}

/** Removes the photo and its bytes (original and thumbnail) from every server's view; answers what was removed. */
export async function deletePhoto(
  db: Database,
  actor: Actor,
  photoId: string,
  store: PhotoStore,
  now = new Date(),
): Promise<Photo> {
  const { storageKey, thumbnailKey, ...row } = await ownPhoto(db, actor, photoId, 'edit');
  // The row goes first: bytes without a row are harmless, a row without bytes a broken image.
  await db.batch([
    db.delete(photos).where(eq(photos.id, photoId)),
    ...tripFeed(db, topic.trip(row.tripId), photoId, 'photo', activity(actor.id, row.tripId, 'photo.deleted', {}), now),
  ]);
  if (!store.removedWithRow) {
    await store.delete(storageKey);
    if (thumbnailKey) await store.delete(thumbnailKey);
  }
  return toPhoto(row);
}

/** The bytes of the actor's photo and their type, for GET /api/photos/{id}/file. */
export async function getPhotoFile(db: Database, actor: Actor, photoId: string, store: PhotoStore) {
  const { storageKey, thumbnailKey: _thumbnailKey, ...row } = await ownPhoto(db, actor, photoId, 'view');
  const bytes = await store.get(storageKey);
  if (!bytes) throw new NotFoundError('Photo');
  return { photo: toPhoto(row), bytes, contentType: row.contentType };
}

/**
 * The thumbnail of the actor's photo, for GET /api/photos/{id}/thumbnail: the 480 px copy
 * with its own type, or the original for a photo stored without one by an older version.
 */
export async function getPhotoThumbnail(db: Database, actor: Actor, photoId: string, store: PhotoStore) {
  const { storageKey, thumbnailKey, ...row } = await ownPhoto(db, actor, photoId, 'view');
  const thumbnail = thumbnailKey ? await store.get(thumbnailKey) : null;
  const thumbnailType = thumbnailKey ? typeOfKey(thumbnailKey) : undefined;
  if (thumbnail && thumbnailType) return { photo: toPhoto(row), bytes: thumbnail, contentType: thumbnailType };
  const bytes = await store.get(storageKey);
  if (!bytes) throw new NotFoundError('Photo');
  return { photo: toPhoto(row), bytes, contentType: row.contentType };
}

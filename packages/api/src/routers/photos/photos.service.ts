import { randomUUID } from 'node:crypto';
import type { Database } from '@naav/db';
import { photos } from '@naav/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { DomainError, NotFoundError, ValidationError } from '../../errors';
import { tripAccess, type TripNeed } from '../../lib/trip-access';
import type { PhotoStore } from './photo-store';
import {
  maxPhotoBytes,
  maxPhotoMegabytes,
  maxPhotosPerUpload,
  maxThumbnailBytes,
  type Photo,
  type PhotoContentType,
  type PhotoUpload,
} from './photos.schemas';

/** 413 naming the field, like a ValidationError's 400. */
export class PhotoTooLargeError extends DomainError {
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
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return base.slice(0, 200) || 'photo';
}

const photoColumns = {
  id: photos.id,
  tripId: photos.tripId,
  fileName: photos.fileName,
  contentType: photos.contentType,
  sizeBytes: photos.sizeBytes,
  createdAt: photos.createdAt,
};
type PhotoRow = { id: string; tripId: string; fileName: string; contentType: PhotoContentType; sizeBytes: number; createdAt: Date };

function toPhoto(row: PhotoRow): Photo {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    url: `/api/photos/${row.id}/file`,
    thumbnailUrl: `/api/photos/${row.id}/thumbnail`,
  };
}

/** The actor may `need` the trip: its owner, or a member of a group it is shared with (see tripAccess). */
async function assertTripAccess(db: Database, actor: Actor, tripId: string, need: TripNeed): Promise<void> {
  await tripAccess(db, actor, tripId, need);
}

/** A photo of a trip the actor may `need`, with where its bytes are; NOT_FOUND for anyone who cannot see the trip. */
async function ownPhoto(db: Database, actor: Actor, photoId: string, need: TripNeed) {
  const [row] = await db
    .select({ ...photoColumns, storageKey: photos.storageKey, thumbnailKey: photos.thumbnailKey })
    .from(photos)
    .where(eq(photos.id, photoId));
  if (!row) throw new NotFoundError('Photo');
  try {
    await tripAccess(db, actor, row.tripId, need);
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError('Photo');
    throw error;
  }
  return row;
}

/** The trip's photos in upload order. */
export async function listPhotos(db: Database, actor: Actor, tripId: string): Promise<Photo[]> {
  await assertTripAccess(db, actor, tripId, 'view');
  const rows = await db
    .select(photoColumns)
    .from(photos)
    .where(eq(photos.tripId, tripId))
    .orderBy(asc(photos.createdAt), sql`rowid`);
  return rows.map(toPhoto);
}

/** Refuses a file that is not a JPEG, PNG or WebP by content, or that is over the size limit. */
export function checkPhoto(file: PhotoUpload): PhotoContentType {
  const fileName = cleanFileName(file.fileName);
  if (file.bytes.byteLength > maxPhotoBytes) throw new PhotoTooLargeError(fileName);
  const contentType = detectImageType(file.bytes);
  if (!contentType) throw new ValidationError('file', `Only JPEG, PNG or WebP images (${fileName} is not one)`);
  return contentType;
}

/** Like checkPhoto, for the optional thumbnail sent with a photo: refusals name `thumbnail`. */
export function checkThumbnail(file: PhotoUpload): PhotoContentType | null {
  if (!file.thumbnail) return null;
  const fileName = cleanFileName(file.fileName);
  if (file.thumbnail.byteLength > maxThumbnailBytes) {
    throw new ValidationError('thumbnail', `The thumbnail of ${fileName} is larger than ${maxThumbnailBytes / 1024 / 1024} MB`);
  }
  const contentType = detectImageType(file.thumbnail);
  if (!contentType) throw new ValidationError('thumbnail', `Only JPEG, PNG or WebP images (the thumbnail of ${fileName} is not one)`);
  return contentType;
}

/**
 * Adds photos to the actor's trip: every file is checked before any is stored, so a batch
 * with one bad file stores nothing.
 */
export async function savePhotos(
  db: Database,
  actor: Actor,
  tripId: string,
  files: PhotoUpload[],
  store: PhotoStore,
  now = new Date(),
): Promise<Photo[]> {
  await assertTripAccess(db, actor, tripId, 'edit');
  if (files.length === 0) throw new ValidationError('file', 'Choose at least one photo');
  if (files.length > maxPhotosPerUpload) throw new ValidationError('file', `At most ${maxPhotosPerUpload} photos at a time`);
  const checked = files.map((file) => ({ file, contentType: checkPhoto(file), thumbnailType: checkThumbnail(file) }));

  const saved: Photo[] = [];
  for (const { file, contentType, thumbnailType } of checked) {
    const base = randomUUID();
    const storageKey = `${base}.${extensions[contentType]}`;
    const thumbnailKey = thumbnailType && file.thumbnail ? `${base}-thumb.${extensions[thumbnailType]}` : null;
    try {
      await store.put(storageKey, file.bytes);
      if (thumbnailKey) await store.put(thumbnailKey, file.thumbnail!);
      const [row] = await db
        .insert(photos)
        .values({
          tripId,
          fileName: cleanFileName(file.fileName),
          contentType,
          sizeBytes: file.bytes.byteLength,
          storageKey,
          thumbnailKey,
          createdAt: now,
        })
        .returning(photoColumns);
      if (!row) throw new Error('insert returned no row');
      saved.push(toPhoto(row));
    } catch (error) {
      // No row points at the files: do not leave them behind.
      await store.delete(storageKey);
      if (thumbnailKey) await store.delete(thumbnailKey);
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

/** Removes the photo and its files (original and thumbnail); answers what was removed. */
export async function deletePhoto(db: Database, actor: Actor, photoId: string, store: PhotoStore): Promise<Photo> {
  const { storageKey, thumbnailKey, ...row } = await ownPhoto(db, actor, photoId, 'edit');
  // The row goes first: a file without a row is harmless, a row without a file a broken image.
  await db.delete(photos).where(eq(photos.id, photoId));
  await store.delete(storageKey);
  if (thumbnailKey) await store.delete(thumbnailKey);
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
 * The thumbnail of the actor's photo, for GET /api/photos/{id}/thumbnail: the stored one with
 * its own type, or the original when the photo has none (older uploads, undecodable images).
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

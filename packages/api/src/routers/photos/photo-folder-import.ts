import { randomUUID } from 'node:crypto';
import type { Database } from '@naav/db';
import { photoFiles, photos } from '@naav/db/schema';
import { eq, notInArray } from 'drizzle-orm';
import { processPhoto } from './photo-processing';
import type { PhotoStore } from './photo-store';

export interface PhotoFolderImport {
  /** Photos re-encoded by the server (upright, without metadata, WebP, with a thumbnail) and moved. */
  processed: number;
  /** Photos whose file did not decode: moved byte for byte, as the older version served them. */
  movedAsIs: number;
  /** Photo rows whose file is in neither place (already missing before). */
  missing: number;
}

/**
 * Moves the photos an older version kept as files (PHOTOS_DIR) into the database store, so
 * every app server can read them. Each goes through the same processing as a new upload:
 * a photo uploaded before carried its GPS position and camera details, and now loses them
 * like any other. A file that does not decode moves unchanged. Each photo's row is updated
 * only once its new bytes are stored, and its files are deleted after that, so the job can
 * stop at any point and resume at the next start. `keepGoing` is asked before each photo
 * (the caller renews its lease there); answering false stops the job.
 */
export async function importPhotoFolder(
  db: Database,
  folder: PhotoStore,
  target: PhotoStore,
  {
    keepGoing = async () => true,
    log = () => undefined,
  }: { keepGoing?: () => Promise<boolean>; log?: (line: string) => void } = {},
): Promise<PhotoFolderImport> {
  const waiting = await db
    .select({
      id: photos.id,
      fileName: photos.fileName,
      contentType: photos.contentType,
      storageKey: photos.storageKey,
      thumbnailKey: photos.thumbnailKey,
    })
    .from(photos)
    .where(notInArray(photos.storageKey, db.select({ key: photoFiles.key }).from(photoFiles)));
  const result: PhotoFolderImport = { processed: 0, movedAsIs: 0, missing: 0 };
  if (waiting.length === 0) return result;
  log(`Moving ${waiting.length} photo(s) from the photo folder into the database…`);
  for (const row of waiting) {
    if (!(await keepGoing())) break;
    const bytes = await folder.get(row.storageKey);
    if (!bytes) {
      result.missing += 1;
      continue;
    }
    const processed = await processPhoto(bytes, row.fileName).catch(() => null);
    if (processed) {
      const base = randomUUID();
      const storageKey = `${base}.webp`;
      const thumbnailKey = `${base}-thumb.webp`;
      await target.put(storageKey, processed.image);
      await target.put(thumbnailKey, processed.thumbnail);
      await db
        .update(photos)
        .set({ contentType: processed.contentType, sizeBytes: processed.image.byteLength, storageKey, thumbnailKey })
        .where(eq(photos.id, row.id));
      result.processed += 1;
    } else {
      await target.put(row.storageKey, bytes);
      if (row.thumbnailKey) {
        const thumbnail = await folder.get(row.thumbnailKey);
        if (thumbnail) await target.put(row.thumbnailKey, thumbnail);
        else await db.update(photos).set({ thumbnailKey: null }).where(eq(photos.id, row.id));
      }
      result.movedAsIs += 1;
    }
    await folder.delete(row.storageKey);
    if (row.thumbnailKey) await folder.delete(row.thumbnailKey);
  }
  log(
    `Photo folder moved: ${result.processed} processed, ${result.movedAsIs} moved as they were, ${result.missing} missing.`,
  );
  return result;
}

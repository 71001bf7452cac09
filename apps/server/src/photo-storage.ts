import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  createDatabasePhotoStore,
  createFileSystemPhotoStore,
  importPhotoFolder,
  type PhotoStore,
} from '@naav/api/server';
import { acquireLease, releaseLease, type Database } from '@naav/db';
import type { Env } from './env';

/**
 * The photo store PHOTO_STORE asks for. With the database store (the default), photos an
 * older version left as files in PHOTOS_DIR are moved into the database first, by one
 * server at a time (the `photo-folder-import` lease, renewed before each photo); a server
 * that finds another one at it starts without waiting, and serves those photos once moved.
 */
export async function openPhotoStore(
  db: Database,
  env: Pick<Env, 'PHOTO_STORE' | 'PHOTOS_DIR'>,
  log: (line: string) => void = console.log,
): Promise<PhotoStore> {
  if (env.PHOTO_STORE === 'dir') return createFileSystemPhotoStore(env.PHOTOS_DIR);
  const store = createDatabasePhotoStore(db);
  // No folder, nothing to move: no query at start.
  if (!existsSync(env.PHOTOS_DIR)) return store;
  const holder = randomUUID();
  const lease = () => acquireLease(db, 'photo-folder-import', holder, 5 * 60_000);
  if (!(await lease())) {
    log('Another server is moving the photo folder into the database.');
    return store;
  }
  try {
    await importPhotoFolder(db, createFileSystemPhotoStore(env.PHOTOS_DIR), store, { keepGoing: lease, log });
  } finally {
    await releaseLease(db, 'photo-folder-import', holder);
  }
  return store;
}

import { photoContentTypes } from '@naav/db/schema';
import { z } from 'zod';
import { id, idInput } from '../../lib/schemas';

export type PhotoContentType = (typeof photoContentTypes)[number];

/** Per file; the upload route also caps the request at maxPhotosPerUpload files. */
export const maxPhotoBytes = 10 * 1024 * 1024;
export const maxPhotoMegabytes = 10;
export const maxPhotosPerUpload = 10;
/**
 * Web apps before server-side processing sent a `thumbnail` part of up to this size with each
 * file; the server ignores those parts, but leaves room for them in an upload's body.
 */
export const maxLegacyThumbnailBytes = 1024 * 1024;

export const photoSchema = z
  .object({
    id,
    tripId: id,
    fileName: z.string(),
    contentType: z.enum(photoContentTypes),
    sizeBytes: z.number().int(),
    createdAt: z.iso.datetime(),
    /** The image itself, for the signed-in owner only. */
    url: z.string(),
    /** For grids: the 480 px copy the server made (the original for a photo an older version stored without one). */
    thumbnailUrl: z.string(),
  })
  .meta({ id: 'Photo' });
export type Photo = z.infer<typeof photoSchema>;

export const photoIdInput = idInput;

/** One uploaded file as the service takes it: the name the browser sent and the raw bytes. */
export interface PhotoUpload {
  fileName: string;
  bytes: Uint8Array;
}

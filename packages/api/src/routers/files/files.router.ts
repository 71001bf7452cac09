import { z } from 'zod';
import { DomainError, ValidationError } from '../../errors';
import { reservePreview } from '../../lib/bookings/parse-pool';
import { adminProcedure, authedProcedure, router } from '../../trpc';
import { backupNameInput } from '../admin/admin.schemas';
import { openBackup } from '../admin/backups.service';
import { previewSchema } from '../bookings/bookings.schemas';
import { previewBookings } from '../bookings/bookings.service';
import { listExpensesInput } from '../expenses/expenses.schemas';
import { CachedExpenseList } from '../expenses/expense-list-cache';
import { expensesCsv, openExpenseJson } from '../expenses/expense-stream.service';
import { travelSchema } from '../journal/journal.schemas';
import { openJournalStream } from '../journal/journal.service';
import { downloadExport } from '../me/export.service';
import { photoIdInput, photoSchema, type PhotoUpload } from '../photos/photos.schemas';
import { getPhotoFile, getPhotoThumbnail, savePhotos } from '../photos/photos.service';

/**
 * The server's file routes (apps/server/src/routes): what is neither JSON in nor JSON out, a
 * CSV, a streamed list, a photo's bytes, a multipart upload. The routes read and write HTTP;
 * everything else happens here, in procedures built from `authedProcedure` like every other:
 * the same session and actor, the same ownership checks (another's row is NOT_FOUND, as a
 * missing one), and the authorisation sweep covers them (authorization.test.ts).
 *
 * Not part of appRouter: neither tRPC nor the REST adapter serves these; the server calls them
 * through `createFileCaller` (@naav/api/server).
 */

/**
 * A request body the procedure reads only once the caller is known and the path checked, so a
 * signed-out upload is a 401 and a bad id a 400 before any body is read. It throws a DomainError
 * for a body that is not what the route takes (415, or a 400 naming the field).
 */
const bodyReader = <T>() =>
  z.custom<() => Promise<T>>((value) => typeof value === 'function', { message: 'Expected a body reader' });

/** Bytes with their type, and the row they belong to. */
const photoBytesSchema = z.object({
  photo: photoSchema,
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  contentType: z.string(),
});

/** One page after another, read as the answer is written. */
const pagesSchema = z.custom<AsyncIterable<unknown[]>>(
  (value) => typeof value === 'object' && value !== null && Symbol.asyncIterator in value,
);

/** Text written as it is read. */
const textChunksSchema = z.custom<AsyncIterable<string>>(
  (value) => typeof value === 'object' && value !== null && Symbol.asyncIterator in value,
);

/** Each item of each page through the list's output schema, as the REST adapter answers a page. */
async function* parsedPages<T>(
  pages: AsyncIterable<T[]>,
  schema: { parse: (item: T) => unknown },
): AsyncGenerator<unknown[]> {
  for await (const page of pages) yield page.map((item) => schema.parse(item));
}

export const filesRouter = router({
  /** GET /api/trips/{id}/expenses.csv: the list's filters, answered as CSV chunks. */
  expensesCsv: authedProcedure
    .input(listExpensesInput)
    .output(
      z.object({
        fileName: z.string(),
        chunks: z.custom<AsyncGenerator<string>>(
          (value) => typeof value === 'object' && value !== null && Symbol.asyncIterator in value,
        ),
      }),
    )
    .query(({ ctx, input }) => expensesCsv(ctx.db, ctx.actor, input, ctx.now())),

  /**
   * GET /api/trips/{id}/expenses without paging: every expense the filters keep, page by page,
   * each page already JSON (the items of the list's output schema, joined by commas; see
   * expenseRowJsonSql), or the whole list's bytes when it is kept since it was last read.
   */
  expenseStream: authedProcedure
    .input(listExpensesInput)
    .output(z.union([z.object({ pages: textChunksSchema }), z.object({ whole: z.instanceof(CachedExpenseList) })]))
    .query(({ ctx, input }) => openExpenseJson(ctx.db, ctx.actor, input, ctx.now())),

  /** GET /api/travels/history without paging: the whole journal, page by page. */
  journalStream: authedProcedure
    .input(z.void())
    .output(z.object({ pages: pagesSchema }))
    .query(async ({ ctx }) => ({
      pages: parsedPages(await openJournalStream(ctx.db, ctx.actor, ctx.now()), travelSchema),
    })),

  /** GET /api/me/export/{id}/download?token=: the zip of the caller's data, once. */
  exportArchive: authedProcedure
    .input(z.object({ id: z.string().min(1).max(100), token: z.string().min(1).max(100) }))
    .output(z.object({ fileName: z.string(), bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array) }))
    .mutation(({ ctx, input }) => downloadExport(ctx.db, ctx.actor, input, ctx.now(), ctx.clientAddress())),

  /** GET /api/admin/backups/{name}/download: a backup's bytes, streamed, for admins only (audited). */
  backupFile: adminProcedure
    .input(backupNameInput)
    .output(
      z.object({
        fileName: z.string(),
        sizeBytes: z.number(),
        stream: z.custom<ReadableStream<Uint8Array>>((value) => value instanceof ReadableStream),
      }),
    )
    .mutation(({ ctx, input }) =>
      openBackup(ctx.db, ctx.backups, { actor: ctx.actor, clientAddress: ctx.clientAddress() }, input.name),
    ),

  /** GET /api/photos/{id}/file. */
  photoFile: authedProcedure
    .input(photoIdInput)
    .output(photoBytesSchema)
    .query(({ ctx, input }) => getPhotoFile(ctx.db, ctx.actor, input.id, ctx.photoStore)),

  /** GET /api/photos/{id}/thumbnail (the original, for a photo stored without one). */
  photoThumbnail: authedProcedure
    .input(photoIdInput)
    .output(photoBytesSchema)
    .query(({ ctx, input }) => getPhotoThumbnail(ctx.db, ctx.actor, input.id, ctx.photoStore)),

  /** POST /api/trips/{id}/photos as multipart/form-data. */
  savePhotos: authedProcedure
    .input(z.object({ id: z.string().min(1).max(100), files: bodyReader<PhotoUpload[]>() }))
    .output(z.array(photoSchema))
    .mutation(async ({ ctx, input }) =>
      savePhotos(ctx.db, ctx.actor, input.id, await input.files(), ctx.photoStore, ctx.now()),
    ),

  /** POST /api/trips/{id}/bookings/preview as multipart/form-data (pasted text is the REST procedure's). */
  previewBookingFiles: authedProcedure
    .input(z.object({ id: z.string().max(100), files: bodyReader<{ name: string | null; bytes: Uint8Array }[]>() }))
    .output(previewSchema)
    .mutation(async ({ ctx, input }) => {
      // The user's place among their previews at once is taken before the body is read: a refused one parses nothing.
      const release = await reservePreview(ctx.actor.id);
      try {
        return await previewBookings(ctx.db, ctx.actor, input.id, { files: await input.files() }, ctx.now(), {
          reserved: true,
        });
      } finally {
        release();
      }
    }),
});

/** What a body reader throws for a body the route does not take. */
export const unsupportedBody = (message: string) => new DomainError('UNSUPPORTED_MEDIA_TYPE', message);
export const badBody = (field: string, problem: string) => new ValidationError(field, problem);

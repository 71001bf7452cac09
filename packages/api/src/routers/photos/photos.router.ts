import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { photoIdInput, photoSchema, tripPhotosInput } from './photos.schemas';
import { deletePhoto, listPhotos } from './photos.service';

// Uploads are multipart, not JSON: the server serves POST /api/trips/{id}/photos itself
// (apps/server/src/app.ts), calling savePhotos with the session's actor.
export const photosRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/trips/{id}/photos',
        tags: ['photos'],
        summary: "A trip's photos, in upload order",
      },
    })
    .input(tripPhotosInput)
    .output(z.array(photoSchema))
    .query(({ ctx, input }) => listPhotos(ctx.db, ctx.actor, input.id)),

  delete: authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/photos/{id}', tags: ['photos'], summary: 'Delete a photo and its file' },
    })
    .input(photoIdInput)
    .output(photoSchema)
    .mutation(({ ctx, input }) => deletePhoto(ctx.db, ctx.actor, input.id, ctx.photoStore, ctx.now())),
});

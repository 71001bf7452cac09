import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { photoIdInput, photoSchema, tripPhotosInput } from './photos.schemas';
import { deletePhoto, listPhotos } from './photos.service';
import { rest } from '../../lib/procedures';

// Uploads are multipart, not JSON: the server serves POST /api/trips/{id}/photos itself
// (apps/server/src/app.ts), calling savePhotos with the session's actor.
export const photosRouter = router({
  list: authedProcedure
    .meta(rest('GET /trips/{id}/photos', 'photos', "A trip's photos, in upload order"))
    .input(tripPhotosInput)
    .output(z.array(photoSchema))
    .query(({ ctx, input }) => listPhotos(ctx.db, ctx.actor, input.id)),

  delete: authedProcedure
    .meta(rest('DELETE /photos/{id}', 'photos', 'Delete a photo and its file'))
    .input(photoIdInput)
    .output(photoSchema)
    .mutation(({ ctx, input }) => deletePhoto(ctx.db, ctx.actor, input.id, ctx.photoStore, ctx.now())),
});

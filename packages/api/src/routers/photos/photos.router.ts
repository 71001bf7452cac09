import { authedProcedure, router } from '../../trpc';
import { photoIdInput, photoSchema } from './photos.schemas';
import { deletePhoto, listPhotos } from './photos.service';
import { listByTrip, rest } from '../../lib/procedures';

// Uploads are multipart, not JSON: the server serves POST /api/trips/{id}/photos itself
// (apps/server/src/app.ts), calling savePhotos with the session's actor.
export const photosRouter = router({
  list: listByTrip(photoSchema, listPhotos).at(
    rest('GET /trips/{id}/photos', 'photos', "A trip's photos, in upload order"),
  ),

  delete: authedProcedure
    .meta(rest('DELETE /photos/{id}', 'photos', 'Delete a photo and its file'))
    .input(photoIdInput)
    .output(photoSchema)
    .mutation(({ ctx, input }) => deletePhoto(ctx.db, ctx.actor, input.id, ctx.photoStore, ctx.now())),
});

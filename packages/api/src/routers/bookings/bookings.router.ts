import { authedProcedure, router } from '../../trpc';
import { importBookingsInput, importResultSchema, previewSchema, previewTextInput } from './bookings.schemas';
import { importBookings, previewBookings } from './bookings.service';
import { rest, write } from '../../lib/procedures';

// Files are uploaded as multipart to the same preview path (apps/server/src/routes/bookings.ts);
// these procedures take pasted text and the bookings to add, as JSON.
export const bookingsRouter = router({
  preview: authedProcedure
    .meta(
      rest(
        'POST /trips/{id}/bookings/preview',
        'bookings',
        'Read the bookings in pasted text (or, as multipart, in uploaded files); stores nothing',
      ),
    )
    .input(previewTextInput)
    .output(previewSchema)
    .mutation(({ ctx, input }) => previewBookings(ctx.db, ctx.actor, input.id, { text: input.text }, ctx.now())),

  import: write(importBookingsInput, importResultSchema, importBookings).at(
    rest.recorded('POST /trips/{id}/bookings', 'bookings', 'Add previewed bookings to a trip as its events'),
  ),
});

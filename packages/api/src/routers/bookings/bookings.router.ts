import { router } from '../../trpc';
import { importBookingsInput, importResultSchema, previewSchema, previewTextInput } from './bookings.schemas';
import { importBookings, previewBookings } from './bookings.service';
import { rest, write } from '../../lib/procedures';

// Files are uploaded as multipart to the same preview path (apps/server/src/routes/bookings.ts);
// these procedures take pasted text and the bookings to add, as JSON.
export const bookingsRouter = router({
  preview: write(previewTextInput, previewSchema, (db, actor, input, now) =>
    previewBookings(db, actor, input.id, { text: input.text }, now),
  ).at(
    rest(
      'POST /trips/{id}/bookings/preview',
      'bookings',
      'Read the bookings in pasted text (or, as multipart, in uploaded files); stores nothing',
    ),
  ),

  import: write(importBookingsInput, importResultSchema, importBookings).at(
    rest.recorded('POST /trips/{id}/bookings', 'bookings', 'Add previewed bookings to a trip as its events'),
  ),
});

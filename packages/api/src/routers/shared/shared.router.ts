import { publicProcedure, router } from '../../trpc';
import { calendarFileSchema } from '../sharing/sharing.schemas';
import { sharedTripSchema, tokenInput } from './shared.schemas';
import { calendarByToken, getSharedTrip } from './shared.service';
import { rest } from '../../lib/procedures';

/** What share links and calendar feeds show to anyone who has the token. */
export const sharedRouter = router({
  trip: publicProcedure
    .meta(rest('GET /share/{token}', 'sharing', 'A shared itinerary (no sign-in)', { protect: false }))
    .input(tokenInput)
    .output(sharedTripSchema)
    .query(({ ctx, input }) => getSharedTrip(ctx.db, input.token)),

  // Served as text/calendar at GET /api/calendar/{token}.ics by the server.
  calendar: publicProcedure
    .input(tokenInput)
    .output(calendarFileSchema)
    .query(({ ctx, input }) => calendarByToken(ctx.db, input.token, ctx.now())),
});

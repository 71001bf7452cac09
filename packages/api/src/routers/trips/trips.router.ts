import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { calendarFileSchema, shareInput, sharingSchema } from '../sharing/sharing.schemas';
import * as sharing from '../sharing/sharing.service';
import {
  companionSchema,
  createTripInput,
  dayPlanSchema,
  eventSchema,
  localInfoInput,
  localInfoSchema,
  savedSchema,
  tripIdInput,
  tripSchema,
  updateTripInput,
} from './trips.schemas';
import * as trips from './trips.service';
import { getDayPlan } from './day-plan.service';
import { tripActivityInput, tripActivitySchema } from './trip-activity.schemas';
import { listTripActivity } from './trip-activity.service';
import { listMine, pageMine, rest } from '../../lib/procedures';
import { parsedInLine } from '../../lib/in-line-parse';

/** The trip's sharing settings: each of these takes the trip's id and answers them as they now stand. */
const tripSharing = authedProcedure.input(tripIdInput).output(sharingSchema);

/** Saving a trip and un-saving it: each takes the trip's id and answers whether it is saved. */
const savedTrip = authedProcedure.input(tripIdInput).output(savedSchema);

export const tripsRouter = router({
  list: listMine(rest('GET /trips', 'trips', "The signed-in user's trips"), tripSchema, trips.listTrips),

  current: authedProcedure
    .meta(rest('GET /trips/current', 'trips', 'The trip under way today; 404 when there is none'))
    .input(z.void())
    .output(tripSchema)
    .query(({ ctx }) => trips.getCurrentTrip(ctx.db, ctx.actor, ctx.now())),

  page: pageMine(
    rest('GET /trips/page', 'trips', "One page of the signed-in user's trips, by start date (limit, cursor)"),
    tripSchema,
    trips.listTrips,
    (t) => [t.startDate, t.id],
  ),

  todaysEvents: listMine(
    rest('GET /trips/current/events/today', 'trips', "Today's events of the current trip, by start time"),
    eventSchema,
    trips.listTodaysEvents,
  ),

  byId: authedProcedure
    .meta(rest('GET /trips/{id}', 'trips', 'One trip'))
    .input(tripIdInput)
    .output(tripSchema)
    .query(({ ctx, input }) => trips.getTrip(ctx.db, ctx.actor, input.id, ctx.now(), 'view')),

  events: authedProcedure
    .meta(rest('GET /trips/{id}/events', 'trips', "A trip's events"))
    .input(tripIdInput)
    .output(z.array(eventSchema))
    .query(({ ctx, input }) => trips.listTripEvents(ctx.db, ctx.actor, input.id, ctx.now())),

  dayPlan: authedProcedure
    .meta(rest('GET /trips/{id}/day-plan', 'trips', 'A trip and its events, as its page shows them, in one answer'))
    .input(tripIdInput)
    .output(parsedInLine(dayPlanSchema))
    .query(({ ctx, input }) => getDayPlan(ctx.db, ctx.actor, input.id, ctx.now())),

  companions: authedProcedure
    .meta(rest('GET /trips/{id}/companions', 'trips', "A trip's companions"))
    .input(tripIdInput)
    .output(z.array(companionSchema))
    .query(({ ctx, input }) => trips.listCompanions(ctx.db, ctx.actor, input.id, ctx.now())),

  activity: authedProcedure
    .meta(
      rest(
        'GET /trips/{id}/activity',
        'trips',
        "Who changed what in a trip, newest first (limit, cursor; actorId: one person's changes); what the reader may not see is left out of each summary",
      ),
    )
    .input(tripActivityInput)
    .output(tripActivitySchema)
    .query(({ ctx, input }) => listTripActivity(ctx.db, ctx.actor, input)),

  localInfo: authedProcedure
    .meta(
      rest(
        'GET /trips/{id}/local-info',
        'trips',
        "Emergency number, currency, time zone, coordinates and the month's typical weather at the destination",
      ),
    )
    .input(localInfoInput)
    .output(localInfoSchema)
    .query(({ ctx, input }) => trips.getLocalInfo(ctx.db, ctx.actor, input.id, input.date, ctx.now())),

  create: authedProcedure
    .meta(rest.recorded('POST /trips', 'trips', 'Plan a new trip'))
    .input(createTripInput)
    .output(tripSchema)
    .mutation(({ ctx, input }) => trips.createTrip(ctx.db, ctx.actor, input, ctx.now())),

  update: authedProcedure
    .meta(rest('PATCH /trips/{id}', 'trips', "Change a trip's details"))
    .input(updateTripInput)
    .output(tripSchema)
    .mutation(({ ctx, input }) => trips.updateTrip(ctx.db, ctx.actor, input, ctx.now())),

  cancel: authedProcedure
    .meta(rest.recorded('POST /trips/{id}/cancel', 'trips', 'Cancel a trip'))
    .input(tripIdInput)
    .output(tripSchema)
    .mutation(({ ctx, input }) => trips.cancelTrip(ctx.db, ctx.actor, input.id, ctx.now())),

  sharing: tripSharing
    .meta(rest('GET /trips/{id}/share', 'sharing', 'The share link and calendar feed, if on'))
    .query(({ ctx, input }) => sharing.getSharing(ctx.db, ctx.actor, input.id, ctx.now())),

  share: authedProcedure
    .meta(
      rest.recorded('POST /trips/{id}/share', 'sharing', 'Create the read-only share link, or change what it shows'),
    )
    .input(shareInput)
    .output(sharingSchema)
    .mutation(({ ctx, input: { id, ...options } }) => sharing.shareTrip(ctx.db, ctx.actor, id, ctx.now(), options)),

  unshare: tripSharing
    .meta(rest('DELETE /trips/{id}/share', 'sharing', 'Revoke the share link'))
    .mutation(({ ctx, input }) => sharing.unshareTrip(ctx.db, ctx.actor, input.id, ctx.now())),

  subscribeCalendar: tripSharing
    .meta(rest.recorded('POST /trips/{id}/calendar-subscription', 'sharing', 'Turn on the calendar feed'))
    .mutation(({ ctx, input }) => sharing.subscribeCalendar(ctx.db, ctx.actor, input.id, ctx.now())),

  unsubscribeCalendar: tripSharing
    .meta(rest('DELETE /trips/{id}/calendar-subscription', 'sharing', 'Revoke the calendar feed'))
    .mutation(({ ctx, input }) => sharing.unsubscribeCalendar(ctx.db, ctx.actor, input.id, ctx.now())),

  calendar: authedProcedure
    .meta(
      rest(
        'GET /trips/{id}/calendar.ics',
        'sharing',
        'The trip and its events as an RFC 5545 calendar (REST answers text/calendar)',
      ),
    )
    .input(tripIdInput)
    .output(calendarFileSchema)
    .query(({ ctx, input }) => sharing.tripCalendar(ctx.db, ctx.actor, input.id, ctx.now())),

  saved: authedProcedure
    .meta(rest('GET /saved-trips', 'trips', 'Trips I saved'))
    .input(z.void())
    .output(z.array(z.object({ tripId: z.string() })))
    .query(({ ctx }) => trips.listSavedTrips(ctx.db, ctx.actor)),

  save: savedTrip
    .meta(rest('PUT /trips/{id}/saved', 'trips', 'Save a trip'))
    .mutation(({ ctx, input }) => trips.setSaved(ctx.db, ctx.actor, input.id, true, ctx.now())),

  unsave: savedTrip
    .meta(rest('DELETE /trips/{id}/saved', 'trips', 'Un-save a trip'))
    .mutation(({ ctx, input }) => trips.setSaved(ctx.db, ctx.actor, input.id, false, ctx.now())),
});

import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { calendarFileSchema, shareInput, sharingSchema } from '../sharing/sharing.schemas';
import * as sharing from '../sharing/sharing.service';
import {
  companionSchema,
  createTripInput,
  eventSchema,
  localInfoInput,
  localInfoSchema,
  savedSchema,
  tripIdInput,
  tripSchema,
  updateTripInput,
} from './trips.schemas';
import * as trips from './trips.service';
import { tripActivityInput, tripActivitySchema } from './trip-activity.schemas';
import { listTripActivity } from './trip-activity.service';
import { listMine, pageMine } from '../../lib/procedures';

export const tripsRouter = router({
  list: listMine(
    { method: 'GET', path: '/trips', tags: ['trips'], summary: "The signed-in user's trips" },
    tripSchema,
    trips.listTrips,
  ),

  current: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/trips/current',
        tags: ['trips'],
        summary: 'The trip under way today; 404 when there is none',
      },
    })
    .input(z.void())
    .output(tripSchema)
    .query(({ ctx }) => trips.getCurrentTrip(ctx.db, ctx.actor, ctx.now())),

  page: pageMine(
    {
      method: 'GET',
      path: '/trips/page',
      tags: ['trips'],
      summary: "One page of the signed-in user's trips, by start date (limit, cursor)",
    },
    tripSchema,
    trips.listTrips,
    (t) => [t.startDate, t.id],
  ),

  todaysEvents: listMine(
    {
      method: 'GET',
      path: '/trips/current/events/today',
      tags: ['trips'],
      summary: "Today's events of the current trip, by start time",
    },
    eventSchema,
    trips.listTodaysEvents,
  ),

  byId: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/trips/{id}', tags: ['trips'], summary: 'One trip' } })
    .input(tripIdInput)
    .output(tripSchema)
    .query(({ ctx, input }) => trips.getTrip(ctx.db, ctx.actor, input.id, ctx.now(), 'view')),

  events: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/trips/{id}/events', tags: ['trips'], summary: "A trip's events" } })
    .input(tripIdInput)
    .output(z.array(eventSchema))
    .query(({ ctx, input }) => trips.listTripEvents(ctx.db, ctx.actor, input.id, ctx.now())),

  companions: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/trips/{id}/companions', tags: ['trips'], summary: "A trip's companions" },
    })
    .input(tripIdInput)
    .output(z.array(companionSchema))
    .query(({ ctx, input }) => trips.listCompanions(ctx.db, ctx.actor, input.id, ctx.now())),

  activity: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/trips/{id}/activity',
        tags: ['trips'],
        summary:
          "Who changed what in a trip, newest first (limit, cursor; actorId: one person's changes); what the reader may not see is left out of each summary",
      },
    })
    .input(tripActivityInput)
    .output(tripActivitySchema)
    .query(({ ctx, input }) => listTripActivity(ctx.db, ctx.actor, input)),

  localInfo: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/trips/{id}/local-info',
        tags: ['trips'],
        summary:
          "Emergency number, currency, time zone, coordinates and the month's typical weather at the destination",
      },
    })
    .input(localInfoInput)
    .output(localInfoSchema)
    .query(({ ctx, input }) => trips.getLocalInfo(ctx.db, ctx.actor, input.id, input.date, ctx.now())),

  create: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/trips', tags: ['trips'], summary: 'Plan a new trip' },
      idempotency: 'recorded',
    })
    .input(createTripInput)
    .output(tripSchema)
    .mutation(({ ctx, input }) => trips.createTrip(ctx.db, ctx.actor, input, ctx.now())),

  update: authedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/trips/{id}', tags: ['trips'], summary: "Change a trip's details" } })
    .input(updateTripInput)
    .output(tripSchema)
    .mutation(({ ctx, input }) => trips.updateTrip(ctx.db, ctx.actor, input, ctx.now())),

  cancel: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/trips/{id}/cancel', tags: ['trips'], summary: 'Cancel a trip' },
      idempotency: 'recorded',
    })
    .input(tripIdInput)
    .output(tripSchema)
    .mutation(({ ctx, input }) => trips.cancelTrip(ctx.db, ctx.actor, input.id, ctx.now())),

  sharing: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/trips/{id}/share',
        tags: ['sharing'],
        summary: 'The share link and calendar feed, if on',
      },
    })
    .input(tripIdInput)
    .output(sharingSchema)
    .query(({ ctx, input }) => sharing.getSharing(ctx.db, ctx.actor, input.id, ctx.now())),

  share: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/trips/{id}/share',
        tags: ['sharing'],
        summary: 'Create the read-only share link, or change what it shows',
      },
      idempotency: 'recorded',
    })
    .input(shareInput)
    .output(sharingSchema)
    .mutation(({ ctx, input: { id, ...options } }) => sharing.shareTrip(ctx.db, ctx.actor, id, ctx.now(), options)),

  unshare: authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/trips/{id}/share', tags: ['sharing'], summary: 'Revoke the share link' },
    })
    .input(tripIdInput)
    .output(sharingSchema)
    .mutation(({ ctx, input }) => sharing.unshareTrip(ctx.db, ctx.actor, input.id, ctx.now())),

  subscribeCalendar: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/trips/{id}/calendar-subscription',
        tags: ['sharing'],
        summary: 'Turn on the calendar feed',
      },
      idempotency: 'recorded',
    })
    .input(tripIdInput)
    .output(sharingSchema)
    .mutation(({ ctx, input }) => sharing.subscribeCalendar(ctx.db, ctx.actor, input.id, ctx.now())),

  unsubscribeCalendar: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/trips/{id}/calendar-subscription',
        tags: ['sharing'],
        summary: 'Revoke the calendar feed',
      },
    })
    .input(tripIdInput)
    .output(sharingSchema)
    .mutation(({ ctx, input }) => sharing.unsubscribeCalendar(ctx.db, ctx.actor, input.id, ctx.now())),

  calendar: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/trips/{id}/calendar.ics',
        tags: ['sharing'],
        summary: 'The trip and its events as an RFC 5545 calendar (REST answers text/calendar)',
      },
    })
    .input(tripIdInput)
    .output(calendarFileSchema)
    .query(({ ctx, input }) => sharing.tripCalendar(ctx.db, ctx.actor, input.id, ctx.now())),

  saved: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/saved-trips', tags: ['trips'], summary: 'Trips I saved' } })
    .input(z.void())
    .output(z.array(z.object({ tripId: z.string() })))
    .query(({ ctx }) => trips.listSavedTrips(ctx.db, ctx.actor)),

  save: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/trips/{id}/saved', tags: ['trips'], summary: 'Save a trip' } })
    .input(tripIdInput)
    .output(savedSchema)
    .mutation(({ ctx, input }) => trips.setSaved(ctx.db, ctx.actor, input.id, true, ctx.now())),

  unsave: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/trips/{id}/saved', tags: ['trips'], summary: 'Un-save a trip' } })
    .input(tripIdInput)
    .output(savedSchema)
    .mutation(({ ctx, input }) => trips.setSaved(ctx.db, ctx.actor, input.id, false, ctx.now())),
});

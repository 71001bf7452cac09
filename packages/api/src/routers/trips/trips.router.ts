import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { companionSchema, eventSchema, tripIdInput, tripSchema } from './trips.schemas';
import * as trips from './trips.service';

export const tripsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/trips', tags: ['trips'], summary: "The signed-in user's trips" } })
    .input(z.void())
    .output(z.array(tripSchema))
    .query(({ ctx }) => trips.listTrips(ctx.db, ctx.actor, ctx.now())),

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

  todaysEvents: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/trips/current/events/today',
        tags: ['trips'],
        summary: "Today's events of the current trip, by start time",
      },
    })
    .input(z.void())
    .output(z.array(eventSchema))
    .query(({ ctx }) => trips.listTodaysEvents(ctx.db, ctx.actor, ctx.now())),

  byId: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/trips/{id}', tags: ['trips'], summary: 'One trip' } })
    .input(tripIdInput)
    .output(tripSchema)
    .query(({ ctx, input }) => trips.getTrip(ctx.db, ctx.actor, input.id, ctx.now())),

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
});

import { authedProcedure, router } from '../../trpc';
import { eventSchema } from '../trips/trips.schemas';
import { createEventInput, updateEventInput } from './events.schemas';
import { createEvent, deleteEvent, updateEvent } from './events.service';
import { deleteById } from '../../lib/procedures';

export const eventsRouter = router({
  // A trip's events are created under the trip's REST path, as before; the keys of writes queued
  // offline were first recorded as `trips.addEvent`, this procedure's name until it moved here.
  create: authedProcedure
    .meta({
      idempotency: 'recorded',
      idempotencyScope: 'trips.addEvent',
      openapi: {
        operationId: 'trips-addEvent',
        method: 'POST',
        path: '/trips/{id}/events',
        tags: ['trips'],
        summary: 'Add an event to a trip',
      },
    })
    .input(createEventInput)
    .output(eventSchema)
    .mutation(({ ctx, input }) => createEvent(ctx.db, ctx.actor, input, ctx.now())),

  update: authedProcedure
    // An edit made offline is queued by the web app and may be sent again: stored once per key.
    .meta({
      idempotency: 'recorded',
      openapi: { method: 'PATCH', path: '/events/{id}', tags: ['trips'], summary: 'Change an event' },
    })
    .input(updateEventInput)
    .output(eventSchema)
    .mutation(({ ctx, input }) => updateEvent(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(
    { method: 'DELETE', path: '/events/{id}', tags: ['trips'], summary: 'Delete an event' },
    deleteEvent,
  ),
});

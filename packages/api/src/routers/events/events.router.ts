import { authedProcedure, router } from '../../trpc';
import { deletedSchema, idInput } from '../../lib/schemas';
import { eventSchema } from '../trips/trips.schemas';
import { updateEventInput } from './events.schemas';
import { deleteEvent, updateEvent } from './events.service';

export const eventsRouter = router({
  update: authedProcedure
    // An edit made offline is queued by the web app and may be sent again: stored once per key.
    .meta({ idempotency: 'recorded', openapi: { method: 'PATCH', path: '/events/{id}', tags: ['trips'], summary: 'Change an event' } })
    .input(updateEventInput)
    .output(eventSchema)
    .mutation(({ ctx, input }) => updateEvent(ctx.db, ctx.actor, input)),

  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/events/{id}', tags: ['trips'], summary: 'Delete an event' } })
    .input(idInput)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteEvent(ctx.db, ctx.actor, input.id)),
});

import { router } from '../../trpc';
import { eventSchema } from '../trips/trips.schemas';
import { createEventInput, updateEventInput } from './events.schemas';
import { createEvent, deleteEvent, updateEvent } from './events.service';
import { deleteById, rest, write } from '../../lib/procedures';

export const eventsRouter = router({
  // A trip's events are created under the trip's REST path, as before; the keys of writes queued
  // offline were first recorded as `trips.addEvent`, this procedure's name until it moved here.
  create: write(createEventInput, eventSchema, createEvent).at({
    ...rest.recorded('POST /trips/{id}/events', 'trips', 'Add an event to a trip', { operationId: 'trips-addEvent' }),
    idempotencyScope: 'trips.addEvent',
  }),

  // An edit made offline is queued by the web app and may be sent again: stored once per key.
  update: write(updateEventInput, eventSchema, updateEvent).at(
    rest.recorded('PATCH /events/{id}', 'trips', 'Change an event'),
  ),

  delete: deleteById(deleteEvent).at(rest('DELETE /events/{id}', 'trips', 'Delete an event')),
});

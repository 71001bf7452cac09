import { z } from 'zod';
import { router } from '../../trpc';
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
  tripSchema,
  updateTripInput,
} from './trips.schemas';
import * as trips from './trips.service';
import { getDayPlan } from './day-plan.service';
import { parsedInLine } from '../../lib/in-line-parse';
import { tripActivityInput, tripActivitySchema } from './trip-activity.schemas';
import { listTripActivity } from './trip-activity.service';
import { listByTrip, listMine, pageMine, read, readById, readMine, rest, write, writeById } from '../../lib/procedures';

export const tripsRouter = router({
  list: listMine(tripSchema, trips.listTrips).at(rest('GET /trips', 'trips', "The signed-in user's trips")),

  current: readMine(tripSchema, trips.getCurrentTrip).at(
    rest('GET /trips/current', 'trips', 'The trip under way today; 404 when there is none'),
  ),

  page: pageMine(tripSchema, trips.listTrips, (t) => [t.startDate, t.id]).at(
    rest('GET /trips/page', 'trips', "One page of the signed-in user's trips, by start date (limit, cursor)"),
  ),

  todaysEvents: listMine(eventSchema, trips.listTodaysEvents).at(
    rest('GET /trips/current/events/today', 'trips', "Today's events of the current trip, by start time"),
  ),

  byId: readById(tripSchema, (db, actor, id, now) => trips.getTrip(db, actor, id, now, 'view')).at(
    rest('GET /trips/{id}', 'trips', 'One trip'),
  ),

  events: listByTrip(eventSchema, trips.listTripEvents).at(rest('GET /trips/{id}/events', 'trips', "A trip's events")),

  dayPlan: readById(parsedInLine(dayPlanSchema), getDayPlan).at(
    rest('GET /trips/{id}/day-plan', 'trips', 'A trip and its events, as its page shows them, in one answer'),
  ),

  companions: listByTrip(companionSchema, trips.listCompanions).at(
    rest('GET /trips/{id}/companions', 'trips', "A trip's companions"),
  ),

  activity: read(tripActivityInput, tripActivitySchema, listTripActivity).at(
    rest(
      'GET /trips/{id}/activity',
      'trips',
      "Who changed what in a trip, newest first (limit, cursor; actorId: one person's changes); what the reader may not see is left out of each summary",
    ),
  ),

  localInfo: read(localInfoInput, localInfoSchema, (db, actor, { id, date }, now) =>
    trips.getLocalInfo(db, actor, id, date, now),
  ).at(
    rest(
      'GET /trips/{id}/local-info',
      'trips',
      "Emergency number, currency, time zone, coordinates and the month's typical weather at the destination",
    ),
  ),

  create: write(createTripInput, tripSchema, trips.createTrip).at(
    rest.recorded('POST /trips', 'trips', 'Plan a new trip'),
  ),

  update: write(updateTripInput, tripSchema, trips.updateTrip).at(
    rest('PATCH /trips/{id}', 'trips', "Change a trip's details"),
  ),

  cancel: writeById(tripSchema, trips.cancelTrip).at(
    rest.recorded('POST /trips/{id}/cancel', 'trips', 'Cancel a trip'),
  ),

  // The trip's sharing settings: each of these takes the trip's id and answers them as they now stand.
  sharing: readById(sharingSchema, sharing.getSharing).at(
    rest('GET /trips/{id}/share', 'sharing', 'The share link and calendar feed, if on'),
  ),

  share: write(shareInput, sharingSchema, (db, actor, { id, ...options }, now) =>
    sharing.shareTrip(db, actor, id, now, options),
  ).at(rest.recorded('POST /trips/{id}/share', 'sharing', 'Create the read-only share link, or change what it shows')),

  unshare: writeById(sharingSchema, sharing.unshareTrip).at(
    rest('DELETE /trips/{id}/share', 'sharing', 'Revoke the share link'),
  ),

  subscribeCalendar: writeById(sharingSchema, sharing.subscribeCalendar).at(
    rest.recorded('POST /trips/{id}/calendar-subscription', 'sharing', 'Turn on the calendar feed'),
  ),

  unsubscribeCalendar: writeById(sharingSchema, sharing.unsubscribeCalendar).at(
    rest('DELETE /trips/{id}/calendar-subscription', 'sharing', 'Revoke the calendar feed'),
  ),

  calendar: readById(calendarFileSchema, sharing.tripCalendar).at(
    rest(
      'GET /trips/{id}/calendar.ics',
      'sharing',
      'The trip and its events as an RFC 5545 calendar (REST answers text/calendar)',
    ),
  ),

  saved: listMine(z.object({ tripId: z.string() }), trips.listSavedTrips).at(
    rest('GET /saved-trips', 'trips', 'Trips I saved'),
  ),

  // Saving a trip and un-saving it: each takes the trip's id and answers whether it is saved.
  save: writeById(savedSchema, (db, actor, id, now) => trips.setSaved(db, actor, id, true, now)).at(
    rest('PUT /trips/{id}/saved', 'trips', 'Save a trip'),
  ),

  unsave: writeById(savedSchema, (db, actor, id, now) => trips.setSaved(db, actor, id, false, now)).at(
    rest('DELETE /trips/{id}/saved', 'trips', 'Un-save a trip'),
  ),
});

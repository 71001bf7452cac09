import { randomUUID } from 'node:crypto';
import type { Database } from '@naav/db';
import { events } from '@naav/db/schema';
import { eventTypes } from '@naav/schemas/trips';
import { z } from 'zod';
import type { Actor } from '../../context';
import { ValidationError } from '../../errors';
import { authedProcedure, router } from '../../trpc';
import { createTrip } from '../trips/trips.service';
import { tripsFromCalendar } from './calendar-trips.read';
import { rest, write } from '../../lib/procedures';

const calendarText = z
  .string()
  .min(1, 'Choose a calendar (.ics) file')
  .max(5_000_000, 'At most 5 MB: export only the trip');

const proposalSchema = z.object({
  title: z.string(),
  destination: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string().nullable(),
  source: z.enum(['tripit', 'trek', 'calendar']),
  message: z.string(),
  events: z.array(
    z.object({
      title: z.string(),
      type: z.enum(eventTypes),
      date: z.string(),
      startTime: z.string().nullable(),
      endTime: z.string().nullable(),
      endDate: z.string().nullable(),
      timeZone: z.string(),
      location: z.string().nullable(),
      description: z.string().nullable(),
    }),
  ),
});

const createdSchema = z.object({
  trips: z.array(
    z.object({ id: z.string(), title: z.string(), startDate: z.string(), endDate: z.string(), events: z.number() }),
  ),
});

/** Makes the chosen proposals (all when `chosen` is left out) trips of the actor, each with its events. */
async function createCalendarTrips(db: Database, actor: Actor, text: string, chosen: number[] | undefined, now: Date) {
  const proposals = tripsFromCalendar(text);
  const picked = chosen ?? proposals.map((_, i) => i);
  const unknown = picked.find((i) => !proposals[i]);
  if (unknown !== undefined)
    throw new ValidationError('proposals', `There is no trip number ${unknown} in this calendar`);
  const made: z.infer<typeof createdSchema>['trips'] = [];
  for (const index of picked) {
    const p = proposals[index]!;
    const trip = await createTrip(
      db,
      actor,
      {
        title: p.title,
        destination: p.destination,
        location: p.destination,
        startDate: p.startDate,
        endDate: p.endDate,
        ...(p.timeZone ? { timeZone: p.timeZone } : {}),
      } as Parameters<typeof createTrip>[2],
      now,
    );
    if (p.events.length > 0)
      await db
        .insert(events)
        .values(p.events.map((e) => ({ ...e, id: randomUUID(), tripId: trip.id, status: 'confirmed' as const })));
    made.push({
      id: trip.id,
      title: trip.title,
      startDate: trip.startDate,
      endDate: trip.endDate,
      events: p.events.length,
    });
  }
  return { trips: made };
}

export const calendarTripsRouter = router({
  preview: authedProcedure
    .meta(
      rest(
        'POST /calendar-trips/preview',
        'bookings',
        'The trips in a calendar file (a TripIt feed or export, or any calendar as one trip); stores nothing',
      ),
    )
    .input(z.object({ text: calendarText }))
    .output(z.object({ proposals: z.array(proposalSchema) }))
    .mutation(({ input }) => ({ proposals: tripsFromCalendar(input.text) })),

  create: write(
    z.object({ text: calendarText, proposals: z.array(z.number().int().min(0)).max(100).optional() }),
    createdSchema,
    (db, actor, input, now) => createCalendarTrips(db, actor, input.text, input.proposals, now),
  ).at(
    rest.recorded(
      'POST /calendar-trips',
      'bookings',
      'Make trips, with their events, from a calendar file (the proposals chosen by number, or all)',
    ),
  ),
});

import { events } from '@naav/db/schema';
import { asc, sql } from 'drizzle-orm';

/** A trip's events in the order of its plan: by day, those with a time first, by time, then by title. */
export const eventOrder = [
  asc(events.date),
  sql`${events.startTime} is null`,
  asc(events.startTime),
  asc(events.title),
];

export const eventColumns = {
  id: events.id,
  tripId: events.tripId,
  title: events.title,
  description: events.description,
  location: events.location,
  date: events.date,
  startTime: events.startTime,
  endTime: events.endTime,
  type: events.type,
  status: events.status,
  timeZone: events.timeZone,
  endDate: events.endDate,
  endTimeZone: events.endTimeZone,
  endLocation: events.endLocation,
  confirmationNumber: events.confirmationNumber,
};

// RFC 5545 calendars for a trip: the trip itself as an all-day span and each event in the
// trip's local time (TZID with the zone's VTIMEZONE). ical-generator writes the file (escaping,
// line folding, CRLF); timezones-ical-library holds the VTIMEZONE of every IANA zone.
import { TZDate, tz } from '@date-fns/tz';
import { addDays } from 'date-fns';
import ical, { escape as escapeIcal, foldLines, ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';

export interface IcsTrip {
  id: string;
  title: string;
  location: string;
  description: string | null;
  startDate: string;
  endDate: string;
  timeZone: string;
}

export interface IcsEvent {
  id: string;
  title: string;
  description: string | null;
  location: string | null;
  date: string;
  startTime: string | null;
  endTime: string | null;
  status: 'confirmed' | 'pending' | 'delayed' | 'cancelled';
}

/** TEXT values escape backslash, semicolon, comma and newlines. */
export const escapeText = (value: string): string => escapeIcal(value, false);

/** Lines longer than 75 octets continue on the next line after CRLF and a space. */
export const foldLine = (line: string): string => foldLines(line);

const knownZones = new Set(tzlib_get_timezones(false) as string[]);

/**
 * The zone's VTIMEZONE block and the TZID it declares (the library's canonical name: `UTC`
 * is `Etc/UTC`), or null for a zone the library does not know.
 */
function vtimezoneOf(timeZone: string): { tzid: string; block: string } | null {
  if (!knownZones.has(timeZone)) return null;
  const [block, tzidLine] = tzlib_get_ical_block(timeZone, false) as string[];
  if (!block || !tzidLine) return null;
  return { tzid: tzidLine.replace(/^TZID=/, ''), block };
}

const statusOf: Record<IcsEvent['status'], ICalEventStatus> = {
  confirmed: ICalEventStatus.CONFIRMED,
  pending: ICalEventStatus.TENTATIVE,
  delayed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

/** An all-day value: midnight UTC of the date, which ical-generator writes as that date. */
const day = (date: string) => new TZDate(`${date}T00:00:00Z`, 'UTC');
const dayAfter = (date: string) => addDays(day(date), 1, { in: tz('UTC') });

/** The instant of a wall-clock time on a date in the zone (the zone's real offset that day). */
function localInstant(date: string, time: string, timeZone: string): TZDate {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  return new TZDate(year, month - 1, dayOfMonth, hours, minutes, seconds, timeZone);
}

export function buildTripCalendar(trip: IcsTrip, events: IcsEvent[], now: Date): string {
  const zone = vtimezoneOf(trip.timeZone);
  const calendar = ical({
    prodId: '//Naav//Trip Calendar//EN',
    scale: 'GREGORIAN',
    method: ICalCalendarMethod.PUBLISH,
    // The library writes the calendar's name as given: escaped here, so a comma or a new line
    // in a title cannot end the property.
    name: escapeText(trip.title),
    // No calendar-wide zone: it would write DTSTAMP in local time. Each timed event names
    // its zone, and the generator adds one VTIMEZONE per zone the events use.
    timezone: { name: null, generator: (name) => (name === zone?.tzid ? zone.block : null) },
    x: { 'X-WR-TIMEZONE': zone?.tzid ?? trip.timeZone },
  });

  calendar.createEvent({
    id: `trip-${trip.id}@naav`,
    stamp: now,
    allDay: true,
    start: day(trip.startDate),
    // DTEND of an all-day span is exclusive: the day after the trip ends.
    end: dayAfter(trip.endDate),
    summary: trip.title,
    location: trip.location,
    description: trip.description,
    transparency: ICalEventTransparency.TRANSPARENT,
  });

  for (const event of events) {
    const times = event.startTime
      ? {
          start: localInstant(event.date, event.startTime, trip.timeZone),
          end: event.endTime ? localInstant(event.date, event.endTime, trip.timeZone) : null,
          // A zone the table lacks (none of Intl's today) falls back to UTC instants.
          timezone: zone?.tzid ?? null,
        }
      : { allDay: true, start: day(event.date), end: dayAfter(event.date) };
    calendar.createEvent({
      id: `event-${event.id}@naav`,
      stamp: now,
      ...times,
      summary: event.title,
      status: statusOf[event.status],
      location: event.location,
      description: event.description,
    });
  }
  // RFC 5545 ends every line, the last included, with CRLF; ical-generator leaves the last bare.
  return `${calendar.toString()}\r\n`;
}

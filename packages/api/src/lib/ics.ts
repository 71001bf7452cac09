// RFC 5545 calendars for a trip: the trip itself as an all-day span and each event in the
// local time of the place where it happens (TZID of its own zone, a VTIMEZONE for each zone
// used; a journey's DTEND in its arrival zone). ical-generator writes the file (escaping,
// line folding, CRLF); timezones-ical-library holds the VTIMEZONE of every IANA zone.
import { TZDate, tz } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { instantIn } from '@naav/schemas/zones';
import ical, {
  escape as escapeIcal,
  foldLines,
  ICalCalendarMethod,
  ICalEventStatus,
  ICalEventTransparency,
} from 'ical-generator';
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
  /** The start's zone; absent or null: the trip's. */
  timeZone?: string | null;
  /** The end's local day when not `date`. */
  endDate?: string | null;
  /** The end's zone when not the start's. */
  endTimeZone?: string | null;
  /** Where a journey arrives. */
  endLocation?: string | null;
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

/** The instant of a wall-clock time on a date in the zone (the zone's real offset that day), shown in that zone. */
function localInstant(date: string, time: string, timeZone: string): TZDate {
  return new TZDate(instantIn(date, time, timeZone).getTime(), timeZone);
}

/** "2026-12-11", "14:25:00" → "20261211T142500": a wall time as a DATE-TIME value. */
const wallValue = (date: string, time: string) => {
  const [h = '00', m = '00', sec = '00'] = time.split(':');
  return `${date.replaceAll('-', '')}T${h.padStart(2, '0')}${m.padStart(2, '0')}${sec.padStart(2, '0')}`;
};

export function buildTripCalendar(trip: IcsTrip, events: IcsEvent[], now: Date): string {
  const zones = new Map<string, { tzid: string; block: string } | null>();
  const zoneOf = (name: string) => {
    if (!zones.has(name)) zones.set(name, vtimezoneOf(name));
    return zones.get(name) ?? null;
  };
  const tripZone = zoneOf(trip.timeZone);
  const calendar = ical({
    prodId: '//Naav//Trip Calendar//EN',
    scale: 'GREGORIAN',
    method: ICalCalendarMethod.PUBLISH,
    // The library writes the calendar's name as given: escaped here, so a comma or a new line
    // in a title cannot end the property.
    name: escapeText(trip.title),
    // No calendar-wide zone: it would write DTSTAMP in local time. Each timed event names
    // its zone, and the generator adds one VTIMEZONE per zone the events start in.
    timezone: { name: null, generator: (tzid) => [...zones.values()].find((z) => z?.tzid === tzid)?.block ?? null },
    x: { 'X-WR-TIMEZONE': tripZone?.tzid ?? trip.timeZone },
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

  // A journey's end in another zone: ical-generator writes one zone per event, so its DTEND
  // (already the right instant) is rewritten afterwards with the arrival zone's TZID.
  const arrivals = new Map<string, string>();
  for (const event of events) {
    const startZoneName = event.timeZone ?? trip.timeZone;
    const endZoneName = event.endTimeZone ?? startZoneName;
    const startZone = zoneOf(startZoneName);
    const endDate = event.endDate ?? event.date;
    // A zone the table lacks (none of Intl's today) falls back to UTC instants.
    const end = event.startTime && event.endTime ? localInstant(endDate, event.endTime, endZoneName) : null;
    const times = event.startTime
      ? { start: localInstant(event.date, event.startTime, startZoneName), end, timezone: startZone?.tzid ?? null }
      : // An all-day event ends (exclusively) the day after its last day; an end day before the start is ignored.
        {
          allDay: true,
          start: day(event.date),
          end: dayAfter(event.endDate && event.endDate > event.date ? event.endDate : event.date),
        };
    const endZone = zoneOf(endZoneName);
    if (end && endZone && startZone && endZone.tzid !== startZone.tzid) {
      arrivals.set(`event-${event.id}@naav`, `DTEND;TZID=${endZone.tzid}:${wallValue(endDate, event.endTime!)}`);
    }
    calendar.createEvent({
      id: `event-${event.id}@naav`,
      stamp: now,
      ...times,
      summary: event.title,
      status: statusOf[event.status],
      location: event.endLocation ? [event.location, event.endLocation].filter(Boolean).join(' → ') : event.location,
      description: event.description,
    });
  }
  let text = calendar.toString();
  for (const [uid, line] of arrivals) {
    const at = text.indexOf(`UID:${uid}\r\n`);
    const dtend = text.indexOf('\r\nDTEND;', at);
    const lineEnd = text.indexOf('\r\n', dtend + 2);
    text = `${text.slice(0, dtend + 2)}${line}${text.slice(lineEnd)}`;
  }
  // Zones only arrived in get their VTIMEZONE beside the others, before the first event.
  const written = new Set([...text.matchAll(/^BEGIN:VTIMEZONE\r\nTZID:([^\r]+)/gm)].map((m) => m[1]));
  const missing = [...arrivals.values()]
    .map((line) => line.slice('DTEND;TZID='.length, line.indexOf(':')))
    .filter((tzid, i, all) => !written.has(tzid) && all.indexOf(tzid) === i);
  if (missing.length > 0) {
    const blocks = missing
      .map((tzid) =>
        [...zones.values()]
          .find((z) => z?.tzid === tzid)!
          .block.replace(/\r?\n/g, '\r\n')
          .trim(),
      )
      .join('\r\n');
    const first = text.indexOf('BEGIN:VEVENT');
    text = `${text.slice(0, first)}${blocks}\r\n${text.slice(first)}`;
  }
  // RFC 5545 ends every line, the last included, with CRLF; ical-generator leaves the last bare.
  return `${text}\r\n`;
}

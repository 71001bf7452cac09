import { addDaysIso, monthNames } from '@naav/schemas/dates';
import type { EventType } from '@naav/schemas/trips';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import ICAL from 'ical.js';
import { ValidationError } from '../../errors';
import { airportByCode, isTimeZone, zoneOfPlace } from '../../lib/bookings/places';

/** A calendar with more events than this is someone's whole diary, not a trip. */
const maxEvents = 500;

interface CalendarEvent {
  title: string;
  type: EventType;
  date: string;
  startTime: string | null;
  endTime: string | null;
  endDate: string | null;
  timeZone: string;
  location: string | null;
  description: string | null;
}

export interface TripProposal {
  title: string;
  destination: string;
  startDate: string;
  endDate: string;
  timeZone: string | null;
  /** `tripit`: a trip of a TripIt feed or export; `trek`: a TREK trip export; `calendar`: a whole calendar's events. */
  source: 'tripit' | 'trek' | 'calendar';
  events: CalendarEvent[];
  /** "12 events from 3 to 17 May, make a trip?" */
  message: string;
}

const two = (n: number) => String(n).padStart(2, '0');
const clip = (s: unknown, max: number) => {
  const t = typeof s === 'string' ? s.trim() : '';
  return t ? (t.length > max ? `${t.slice(0, max - 1)}…` : t) : null;
};

/** "from 3 to 17 May", "from 28 April to 2 May", "from 30 December 2026 to 2 January 2027". */
export function spanText(start: string, end: string): string {
  const [y1, m1, d1] = start.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = end.split('-').map(Number) as [number, number, number];
  if (start === end) return `on ${d1} ${monthNames[m1 - 1]}`;
  if (y1 !== y2) return `from ${d1} ${monthNames[m1 - 1]} ${y1} to ${d2} ${monthNames[m2 - 1]} ${y2}`;
  if (m1 !== m2) return `from ${d1} ${monthNames[m1 - 1]} to ${d2} ${monthNames[m2 - 1]}`;
  return `from ${d1} to ${d2} ${monthNames[m2 - 1]}`;
}

const typeOf = (text: string): EventType =>
  /\b(flight|train|rail|bus|ferry|car rental|transfer|[A-Z0-9]{2}\s?\d{2,4}\b.*\bto\b)|✈/i.test(text)
    ? 'transportation'
    : /\b(hotel|check-?in|check-?out|lodging|stay|hostel|apartment|airbnb)\b/i.test(text)
      ? 'accommodation'
      : /\b(dinner|lunch|breakfast|restaurant|table)\b/i.test(text)
        ? 'meal'
        : 'activity';

interface RawEvent {
  uid: string;
  summary: string;
  location: string | null;
  description: string | null;
  url: string | null;
  allDay: boolean;
  start: string;
  /** All-day: the last day (inclusive); timed: the end's local date. */
  endDay: string;
  startTime: string | null;
  endTime: string | null;
  timeZone: string | null;
}

type IcalTime = InstanceType<typeof ICAL.Time>;

type Origin = 'tripit' | 'trek' | null;

function rawEvents(text: string): { events: RawEvent[]; calendarName: string | null; origin: Origin } {
  let root: InstanceType<typeof ICAL.Component>;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new ValidationError('text', 'This is not a calendar (.ics) file that can be read');
  }
  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length === 0) throw new ValidationError('text', 'This calendar has no events');
  if (vevents.length > maxEvents)
    throw new ValidationError('text', `This calendar has more than ${maxEvents} events: export only the trip's`);
  const calendarName = clip(root.getFirstPropertyValue('x-wr-calname'), 120);
  const prodId = String(root.getFirstPropertyValue('prodid') ?? '');
  const events: RawEvent[] = [];
  for (const vevent of vevents) {
    const startProp = vevent.getFirstProperty('dtstart');
    const start = startProp?.getFirstValue() as IcalTime | undefined;
    if (!start || typeof start !== 'object' || !('year' in start)) continue;
    const end = vevent.getFirstPropertyValue('dtend') as IcalTime | null;
    const date = `${start.year}-${two(start.month)}-${two(start.day)}`;
    const endDate = end && typeof end === 'object' ? `${end.year}-${two(end.month)}-${two(end.day)}` : date;
    const tzid = startProp?.getParameter('tzid') as string | undefined;
    const utc = start.zone === ICAL.Timezone.utcTimezone;
    events.push({
      uid: String(vevent.getFirstPropertyValue('uid') ?? ''),
      summary: clip(vevent.getFirstPropertyValue('summary'), 160) ?? 'Event',
      location: clip(vevent.getFirstPropertyValue('location'), 200),
      description: clip(vevent.getFirstPropertyValue('description'), 1000),
      url: clip(vevent.getFirstPropertyValue('url'), 500),
      allDay: start.isDate,
      start: date,
      // DTEND of an all-day event is the day after its last.
      endDay: start.isDate ? (endDate > date ? addDaysIso(endDate, -1) : date) : endDate,
      startTime: start.isDate ? null : `${two(start.hour)}:${two(start.minute)}:00`,
      endTime: start.isDate || !end ? null : `${two(end.hour)}:${two(end.minute)}:00`,
      timeZone: tzid && isTimeZone(tzid) ? tzid : utc ? 'UTC' : null,
    });
  }
  const fromTripIt =
    /tripit/i.test(prodId) || /tripit/i.test(calendarName ?? '') || events.some((e) => /@tripit\.com$/i.test(e.uid));
  const fromTrek = /^-\/\/TREK\/\//.test(prodId) || events.some((e) => e.uid.startsWith('trek-trip-'));
  return { events, calendarName, origin: fromTripIt ? 'tripit' : fromTrek ? 'trek' : null };
}

const count = (n: number) => `${n} ${n === 1 ? 'event' : 'events'}`;

/** "UA110 SFO to JFK": the airport a flight leaves from, when its summary or location names one. */
function departureAirportZone(e: RawEvent): string | null {
  const route = /\b([A-Z]{3}) (?:to|-|→) [A-Z]{3}\b/.exec(`${e.summary} ${e.location ?? ''}`);
  return airportByCode(route?.[1])?.timeZone ?? null;
}

/** A time given in UTC, shown where it happens: 04:15 UTC from SFO is 20:15 the day before in Los Angeles. */
function fromUtc(e: RawEvent, zone: string): Pick<CalendarEvent, 'date' | 'startTime' | 'endTime' | 'endDate'> {
  const local = (date: string, time: string) => new TZDate(new Date(`${date}T${time}Z`), zone);
  const start = local(e.start, e.startTime!);
  const end = e.endTime ? local(e.endDay, e.endTime) : null;
  const date = format(start, 'yyyy-MM-dd');
  const endDate = end ? format(end, 'yyyy-MM-dd') : null;
  return {
    date,
    startTime: format(start, 'HH:mm:ss'),
    endTime: end ? format(end, 'HH:mm:ss') : null,
    endDate: endDate && endDate !== date ? endDate : null,
  };
}

const asEvent = (e: RawEvent, zone: string | null, type?: EventType): CalendarEvent => {
  const flightZone = e.timeZone === 'UTC' && e.startTime ? departureAirportZone(e) : null;
  return {
    title: e.summary,
    type: type ?? typeOf(`${e.summary} ${e.description ?? ''}`),
    date: e.start,
    startTime: e.startTime,
    endTime: e.endTime,
    endDate: e.endDay !== e.start ? e.endDay : null,
    timeZone: flightZone ?? e.timeZone ?? zone ?? 'UTC',
    location: e.location,
    description: e.description,
    ...(flightZone ? fromUtc(e, flightZone) : {}),
  };
};

const trekTypes: Record<string, EventType> = {
  flight: 'transportation',
  train: 'transportation',
  bus: 'transportation',
  car: 'transportation',
  cruise: 'transportation',
  transfer: 'transportation',
  hotel: 'accommodation',
  accommodation: 'accommodation',
  restaurant: 'meal',
};

/** A line of a TREK reservation's description: "Type: flight", "From: LIS". */
const trekLine = (e: RawEvent, label: string) =>
  e.description
    ?.split('\n')
    .find((line) => line.startsWith(`${label}: `))
    ?.slice(label.length + 2)
    .trim() ?? null;

/**
 * A TREK trip export ("Export .ics"): the trip as an all-day event `trek-trip-N@trek`, each
 * reservation `trek-res-N@trek` in floating local time, its kind and airports in description
 * lines. A flight's times are its departure airport's; the rest take their place's zone, else
 * the zone most of the trip's places are in.
 */
function trekTrips(events: RawEvent[], calendarName: string | null): TripProposal[] {
  const trip = events.find((e) => e.uid.startsWith('trek-trip-') && e.allDay);
  const items = events.filter((e) => e !== trip && e.uid.startsWith('trek-res-'));
  if (!trip && items.length === 0) return [];
  const zoneOf = (e: RawEvent) =>
    e.timeZone ??
    airportByCode(trekLine(e, 'From'))?.timeZone ??
    zoneOfPlace(
      e.location ? { name: e.location, code: null, address: e.location, latitude: null, longitude: null } : null,
    );
  const zoneCounts = new Map<string, number>();
  for (const zone of items.map(zoneOf)) if (zone) zoneCounts.set(zone, (zoneCounts.get(zone) ?? 0) + 1);
  const tripZone = [...zoneCounts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const start = trip?.start ?? items[0]!.start;
  const end =
    trip?.endDay ??
    items
      .map((e) => e.endDay)
      .sort()
      .at(-1)!;
  const title = (trip?.summary ?? calendarName ?? 'Trip from TREK').slice(0, 120);
  const place = items
    .find((e) => trekLine(e, 'Type') === 'hotel')
    ?.location?.split(',')
    .at(-2)
    ?.trim();
  return [
    {
      title,
      destination: (place ?? title).slice(0, 120),
      startDate: start,
      endDate: end,
      timeZone: tripZone,
      source: 'trek',
      events: items.map((e) => ({
        ...asEvent(e, tripZone, trekTypes[trekLine(e, 'Type') ?? ''] ?? 'activity'),
        timeZone: zoneOf(e) ?? tripZone ?? 'UTC',
      })),
      message: `${title}: ${count(items.length)} ${spanText(start, end)}`,
    },
  ];
}

/**
 * The trips in a calendar file. A TripIt feed or export: each all-day event is a trip (its
 * summary the name, its location the destination), holding the timed events that start within
 * it. A TREK trip export: its trip with its reservations. Any other calendar: all its events as
 * one proposal over their span.
 */
export function tripsFromCalendar(text: string): TripProposal[] {
  const { events, calendarName, origin } = rawEvents(text);
  const sorted = [...events].sort((a, b) => `${a.start}${a.startTime}`.localeCompare(`${b.start}${b.startTime}`));
  if (origin === 'trek') {
    const trips = trekTrips(sorted, calendarName);
    if (trips.length > 0) return trips;
  }
  if (origin === 'tripit') {
    const containers = sorted.filter((e) => e.allDay);
    const items = sorted.filter((e) => !e.allDay);
    const proposals = containers.map((trip): TripProposal => {
      const inside = items.filter((e) => e.start >= trip.start && e.start <= trip.endDay);
      const zone = inside.find((e) => e.timeZone && e.timeZone !== 'UTC')?.timeZone ?? null;
      return {
        title: trip.summary.slice(0, 120),
        destination: (trip.location ?? trip.summary).slice(0, 120),
        startDate: trip.start,
        endDate: trip.endDay,
        timeZone: zone,
        source: 'tripit',
        events: inside.map((e) => asEvent(e, zone)),
        message: `${trip.summary}: ${count(inside.length)} ${spanText(trip.start, trip.endDay)}`,
      };
    });
    if (proposals.length > 0) return proposals;
  }
  const first = sorted[0]!.start;
  const last = sorted
    .map((e) => e.endDay)
    .sort()
    .at(-1)!;
  const zone = sorted.find((e) => e.timeZone && e.timeZone !== 'UTC')?.timeZone ?? null;
  const place = sorted.map((e) => e.location?.split(',').at(-2)?.trim() ?? e.location).find(Boolean) ?? null;
  const title = calendarName ?? (place ? `Trip to ${place}` : 'Trip from a calendar');
  return [
    {
      title: title.slice(0, 120),
      destination: (place ?? title).slice(0, 120),
      startDate: first,
      endDate: last,
      timeZone: zone,
      source: 'calendar',
      events: sorted.map((e) => asEvent(e, zone)),
      message: `${count(sorted.length)} ${spanText(first, last)}, make a trip?`,
    },
  ];
}

import { TZDate } from '@date-fns/tz';
import { addDaysIso } from '@naav/schemas/dates';
import ICAL from 'ical.js';
import type { Booking, BookingPlace, BookingType } from './booking';
import { UnreadableError } from './html';
import { airportByCode, completePlace, isTimeZone } from './places';
import { isReadableTime } from './times';

/** A calendar with more events than this is an export of someone's whole diary, not a booking. */
const maxCalendarEvents = 500;

const two = (n: number) => String(Math.abs(Math.trunc(n))).padStart(2, '0');
const offsetText = (seconds: number) =>
  `${seconds < 0 ? '-' : '+'}${two(seconds / 3600)}:${two((Math.abs(seconds) % 3600) / 60)}`;

interface CalendarTime {
  /** ISO 8601: a date, a date-time with its offset, or a floating date-time. */
  value: string;
  timeZone: string | null;
  isDate: boolean;
}

type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalTime = InstanceType<typeof ICAL.Time>;

function calendarTime(
  event: IcalComponent,
  name: 'dtstart' | 'dtend',
  zones: Map<string, InstanceType<typeof ICAL.Timezone>>,
): CalendarTime | null {
  const property = event.getFirstProperty(name);
  const time = property?.getFirstValue() as IcalTime | undefined;
  if (!property || !time || typeof time !== 'object' || !('year' in time)) return null;
  const date = `${time.year}-${two(time.month)}-${two(time.day)}`;
  if (time.isDate) return { value: date, timeZone: null, isDate: true };
  const wall = `${date}T${two(time.hour)}:${two(time.minute)}:${two(time.second)}`;
  if (time.zone === ICAL.Timezone.utcTimezone) return { value: `${wall}Z`, timeZone: null, isDate: false };
  const tzid = property.getParameter('tzid') as string | undefined;
  if (!tzid) return { value: wall, timeZone: null, isDate: false };
  const embedded = zones.get(tzid);
  // Google and Apple name IANA zones; Outlook names Windows zones and describes them in a VTIMEZONE.
  const ianaName = isTimeZone(tzid)
    ? tzid
    : embedded
      ? ((embedded.component?.getFirstPropertyValue('x-lic-location') as string | null) ?? null)
      : null;
  const zone = ianaName && isTimeZone(ianaName) ? ianaName : null;
  if (zone) {
    const local = new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, zone);
    return { value: `${wall}${offsetText(-local.getTimezoneOffset() * 60)}`, timeZone: zone, isDate: false };
  }
  if (embedded) return { value: `${wall}${offsetText(embedded.utcOffset(time))}`, timeZone: null, isDate: false };
  return { value: wall, timeZone: null, isDate: false };
}

const patterns: [RegExp, BookingType][] = [
  [/\b(flight|fly|airlines?|airways|boarding)\b|✈/i, 'flight'],
  [/\b(train|rail|railway|eurostar|tgv|amtrak)\b/i, 'train'],
  [/\b(bus|coach)\b/i, 'bus'],
  [/\b(ferry|boat|cruise|sailing)\b/i, 'boat'],
  [/\b(hotel|check-?in|check-?out|stay|lodging|hostel|apartment|airbnb|resort)\b/i, 'lodging'],
  [/\b(car rental|rental car|car hire|hertz|avis|europcar|sixt)\b/i, 'car_rental'],
  [/\b(restaurant|dinner|lunch|breakfast|brunch|table for|reservation at)\b/i, 'restaurant'],
];

/** "Pick-up of your car": a pick-up with a car later on the same line (without a `.*` that backtracks). */
function isCarPickUp(text: string): boolean {
  const at = text.search(/\bpick-?up/i);
  if (at < 0) return false;
  const lineEnd = text.indexOf('\n', at);
  return /car\b/i.test(text.slice(at, lineEnd < 0 ? undefined : lineEnd));
}

function typeOfText(text: string): BookingType | null {
  for (const [pattern, type] of patterns) {
    if (pattern.test(text)) return type;
    // The car rental's pick-up comes in its place in the list, before restaurants.
    if (type === 'car_rental' && isCarPickUp(text)) return type;
  }
  return null;
}

function typeOf(summary: string, description: string): BookingType {
  return typeOfText(summary) ?? typeOfText(description) ?? 'event';
}

// Every pattern here runs on text from outside: none may backtrack more than linearly
// (lib/bookings/patterns.test.ts checks each one). Whitespace runs are collapsed to one space
// before the confirmation pattern runs, so it needs no `\s*` next to another `\s*`.
const confirmationPattern =
  /\b(?:confirmation|booking|reservation|record locator|pnr)(?: (?:number|code|no\.?|ref(?:erence)?|#))? ?[:#]? ?([A-Z0-9][A-Z0-9-]{4,19})\b/i;
const confirmationIn = (text: string) => confirmationPattern.exec(text.replace(/\s+/g, ' '))?.[1] ?? null;
const flightNumberPattern = /\b([A-Z][A-Z0-9]|[A-Z0-9][A-Z])\s?(\d{1,4})\b/;
const routePattern = /\b([A-Z]{3})\s*(?:→|->|–|—|-|to)\s*([A-Z]{3})\b/;
/** "San Francisco (SFO) to New York (JFK)" */
const bracketedRoutePattern = /\(([A-Z]{3})\)[^()\n]{1,60}?\(([A-Z]{3})\)/;
/**
 * "(London St Pancras → Paris Gare du Nord)": the names either side of the first arrow with
 * at least two characters on each side (up to 80 each, no brackets or line breaks, nor a colon before it).
 */
function namedRouteOf(text: string): [string, string] | null {
  const arrows = /→|->/g;
  for (let arrow = arrows.exec(text); arrow; arrow = arrows.exec(text)) {
    let from = arrow.index;
    while (from > 0 && arrow.index - from < 200 && !'()\n:'.includes(text[from - 1]!)) from--;
    const left = text.slice(from, arrow.index).trim().slice(-80).trim();
    let to = arrow.index + arrow[0].length;
    while (to < text.length && /\s/.test(text[to]!)) to++;
    let end = to;
    while (end < text.length && end - to < 80 && !'()\n'.includes(text[end]!)) end++;
    const right = text.slice(to, end).trim();
    if (left.length >= 2 && right.length >= 2) return [left, right];
  }
  return null;
}

function geoOf(event: IcalComponent): { latitude: number; longitude: number } | null {
  const geo = event.getFirstPropertyValue('geo') as number[] | null;
  if (Array.isArray(geo) && geo.length === 2) return { latitude: Number(geo[0]), longitude: Number(geo[1]) };
  // Apple Calendar: X-APPLE-STRUCTURED-LOCATION:geo:38.7223,-9.1393
  const apple = event.getFirstPropertyValue('x-apple-structured-location');
  const match = typeof apple === 'string' ? /geo:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/.exec(apple) : null;
  return match ? { latitude: Number(match[1]), longitude: Number(match[2]) } : null;
}

/** Bookings in an iCalendar file: one per VEVENT (all-day, zoned, UTC or floating; cancelled ones marked). */
export function bookingsFromCalendar(text: string, file: string | null, problems: string[] = []): Booking[] {
  // Counted before parsing: the parse itself is what an oversized calendar would make expensive.
  const eventCount = text.match(/^BEGIN:VEVENT/gim)?.length ?? 0;
  if (eventCount > maxCalendarEvents)
    throw new UnreadableError(`a calendar of ${eventCount} events (at most ${maxCalendarEvents})`);
  let calendar: IcalComponent;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new UnreadableError('not a readable iCalendar file');
  }
  const zones = new Map<string, InstanceType<typeof ICAL.Timezone>>();
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(vtimezone);
    if (zone.tzid) zones.set(zone.tzid, zone);
  }
  const methodCancels = /^cancel$/i.test(String(calendar.getFirstPropertyValue('method') ?? ''));
  const bookings: Booking[] = [];
  for (const event of calendar.getAllSubcomponents('vevent')) {
    const summary = String(event.getFirstPropertyValue('summary') ?? '').trim();
    // A date ical.js cannot read, or one that is no real day (month 99, year 0), is reported by its property.
    const timeOf = (name: 'dtstart' | 'dtend'): CalendarTime | null => {
      let time: CalendarTime | null = null;
      try {
        time = calendarTime(event, name, zones);
      } catch {
        // Reported below.
      }
      if (time && isReadableTime(time.value)) return time;
      if (time || event.getFirstProperty(name))
        problems.push(
          `${file ?? 'The pasted text'}: the ${name.toUpperCase()} of "${summary || 'Calendar event'}" is not a real date or time, so ${name === 'dtstart' ? 'the event was left out' : 'its end was left out'}`,
        );
      return null;
    };
    const start = timeOf('dtstart');
    if (!start) continue;
    let end = timeOf('dtend');
    // DTEND of an all-day item is the day after its last one.
    if (end?.isDate) {
      const lastDay = addDaysIso(end.value, -1);
      end = lastDay > start.value ? { ...end, value: lastDay } : null;
    }
    const description = String(event.getFirstPropertyValue('description') ?? '');
    const locationText = String(event.getFirstPropertyValue('location') ?? '').trim() || null;
    const type = typeOf(summary, description);
    const haystack = `${summary}\n${locationText ?? ''}\n${description}`;
    const journey = type === 'flight' || type === 'train' || type === 'bus' || type === 'boat';
    const route = journey ? (routePattern.exec(haystack) ?? bracketedRoutePattern.exec(haystack)) : null;
    const namedRoute = journey && !route ? namedRouteOf(/\(([^()]*)\)/.exec(summary)?.[1] ?? summary) : null;
    const flight =
      type === 'flight' ? (flightNumberPattern.exec(summary) ?? flightNumberPattern.exec(description)) : null;
    const geo = geoOf(event);
    let startLocation: BookingPlace | null = null;
    let endLocation: BookingPlace | null = null;
    if (route) {
      startLocation = completePlace({ name: null, code: route[1]!, address: null, latitude: null, longitude: null });
      endLocation = completePlace({ name: null, code: route[2]!, address: null, latitude: null, longitude: null });
    }
    if (namedRoute) {
      startLocation = completePlace({
        name: namedRoute[0],
        code: null,
        address: null,
        latitude: null,
        longitude: null,
      });
      endLocation = completePlace({ name: namedRoute[1], code: null, address: null, latitude: null, longitude: null });
    }
    if ((locationText || geo) && !namedRoute) {
      // Apple puts the place's name on the first line and its address below.
      const [name, ...rest] = (locationText ?? '').split('\n');
      const described = completePlace({
        name: name?.trim() || null,
        code: null,
        address: rest.join(', ').trim() || null,
        latitude: geo?.latitude ?? null,
        longitude: geo?.longitude ?? null,
      });
      if (!startLocation || !airportByCode(startLocation.code)) startLocation = described;
    }
    const status = String(event.getFirstPropertyValue('status') ?? '');
    bookings.push({
      type,
      title: summary || 'Calendar event',
      confirmationNumber: confirmationIn(description) ?? confirmationIn(summary),
      provider: null,
      seat: null,
      number: flight ? `${flight[1]}${flight[2]}` : null,
      start: start.value,
      end: end?.value ?? null,
      timeZone: start.timeZone ?? (route ? (airportByCode(route[1])?.timeZone ?? null) : null),
      startLocation,
      endLocation,
      travellers: [],
      price: null,
      cancelled: methodCancels || /^cancelled$/i.test(status),
      source: { kind: 'ics', file },
    });
  }
  return bookings;
}

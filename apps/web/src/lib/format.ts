import { daysBetween, monthNames, parseIsoDate, tripDayCount } from '@naav/schemas/dates';
import { formatDuration, instantIn, spanMinutes, zoneCity, zoneShortName, type LocalSpan } from '@naav/schemas/zones';

/**
 * "Nov 20" (US English: date-fns's `MMM d`), with ", 2026" when asked; throws for an invalid date
 * as date-fns does. Written out so the first screen does not load date-fns's formatter and locale.
 */
function monthDay(date: Date, withYear: boolean): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  const day = `${monthNames[date.getMonth()]?.slice(0, 3)} ${date.getDate()}`;
  return withYear ? `${day}, ${date.getFullYear()}` : day;
}

/** "08:05:00" → "8:05 AM"; missing → "--:--". */
export function formatTime(time: string | null | undefined): string {
  if (!time) return '--:--';
  const [h, m] = time.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return '--:--';
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** "2026-11-20" → "Nov 20, 2026" (US English). */
export function formatDate(date: string): string {
  return monthDay(parseIsoDate(date), true);
}

/** "Nov 20 – Nov 26, 2026", or across years "Dec 30, 2026 – Jan 3, 2027". */
export function formatDateRange(start: string, end: string): string {
  const s = parseIsoDate(start);
  const e = parseIsoDate(end);
  if (s.getFullYear() === e.getFullYear()) return `${monthDay(s, false)} – ${monthDay(e, true)}`;
  return `${formatDate(start)} – ${formatDate(end)}`;
}

/** Inclusive length: a trip from the 13th to the 19th is 7 days and 6 nights. */
export function tripLength(startDate: string, endDate: string): { days: number; nights: number } {
  const days = tripDayCount(startDate, endDate);
  return { days, nights: Math.max(days - 1, 0) };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "7 days / 6 nights". */
export function formatTripLength(startDate: string, endDate: string): string {
  const { days, nights } = tripLength(startDate, endDate);
  return `${plural(days, 'day', 'days')} / ${plural(nights, 'night', 'nights')}`;
}

/** What an event says about where and when it happens, for its times as a traveller reads them. */
export interface ZonedEventTimes extends LocalSpan {
  type: string;
  timeZone: string;
  location?: string | null;
  endLocation?: string | null;
}

/**
 * The zone's short name ("GMT+9", "EDT") for a time shown in a zone other than the trip's, or
 * null when it reads the same as the trip's clocks there and then.
 */
export function zoneLabel(
  timeZone: string | null | undefined,
  tripTimeZone: string,
  date: string,
  time: string | null | undefined,
): string | null {
  if (!timeZone || timeZone === tripTimeZone) return null;
  const at = instantIn(date, time ?? '12:00', timeZone);
  const own = zoneShortName(timeZone, at);
  return own === zoneShortName(tripTimeZone, at) ? null : own;
}

/** "+1" for an end on the next local day, "-1" for one on the day before (over the date line), "" the same day. */
export function dayShift(date: string, endDate: string | null | undefined): string {
  const days = endDate ? daysBetween(date, endDate) : 0;
  return days === 0 ? '' : days > 0 ? `+${days}` : `${days}`;
}

/**
 * The place as a boarding pass names it: "Lisbon (LIS)" → "Lisbon", "San Francisco Airport (SFO)"
 * → "San Francisco"; without a short place, the city of its zone ("Asia/Tokyo" → "Tokyo").
 */
export function placeShortName(location: string | null | undefined, timeZone: string): string {
  const name = (location ?? '')
    .split(/[(,]/)[0]!
    .trim()
    .replace(/\s+(international\s+)?airport$/i, '');
  if (name && name.length <= 24) return name;
  const code = /\(([A-Z0-9]{3,5})\)/.exec(location ?? '')?.[1];
  return code ?? zoneCity(timeZone);
}

/** A transport event with an arrival of its own (another zone, day or place): shown as a journey. */
export function isJourney(event: ZonedEventTimes): boolean {
  return (
    event.type === 'transportation' &&
    Boolean(event.startTime && event.endTime) &&
    Boolean(event.endTimeZone || event.endDate || event.endLocation)
  );
}

/** "17 h 50 m" from the start to the end, each in its own zone; null without both times. */
export function eventDuration(event: ZonedEventTimes): string | null {
  const minutes = spanMinutes(event);
  return minutes === null || minutes < 0 ? null : formatDuration(minutes);
}

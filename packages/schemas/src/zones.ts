/**
 * Local times in the place where they happen. An event keeps its local date and time with the
 * IANA zone of its start (and of its end, for a journey); these helpers turn them into instants
 * so that durations and "today" are right across daylight-saving changes and the date line.
 */
import { tzOffset } from '@date-fns/tz/tzOffset';
import { wallClockIn } from './dates';

/** What an event says about when it starts and ends (local dates and times, and their zones). */
export interface LocalSpan {
  date: string;
  startTime?: string | null;
  timeZone?: string | null;
  endDate?: string | null;
  endTime?: string | null;
  endTimeZone?: string | null;
}

const knownZones = new Map<string, boolean>();

/**
 * Whether Intl knows an IANA zone name. Asked for every time a screen shows, so each name is
 * looked up once: building a formatter to try it costs about half a millisecond on a phone.
 */
export function isKnownZone(timeZone: string): boolean {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: the names come from data, and a server process lives long.
    if (knownZones.size < 1000) knownZones.set(timeZone, known);
  }
  return known;
}

/**
 * The instant of a local date (YYYY-MM-DD) and time (HH:MM or HH:MM:SS) in a zone. A time that
 * the clocks skip (the hour lost when summer time starts) is read as the same wall time after
 * the jump, and a time that happens twice (the hour repeated when it ends) as its first
 * occurrence, as RFC 5545 and calendar programs do; an unknown zone counts as UTC.
 */
export function instantIn(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h = 0, min = 0, s = 0] = time.split(':').map(Number);
  const zone = isKnownZone(timeZone) ? timeZone : 'UTC';
  const wall = Date.UTC(y, m - 1, d, h, min, s);
  // A zone changes its offset at most once around a day: the offsets a day before and after
  // are the only candidates, and a candidate is right when it shows the wall time asked for.
  const before = tzOffset(zone, new Date(wall - 86_400_000));
  const after = tzOffset(zone, new Date(wall + 86_400_000));
  const candidates = [...new Set([before, after])].map((offset) => wall - offset * 60_000);
  const shows = (t: number) => t + tzOffset(zone, new Date(t)) * 60_000 === wall;
  const matching = candidates.filter(shows);
  // None matches in the skipped hour: the offset before the jump carries the wall time past it.
  return new Date(matching.length > 0 ? Math.min(...matching) : wall - before * 60_000);
}

/** The start and end instants of an event, each where its times are known (the end defaults to the start's day and zone). */
export function spanInstants(span: LocalSpan): { start: Date | null; end: Date | null } {
  const startZone = span.timeZone ?? 'UTC';
  const endZone = span.endTimeZone ?? startZone;
  return {
    start: span.startTime ? instantIn(span.date, span.startTime, startZone) : null,
    end: span.endTime ? instantIn(span.endDate ?? span.date, span.endTime, endZone) : null,
  };
}

/** Whole minutes from start to end of an event with both times; null without them. */
export function spanMinutes(span: LocalSpan): number | null {
  const { start, end } = spanInstants(span);
  if (!start || !end) return null;
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  // A date that is not one yet (a form half filled): nothing to measure.
  return Number.isNaN(minutes) ? null : minutes;
}

/** "17 h 50 m", "45 m", "2 h": a duration as a boarding pass prints it. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} m`;
  return m === 0 ? `${h} h` : `${h} h ${m} m`;
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  return wallClockIn(instant, isKnownZone(timeZone) ? timeZone : 'UTC')
    .toISOString()
    .slice(0, 10);
}

/**
 * The zone's short name at an instant ("GMT+9", "WET", "PST"; what Intl says in English), for a
 * time shown in a zone other than the trip's.
 */
export function zoneShortName(timeZone: string, at: Date): string {
  const zone = isKnownZone(timeZone) ? timeZone : 'UTC';
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  // Intl writes Greenwich's offset as "GMT+0" for some zones (Lisbon) and "GMT" for others (London).
  return part?.value === 'GMT+0' ? 'GMT' : (part?.value ?? zone);
}

/** The city part of an IANA zone, for labels: "Asia/Tokyo" → "Tokyo", "America/Argentina/Buenos_Aires" → "Buenos Aires". */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
}

/**
 * Whether an event's end comes before its start once both are placed in their zones (the only
 * order that matters: a flight east over the date line lands "before" it leaves in local time).
 * Without both times there is nothing to compare but the days, in the same zone only.
 */
export function endsBeforeStart(span: LocalSpan): boolean {
  const minutes = spanMinutes(span);
  if (minutes !== null) return minutes < 0;
  const sameZone = (span.endTimeZone ?? span.timeZone) === span.timeZone;
  if (!sameZone) return false;
  // Without a valid date only the clock times of one day can be compared.
  if (span.startTime && span.endTime && !span.endDate) return span.endTime < span.startTime;
  return Boolean(span.endDate && span.endDate < span.date);
}

/** Whether an event's day is today on its own clocks (a flight from Lisbon is today while it is today in Lisbon). */
export function isTodayWhereItHappens(
  event: { date: string; timeZone?: string | null },
  now: Date = new Date(),
): boolean {
  return event.date === dateInZone(now, event.timeZone ?? 'UTC');
}

/** Events in the order they happen: by start instant, each in its own zone; those without a time last. */
export function byStartInstant<T extends LocalSpan>(a: T, b: T): number {
  const [x, y] = [spanInstants(a).start, spanInstants(b).start];
  if (!x || !y) return x ? -1 : y ? 1 : a.date.localeCompare(b.date);
  return x.getTime() - y.getTime();
}

/**
 * Calendar dates are ISO `YYYY-MM-DD` strings on both sides; every operation on them is one
 * helper here, on date-fns and @date-fns/tz.
 */
import { tzOffset } from '@date-fns/tz/tzOffset';
import { addDays, addMonths, differenceInCalendarDays, parseISO } from 'date-fns';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A local date as YYYY-MM-DD, as date-fns's `format(date, 'yyyy-MM-dd')` writes it (and throws
 * for an invalid date) without its formatter and locale, which the first screen would load.
 */
export function isoDateOf(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The wall clock of an instant in an IANA zone, as a Date whose UTC fields read it (as
 * @date-fns/tz's TZDate reads them); an invalid Date for a zone Intl does not know.
 */
export function wallClockIn(instant: Date, timeZone: string): Date {
  return new Date(instant.getTime() + tzOffset(timeZone, instant) * 60_000);
}

/** Adds whole days to a YYYY-MM-DD date (negative to go back): no time zone shifts it. */
export const addDaysIso = (date: string, days: number): string => isoDateOf(addDays(parseISO(date), days));

/** Adds whole months to a YYYY-MM-DD date, ending on the month's last day when it is shorter (31 Jan + 1 → 28 Feb). */
export const addMonthsIso = (date: string, months: number): string => isoDateOf(addMonths(parseISO(date), months));

/** Whole calendar days from one date to another: 0 for the same day, negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number => differenceInCalendarDays(parseISO(to), parseISO(from));

/** The days of a trip (or of any date range), counted inclusively: the 13th to the 19th is 7; never less than 1. */
export const tripDayCount = (startDate: string, endDate: string): number =>
  Math.max(1, daysBetween(startDate, endDate) + 1);

/** The 0-based index of a date within a range, or null when it falls outside. */
export function dayIndexOf(startDate: string, endDate: string, date: string): number | null {
  const index = daysBetween(startDate, date);
  return index >= 0 && index < tripDayCount(startDate, endDate) ? index : null;
}

/** Today's calendar date (YYYY-MM-DD) in an IANA time zone; UTC's for a zone it does not know. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = { minute: Number.NaN, date: '' };
    if (zones.size < 1000) zones.set(timeZone, zone);
  }
  // Every zone's offset is whole minutes, so the date only changes on a minute's boundary:
  // the server asks for a trip's "today" several times a request, and formats once a minute per zone.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== zone.minute) {
    zone.date = dateIn(timeZone, now);
    zone.minute = minute;
  }
  return zone.date;
}

const zones = new Map<string, { minute: number; date: string }>();

function dateIn(timeZone: string, now: Date): string {
  try {
    return wallClockIn(now, timeZone).toISOString().slice(0, 10);
  } catch {
    // An unknown zone: its offset is NaN, and the date "Invalid time value".
    return now.toISOString().slice(0, 10);
  }
}

/** January … December, the spec's English names. */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

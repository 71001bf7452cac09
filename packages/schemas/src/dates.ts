/**
 * Calendar dates are ISO `YYYY-MM-DD` strings on both sides; every operation on them is one
 * helper here, on date-fns and @date-fns/tz.
 */
import { tzOffset } from '@date-fns/tz/tzOffset';
import { addDays, addMonths, differenceInCalendarDays } from 'date-fns';

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
 * A YYYY-MM-DD date at local midnight, as date-fns's parseISO reads it, and an invalid Date for a
 * day that does not exist ("2026-02-30") or for anything that is not such a date: every caller
 * passes dates the schemas checked (`isoDate`). Written out so the first screen does not load
 * parseISO's general ISO 8601 parser.
 */
export function parseIsoDate(date: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return new Date(Number.NaN);
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const local = new Date(0);
  local.setFullYear(year, month, day);
  local.setHours(0, 0, 0, 0);
  return local.getMonth() === month && local.getDate() === day ? local : new Date(Number.NaN);
}

/**
 * The wall clock of an instant in an IANA zone, as a Date whose UTC fields read it (as
 * @date-fns/tz's TZDate reads them); an invalid Date for a zone Intl does not know.
 */
export function wallClockIn(instant: Date, timeZone: string): Date {
  return new Date(instant.getTime() + tzOffset(timeZone, instant) * 60_000);
}

/** Adds whole days to a YYYY-MM-DD date (negative to go back): no time zone shifts it. */
export const addDaysIso = (date: string, days: number): string => isoDateOf(addDays(parseIsoDate(date), days));

/** Adds whole months to a YYYY-MM-DD date, ending on the month's last day when it is shorter (31 Jan + 1 → 28 Feb). */
export const addMonthsIso = (date: string, months: number): string => isoDateOf(addMonths(parseIsoDate(date), months));

/** Whole calendar days from one date to another: 0 for the same day, negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number =>
  differenceInCalendarDays(parseIsoDate(to), parseIsoDate(from));

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

import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';

/** Today's calendar date (YYYY-MM-DD) in an IANA time zone; the browser's own date for an unknown zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return format(now, 'yyyy-MM-dd');
  }
}

/** The number of days of a trip, counted inclusively (end minus start plus 1). */
export function tripDayCount(startDate: string, endDate: string): number {
  return differenceInCalendarDays(parseISO(endDate), parseISO(startDate)) + 1;
}

/** Today's offset within the trip, clamped to its first and last day (0-based). */
export function initialDayIndex(startDate: string, endDate: string, today: string): number {
  const offset = differenceInCalendarDays(parseISO(today), parseISO(startDate));
  return Math.min(Math.max(offset, 0), tripDayCount(startDate, endDate) - 1);
}

/** The date (YYYY-MM-DD) of the trip's day at a 0-based index. */
export function dateOfDay(startDate: string, index: number): string {
  return format(addDays(parseISO(startDate), index), 'yyyy-MM-dd');
}

/** The 0-based index of a date within the trip, or null when it falls outside. */
export function dayIndexOf(startDate: string, endDate: string, date: string): number | null {
  const index = differenceInCalendarDays(parseISO(date), parseISO(startDate));
  return index >= 0 && index < tripDayCount(startDate, endDate) ? index : null;
}

/** "2026-11-22" → "Sunday, Nov 22, 2026". */
export function formatLongDate(date: string): string {
  return format(parseISO(date), 'EEEE, MMM d, yyyy');
}

import { daysBetween, tripDayCount } from '@naav/schemas/dates';
import { format, parseISO } from 'date-fns';

/** Today's offset within the trip, clamped to its first and last day (0-based). */
export function initialDayIndex(startDate: string, endDate: string, today: string): number {
  return Math.min(Math.max(daysBetween(startDate, today), 0), tripDayCount(startDate, endDate) - 1);
}

/** "2026-11-22" → "Sunday, Nov 22, 2026". */
export function formatLongDate(date: string): string {
  return format(parseISO(date), 'EEEE, MMM d, yyyy');
}

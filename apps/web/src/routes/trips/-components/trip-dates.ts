import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import type { TripEvent } from '../../../lib/api-types';

/** Inclusive length: a trip from the 13th to the 19th is 7 days and 6 nights. */
export function tripLength(startDate: string, endDate: string): { days: number; nights: number } {
  const days = differenceInCalendarDays(parseISO(endDate), parseISO(startDate)) + 1;
  return { days, nights: Math.max(days - 1, 0) };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "7 days / 6 nights". */
export function formatTripLength(startDate: string, endDate: string): string {
  const { days, nights } = tripLength(startDate, endDate);
  return `${plural(days, 'day', 'days')} / ${plural(nights, 'night', 'nights')}`;
}

/** "2025-06-15" → "Sunday, June 15, 2025". */
export function formatDayHeading(date: string): string {
  return format(parseISO(date), 'EEEE, MMMM d, yyyy');
}

/** Today's calendar date where the trip is (the itinerary's "today"), YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return format(now, 'yyyy-MM-dd');
  }
}

export interface ItineraryDay {
  date: string;
  /** 1 for the trip's first day. */
  dayNumber: number;
  events: TripEvent[];
}

/**
 * Events by day, each day by start time with untimed events last (the API's order, kept
 * when it already holds); only days with events.
 */
export function groupByDay(events: TripEvent[], tripStart: string): ItineraryDay[] {
  const byDate = new Map<string, TripEvent[]>();
  for (const event of events) {
    const list = byDate.get(event.date) ?? [];
    list.push(event);
    byDate.set(event.date, list);
  }
  const byTime = (a: TripEvent, b: TripEvent) =>
    a.startTime === b.startTime ? 0 : a.startTime === null ? 1 : b.startTime === null ? -1 : a.startTime < b.startTime ? -1 : 1;
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, list]) => ({
      date,
      dayNumber: differenceInCalendarDays(parseISO(date), parseISO(tripStart)) + 1,
      events: [...list].sort(byTime),
    }));
}

/** "+1 800 555 0199" → "tel:+18005550199". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

import { addDaysIso, daysBetween, tripDayCount } from '@naav/schemas/dates';
import { format, parseISO } from 'date-fns';
import type { TripEvent } from '~/lib/api-types';

/** "2025-06-15" → "Sunday, June 15, 2025". */
export function formatDayHeading(date: string): string {
  return format(parseISO(date), 'EEEE, MMMM d, yyyy');
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
    a.startTime === b.startTime
      ? 0
      : a.startTime === null
        ? 1
        : b.startTime === null
          ? -1
          : a.startTime < b.startTime
            ? -1
            : 1;
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, list]) => ({
      date,
      dayNumber: daysBetween(tripStart, date) + 1,
      events: [...list].sort(byTime),
    }));
}

/**
 * Every day of the trip, each with its events (none on a free day), as the planning itinerary
 * lists them; an event left outside the trip's days (its dates were changed since) keeps its own.
 */
export function everyTripDay(events: TripEvent[], tripStart: string, tripEnd: string): ItineraryDay[] {
  const withEvents = new Map(groupByDay(events, tripStart).map((day) => [day.date, day]));
  for (let i = 0; i < tripDayCount(tripStart, tripEnd); i++) {
    const date = addDaysIso(tripStart, i);
    if (!withEvents.has(date)) withEvents.set(date, { date, dayNumber: i + 1, events: [] });
  }
  return [...withEvents.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** "+1 800 555 0199" → "tel:+18005550199". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A run of free days longer than this is listed as one row until opened: a trip of months or years stays quick to draw and to read. */
export const foldFreeDaysAfter = 14;

/** One row of the planning itinerary: a day, or a long run of free days shown as one. */
export type ItineraryRow =
  | { kind: 'day'; day: ItineraryDay }
  | { kind: 'free'; from: ItineraryDay; to: ItineraryDay; count: number };

/**
 * The days as rows, each run of more than `foldFreeDaysAfter` free days in one row, except the
 * runs the traveller opened (by their first date) and today, which always shows as a day.
 */
export function foldFreeDays(days: ItineraryDay[], today: string, opened: ReadonlySet<string>): ItineraryRow[] {
  const rows: ItineraryRow[] = [];
  let run: ItineraryDay[] = [];
  const endRun = () => {
    const [first] = run;
    const last = run[run.length - 1];
    if (first && last && run.length > foldFreeDaysAfter && !opened.has(first.date)) {
      rows.push({ kind: 'free', from: first, to: last, count: run.length });
    } else for (const day of run) rows.push({ kind: 'day', day });
    run = [];
  };
  for (const day of days) {
    const previous = run[run.length - 1];
    const follows = !previous || daysBetween(previous.date, day.date) === 1;
    if (day.events.length === 0 && day.date !== today && follows) {
      run.push(day);
      continue;
    }
    endRun();
    if (day.events.length === 0 && day.date !== today) run.push(day);
    else rows.push({ kind: 'day', day });
  }
  endRun();
  return rows;
}

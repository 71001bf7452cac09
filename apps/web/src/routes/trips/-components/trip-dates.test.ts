import { describe, expect, it } from 'vitest';
import type { TripEvent } from '~/lib/api-types';
import { todayIn } from '@naav/schemas/dates';
import { formatTripLength, tripLength } from '~/lib/format';
import { everyTripDay, foldFreeDays, formatDayHeading, groupByDay, telHref } from './trip-dates';
import { anEvent } from '~/test/fixtures';

const event = (id: string, date: string, startTime: string | null): TripEvent =>
  anEvent({ id, title: id, date, startTime });

describe('trip length', () => {
  it('counts both the first and the last day, and one night fewer', () => {
    expect(tripLength('2025-06-13', '2025-06-19')).toEqual({ days: 7, nights: 6 });
    expect(formatTripLength('2025-06-13', '2025-06-19')).toBe('7 days / 6 nights');
    expect(formatTripLength('2025-06-13', '2025-06-14')).toBe('2 days / 1 night');
    expect(formatTripLength('2025-06-13', '2025-06-13')).toBe('1 day / 0 nights');
    // Across a daylight-saving change and a month end.
    expect(formatTripLength('2025-03-28', '2025-04-02')).toBe('6 days / 5 nights');
  });
});

describe('itinerary days', () => {
  it('groups by day in date order, by start time within a day, untimed last, numbered from the first day', () => {
    const days = groupByDay(
      [
        event('late', '2025-06-15', '20:00:00'),
        event('untimed', '2025-06-15', null),
        event('first', '2025-06-13', '07:35:00'),
        event('early', '2025-06-15', '08:00:00'),
      ],
      '2025-06-13',
    );
    expect(days.map((d) => [d.date, d.dayNumber, d.events.map((e) => e.id)])).toEqual([
      ['2025-06-13', 1, ['first']],
      ['2025-06-15', 3, ['early', 'late', 'untimed']],
    ]);
  });

  it('lists every day of the trip for planning, free days empty, and keeps an event left outside the trip on its own day', () => {
    const days = everyTripDay(
      [event('Dinner', '2025-06-14', '20:00:00'), event('Stray', '2025-06-20', null)],
      '2025-06-13',
      '2025-06-15',
    );
    expect(days.map((d) => [d.date, d.dayNumber, d.events.map((e) => e.title)])).toEqual([
      ['2025-06-13', 1, []],
      ['2025-06-14', 2, ['Dinner']],
      ['2025-06-15', 3, []],
      ['2025-06-20', 8, ['Stray']],
    ]);
  });

  it('shows a run of more than two weeks of free days as one row, unless it was opened or holds today', () => {
    // A year-long trip with a flight on its first day and a hotel on day 20.
    const days = everyTripDay(
      [event('Flight', '2027-01-01', '09:00:00'), event('Hotel', '2027-01-20', null)],
      '2027-01-01',
      '2027-12-31',
    );
    const rows = (today: string, opened: string[] = []) =>
      foldFreeDays(days, today, new Set(opened)).map((row) =>
        row.kind === 'day' ? row.day.date : `${row.from.date}..${row.to.date} (${row.count})`,
      );
    expect(rows('2026-11-28')).toEqual([
      '2027-01-01',
      '2027-01-02..2027-01-19 (18)',
      '2027-01-20',
      '2027-01-21..2027-12-31 (345)',
    ]);
    // Opened, a run lists each of its days again.
    expect(rows('2026-11-28', ['2027-01-02'])).toHaveLength(1 + 18 + 1 + 1);
    // Today is always a day of its own; fourteen free days or fewer stay listed one by one.
    const january = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `2027-01-${String(from + i).padStart(2, '0')}`);
    expect(rows('2027-01-16')).toEqual([...january(1, 20), '2027-01-21..2027-12-31 (345)']);
  });

  it('heads a day with its weekday and date in US English', () => {
    expect(formatDayHeading('2025-06-15')).toBe('Sunday, June 15, 2025');
  });

  it("knows today's date where the trip is", () => {
    const now = new Date('2025-06-15T23:30:00Z');
    expect(todayIn('Europe/Lisbon', now)).toBe('2025-06-16');
    expect(todayIn('America/New_York', now)).toBe('2025-06-15');
  });
});

describe('phones', () => {
  it('dials a phone number without its spaces', () => {
    expect(telHref('+1 800 555 0199')).toBe('tel:+18005550199');
  });
});

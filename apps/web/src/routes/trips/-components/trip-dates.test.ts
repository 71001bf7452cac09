import { describe, expect, it } from 'vitest';
import type { TripEvent } from '~/lib/api-types';
import { todayIn } from '@naav/schemas/dates';
import { formatTripLength, tripLength } from '~/lib/format';
import { everyTripDay, formatDayHeading, groupByDay, telHref } from './trip-dates';
import { anEvent } from '~/test/fixtures';

const event = (id: string, date: string, startTime: string | null): TripEvent => anEvent({ id, title: id, date, startTime });

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
      [event('late', '2025-06-15', '20:00:00'), event('untimed', '2025-06-15', null), event('first', '2025-06-13', '07:35:00'), event('early', '2025-06-15', '08:00:00')],
      '2025-06-13',
    );
    expect(days.map((d) => [d.date, d.dayNumber, d.events.map((e) => e.id)])).toEqual([
      ['2025-06-13', 1, ['first']],
      ['2025-06-15', 3, ['early', 'late', 'untimed']],
    ]);
  });

  it('lists every day of the trip for planning, free days empty, and keeps an event left outside the trip on its own day', () => {
    const days = everyTripDay([event('Dinner', '2025-06-14', '20:00:00'), event('Stray', '2025-06-20', null)], '2025-06-13', '2025-06-15');
    expect(days.map((d) => [d.date, d.dayNumber, d.events.map((e) => e.title)])).toEqual([
      ['2025-06-13', 1, []],
      ['2025-06-14', 2, ['Dinner']],
      ['2025-06-15', 3, []],
      ['2025-06-20', 8, ['Stray']],
    ]);
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

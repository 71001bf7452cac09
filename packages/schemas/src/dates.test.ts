import { describe, expect, it } from 'vitest';
import { tz } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';
import {
  addDaysIso,
  addMonthsIso,
  dayIndexOf,
  daysBetween,
  isoDateOf,
  monthNames,
  parseIsoDate,
  todayIn,
  tripDayCount,
  wallClockIn,
} from './dates';

describe('todayIn', () => {
  it('turns to the next day at local midnight in each zone, to the minute', () => {
    // Kathmandu is UTC+5:45: midnight there is 18:15 UTC.
    expect(todayIn('Asia/Kathmandu', new Date('2026-11-25T18:14:59.999Z'))).toBe('2026-11-25');
    expect(todayIn('Asia/Kathmandu', new Date('2026-11-25T18:15:00.000Z'))).toBe('2026-11-26');
    expect(todayIn('Asia/Kathmandu', new Date('2026-11-25T18:14:30.000Z'))).toBe('2026-11-25');
    // New York on the day its clocks go back (UTC-4 until 06:00 UTC, then UTC-5).
    expect(todayIn('America/New_York', new Date('2026-11-01T03:59:00Z'))).toBe('2026-10-31');
    expect(todayIn('America/New_York', new Date('2026-11-01T04:00:00Z'))).toBe('2026-11-01');
    expect(todayIn('America/New_York', new Date('2026-11-02T04:59:00Z'))).toBe('2026-11-01');
    expect(todayIn('America/New_York', new Date('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
    // Back in time as well as forward.
    expect(todayIn('Asia/Kathmandu', new Date('2020-01-01T00:00:00Z'))).toBe('2020-01-01');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-11-25T09:59:00Z'))).toBe('2026-11-25');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-26');
  });

  it("finds today's date on either side of the date line", () => {
    const instant = new Date('2026-11-22T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-11-22');
    expect(todayIn('Pacific/Auckland', instant)).toBe('2026-11-23');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-11-22');
  });

  it('answers UTC for a zone it does not know', () => {
    expect(todayIn('Mars/Olympus_Mons', new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-25');
    expect(todayIn('Not/AZone', new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-22');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    // Across the change to summer time in most of Europe and North America.
    expect(addDaysIso('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDaysIso('2026-03-07', 2)).toBe('2026-03-09');
  });

  it('adds months, ending on the last day of a shorter month', () => {
    expect(addMonthsIso('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsIso('2026-11-26', 6)).toBe('2027-05-26');
    expect(addMonthsIso('2026-11-26', -1)).toBe('2026-10-26');
  });

  it('counts the days between two dates and a trip inclusively', () => {
    expect(daysBetween('2026-06-13', '2026-06-19')).toBe(6);
    expect(daysBetween('2026-06-19', '2026-06-13')).toBe(-6);
    expect(tripDayCount('2026-06-13', '2026-06-19')).toBe(7);
    expect(tripDayCount('2026-06-13', '2026-06-13')).toBe(1);
    expect(tripDayCount('2026-12-30', '2027-01-02')).toBe(4);
  });

  it('finds a date within a range, or says it is outside', () => {
    expect(dayIndexOf('2026-06-13', '2026-06-19', '2026-06-13')).toBe(0);
    expect(dayIndexOf('2026-06-13', '2026-06-19', '2026-06-19')).toBe(6);
    expect(dayIndexOf('2026-06-13', '2026-06-19', '2026-06-20')).toBeNull();
    expect(dayIndexOf('2026-06-13', '2026-06-19', '2026-06-12')).toBeNull();
  });

  it('names the twelve months', () => {
    expect(monthNames).toHaveLength(12);
    expect(monthNames[0]).toBe('January');
    expect(monthNames[11]).toBe('December');
  });
});

describe('dates written without date-fns’s formatter', () => {
  // Every six hours and seventeen minutes over 2026, through both daylight-saving changes of
  // each zone, either side of the date line, half-hour and 45-minute offsets.
  const zones = ['UTC', 'Europe/Lisbon', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
  const instants = Array.from({ length: 1400 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 377 * 60_000));
  const zonesWithOddOffsets = [...zones, 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe'];

  it('reads the wall clock of an instant in a zone as date-fns’s zoned format does', () => {
    for (const timeZone of zonesWithOddOffsets) {
      for (const instant of instants) {
        expect(wallClockIn(instant, timeZone).toISOString().slice(0, 16)).toBe(
          format(instant, "yyyy-MM-dd'T'HH:mm", { in: tz(timeZone) }),
        );
      }
    }
  });

  it('writes a local date as format(date, "yyyy-MM-dd") does, and refuses an invalid one the same way', () => {
    for (const instant of instants) expect(isoDateOf(instant)).toBe(format(instant, 'yyyy-MM-dd'));
    expect(isoDateOf(new Date(9, 0, 1))).toBe(format(new Date(9, 0, 1), 'yyyy-MM-dd'));
    expect(() => isoDateOf(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => addDaysIso('not a date', 1)).toThrow(RangeError);
  });
});

describe('parseIsoDate', () => {
  it('reads every day of four years, leap days included, as parseISO does', () => {
    for (let day = 0; day < 4 * 366; day++) {
      const date = isoDateOf(new Date(2027, 0, 1 + day));
      expect(parseIsoDate(date)).toEqual(parseISO(date));
    }
    for (const date of ['0099-03-01', '1970-01-01', '2099-12-31']) expect(parseIsoDate(date)).toEqual(parseISO(date));
  });

  it('answers an invalid date for a day that does not exist, as parseISO does, and for what is not a date', () => {
    for (const date of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '2026-01-00']) {
      expect(Number.isNaN(parseIsoDate(date).getTime())).toBe(true);
      expect(Number.isNaN(parseISO(date).getTime())).toBe(true);
    }
    for (const text of ['', 'soon', '2026-1-5', '2026-11-20 '])
      expect(Number.isNaN(parseIsoDate(text).getTime())).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  byStartInstant,
  dateInZone,
  endsBeforeStart,
  formatDuration,
  instantIn,
  isTodayWhereItHappens,
  spanMinutes,
  zoneCity,
  zoneShortName,
} from './zones';

describe('instantIn', () => {
  it('places a wall time in its zone with that day’s offset', () => {
    expect(instantIn('2026-12-10', '11:35', 'Europe/Lisbon').toISOString()).toBe('2026-12-10T11:35:00.000Z');
    expect(instantIn('2026-07-10', '11:35', 'Europe/Lisbon').toISOString()).toBe('2026-07-10T10:35:00.000Z');
    expect(instantIn('2026-12-11', '14:25:00', 'Asia/Tokyo').toISOString()).toBe('2026-12-11T05:25:00.000Z');
  });

  it('reads a time in the hour skipped when summer time starts as the same wall time after the jump', () => {
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT; 02:30 does not exist.
    expect(instantIn('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // London, 29 March 2026: 01:00 GMT becomes 02:00 BST.
    expect(instantIn('2026-03-29', '01:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('reads a time in the hour repeated when summer time ends as its first occurrence, east and west of Greenwich', () => {
    // New York, 1 November 2026: 01:30 happens in EDT, then again in EST.
    expect(instantIn('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // London, 25 October 2026: 01:30 BST comes first (00:30 UTC), then 01:30 GMT.
    expect(instantIn('2026-10-25', '01:30', 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // Berlin: 02:30 CEST (00:30 UTC) before 02:30 CET.
    expect(instantIn('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('counts an unknown zone as UTC', () => {
    expect(instantIn('2026-12-10', '09:00', 'Mars/Olympus').toISOString()).toBe('2026-12-10T09:00:00.000Z');
  });
});

describe('spanMinutes across daylight-saving changes', () => {
  it('a 01:00–03:00 event on the day summer time starts lasts one hour', () => {
    expect(
      spanMinutes({ date: '2026-03-08', startTime: '01:00', endTime: '03:00', timeZone: 'America/New_York' }),
    ).toBe(60);
    expect(spanMinutes({ date: '2026-03-29', startTime: '00:30', endTime: '02:30', timeZone: 'Europe/Lisbon' })).toBe(
      60,
    );
  });

  it('a 00:30–02:30 event on the day summer time ends lasts three hours', () => {
    expect(
      spanMinutes({ date: '2026-11-01', startTime: '00:30', endTime: '02:30', timeZone: 'America/New_York' }),
    ).toBe(180);
    expect(spanMinutes({ date: '2026-10-25', startTime: '00:30', endTime: '02:30', timeZone: 'Europe/London' })).toBe(
      180,
    );
  });

  it('a two-hour event on an ordinary day lasts 120 minutes', () => {
    expect(
      spanMinutes({ date: '2026-11-02', startTime: '00:30', endTime: '02:30', timeZone: 'America/New_York' }),
    ).toBe(120);
  });

  it('is null without both times', () => {
    expect(spanMinutes({ date: '2026-11-02', startTime: '00:30', timeZone: 'UTC' })).toBeNull();
  });
});

describe('journeys between zones', () => {
  const lisbonTokyo = {
    date: '2026-12-10',
    startTime: '11:35',
    timeZone: 'Europe/Lisbon',
    endDate: '2026-12-11',
    endTime: '14:25',
    endTimeZone: 'Asia/Tokyo',
  };

  it('Lisbon 11:35 → Tokyo 14:25 the next day takes 17 h 50 m', () => {
    const minutes = spanMinutes(lisbonTokyo);
    expect(minutes).toBe(17 * 60 + 50);
    expect(formatDuration(minutes!)).toBe('17 h 50 m');
    expect(endsBeforeStart(lisbonTokyo)).toBe(false);
  });

  it('over the date line eastwards a flight lands the local day before it leaves, and that is not an end before the start', () => {
    // Tokyo 21:00 on the 11th lands in Honolulu at 09:15 the same calendar day, hours "earlier".
    const tokyoHonolulu = {
      date: '2026-12-11',
      startTime: '21:00',
      timeZone: 'Asia/Tokyo',
      endDate: '2026-12-11',
      endTime: '09:15',
      endTimeZone: 'Pacific/Honolulu',
    };
    expect(spanMinutes(tokyoHonolulu)).toBe(7 * 60 + 15);
    expect(endsBeforeStart(tokyoHonolulu)).toBe(false);
    // Leaving Tokyo at 01:00 on the 11th, it lands on the 10th.
    const previousDay = { ...tokyoHonolulu, startTime: '01:00', endDate: '2026-12-10', endTime: '13:30' };
    expect(spanMinutes(previousDay)).toBe(7 * 60 + 30);
    expect(endsBeforeStart(previousDay)).toBe(false);
  });

  it('a flight that lands before it leaves in local time (London 10:00 → New York 12:55) is fine', () => {
    const span = {
      date: '2026-12-10',
      startTime: '10:00',
      timeZone: 'Europe/London',
      endTime: '12:55',
      endTimeZone: 'America/New_York',
    };
    expect(spanMinutes(span)).toBe(7 * 60 + 55);
    expect(endsBeforeStart(span)).toBe(false);
    // ...and one whose times, each in its zone, really end before the start is refused.
    expect(endsBeforeStart({ ...span, endTime: '04:30' })).toBe(true);
  });

  it('a same-zone event ending earlier the same day ends before it starts', () => {
    expect(endsBeforeStart({ date: '2026-12-10', startTime: '10:00', endTime: '09:00', timeZone: 'Asia/Tokyo' })).toBe(
      true,
    );
    expect(
      endsBeforeStart({
        date: '2026-12-10',
        startTime: '22:00',
        endDate: '2026-12-11',
        endTime: '06:00',
        timeZone: 'Asia/Tokyo',
      }),
    ).toBe(false);
  });

  it('without times, only an earlier end day in the same zone is before the start', () => {
    expect(endsBeforeStart({ date: '2026-12-10', endDate: '2026-12-09', timeZone: 'Asia/Tokyo' })).toBe(true);
    expect(
      endsBeforeStart({
        date: '2026-12-10',
        endDate: '2026-12-09',
        timeZone: 'Asia/Tokyo',
        endTimeZone: 'Pacific/Honolulu',
      }),
    ).toBe(false);
  });
});

describe('labels', () => {
  it('formats durations as a boarding pass does', () => {
    expect(formatDuration(45)).toBe('45 m');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(1070)).toBe('17 h 50 m');
  });

  it('dates an instant in each zone', () => {
    const instant = new Date('2026-12-10T20:30:00Z');
    expect(dateInZone(instant, 'Asia/Tokyo')).toBe('2026-12-11');
    expect(dateInZone(instant, 'Europe/Lisbon')).toBe('2026-12-10');
    expect(dateInZone(instant, 'Pacific/Honolulu')).toBe('2026-12-10');
  });

  it('names a zone by its short name and city', () => {
    expect(zoneShortName('Asia/Tokyo', new Date('2026-12-10T00:00:00Z'))).toBe('GMT+9');
    expect(zoneShortName('America/New_York', new Date('2026-07-10T00:00:00Z'))).toBe('EDT');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneCity('Asia/Tokyo')).toBe('Tokyo');
  });
});

describe('today where it happens', () => {
  // 23:00 UTC on 10 December: the 11th in Tokyo, still the 10th in Lisbon.
  const now = new Date('2026-12-10T23:00:00Z');
  const flight = { date: '2026-12-10', startTime: '22:35', timeZone: 'Europe/Lisbon' };
  const ramen = { date: '2026-12-11', startTime: '19:00', timeZone: 'Asia/Tokyo' };
  const breakfast = { date: '2026-12-11', startTime: '08:00', timeZone: 'Europe/Lisbon' };

  it('reads each event’s day on its own clocks', () => {
    expect(isTodayWhereItHappens(flight, now)).toBe(true);
    expect(isTodayWhereItHappens(ramen, now)).toBe(true);
    expect(isTodayWhereItHappens(breakfast, now)).toBe(false);
  });

  it('orders events by the instant they start, whatever their zones; untimed ones last', () => {
    const untimed = { date: '2026-12-11', timeZone: 'Asia/Tokyo' };
    // 22:35 in Lisbon on the 10th is 07:35 on the 11th in Tokyo, before the 19:00 ramen.
    expect([ramen, untimed, flight].sort(byStartInstant)).toEqual([flight, ramen, untimed]);
  });
});

import { describe, expect, it } from 'vitest';
import { inQuietHours, nextDigestAt, quietHoursEnd } from './schedule';

const overnight = { quietHours: { start: '22:00', end: '07:00' }, timeZone: 'Europe/Berlin' };

describe('quiet hours', () => {
  it('span midnight in the person’s zone: the start is in, the end is not', () => {
    // Berlin is UTC+1 in January.
    expect(inQuietHours(new Date('2026-01-15T20:59:00Z'), overnight)).toBe(false);
    expect(inQuietHours(new Date('2026-01-15T21:00:00Z'), overnight)).toBe(true);
    expect(inQuietHours(new Date('2026-01-16T02:00:00Z'), overnight)).toBe(true);
    expect(inQuietHours(new Date('2026-01-16T06:00:00Z'), overnight)).toBe(false);
    expect(inQuietHours(new Date('2026-01-16T06:00:00Z'), { ...overnight, quietHours: null })).toBe(false);
  });

  it('end at the next local end time, across the night summer time starts', () => {
    expect(quietHoursEnd(new Date('2026-01-15T23:00:00Z'), overnight)).toEqual(new Date('2026-01-16T06:00:00Z'));
    // 29 March 2026: Berlin moves to UTC+2 at 01:00 UTC, so 07:00 is 05:00 UTC.
    expect(quietHoursEnd(new Date('2026-03-28T22:00:00Z'), overnight)).toEqual(new Date('2026-03-29T05:00:00Z'));
    // Outside quiet hours nothing waits.
    const noon = new Date('2026-01-15T11:00:00Z');
    expect(quietHoursEnd(noon, overnight)).toEqual(noon);
  });

  it('within one day (13:00 to 14:00) hold only that hour', () => {
    const lunch = { quietHours: { start: '13:00', end: '14:00' }, timeZone: null };
    expect(inQuietHours(new Date('2026-01-15T13:30:00Z'), lunch)).toBe(true);
    expect(inQuietHours(new Date('2026-01-15T23:30:00Z'), lunch)).toBe(false);
    expect(quietHoursEnd(new Date('2026-01-15T13:30:00Z'), lunch)).toEqual(new Date('2026-01-15T14:00:00Z'));
  });
});

describe('the daily digest', () => {
  it('goes at the next 08:00 in the person’s zone, later when quiet hours hold 08:00', () => {
    const tokyo = { quietHours: null, timeZone: 'Asia/Tokyo' };
    // 10:00 UTC is 19:00 in Tokyo: the next 08:00 there is 23:00 UTC.
    expect(nextDigestAt(new Date('2026-01-15T10:00:00Z'), tokyo)).toEqual(new Date('2026-01-15T23:00:00Z'));
    const lateRiser = { quietHours: { start: '23:00', end: '09:30' }, timeZone: 'Asia/Tokyo' };
    expect(nextDigestAt(new Date('2026-01-15T10:00:00Z'), lateRiser)).toEqual(new Date('2026-01-16T00:30:00Z'));
  });
});

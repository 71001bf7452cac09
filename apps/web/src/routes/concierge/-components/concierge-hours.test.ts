import { describe, expect, it } from 'vitest';
import { formatClock, isOpenAt } from './concierge-hours';

// Local times: the indicator follows the traveller's own clock.
const at = (day: string, time: string) => new Date(`${day}T${time}`);

describe('concierge hours (§9)', () => {
  it('is open Monday-Friday 8:00 AM-10:00 PM', () => {
    expect(isOpenAt(at('2026-11-23', '07:59'))).toBe(false); // a Monday
    expect(isOpenAt(at('2026-11-23', '08:00'))).toBe(true);
    expect(isOpenAt(at('2026-11-27', '21:59'))).toBe(true); // a Friday
    expect(isOpenAt(at('2026-11-27', '22:00'))).toBe(false);
  });

  it('is open Saturday 9:00 AM-8:00 PM and Sunday 10:00 AM-6:00 PM', () => {
    expect(isOpenAt(at('2026-11-28', '08:30'))).toBe(false);
    expect(isOpenAt(at('2026-11-28', '19:30'))).toBe(true);
    expect(isOpenAt(at('2026-11-28', '20:00'))).toBe(false);
    expect(isOpenAt(at('2026-11-29', '09:59'))).toBe(false);
    expect(isOpenAt(at('2026-11-29', '17:59'))).toBe(true);
    expect(isOpenAt(at('2026-11-29', '18:00'))).toBe(false);
  });

  it('shows times on a 12-hour clock', () => {
    expect(formatClock(at('2026-11-23', '15:05').toISOString())).toBe('3:05 PM');
    expect(formatClock(at('2026-11-23', '00:10').toISOString())).toBe('12:10 AM');
  });
});

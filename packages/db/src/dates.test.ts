import { describe, expect, it } from 'vitest';
import { addDaysIso, localDate } from './dates';

describe('localDate', () => {
  it('turns to the next day at local midnight in each zone, to the minute', () => {
    // Kathmandu is UTC+5:45: midnight there is 18:15 UTC.
    expect(localDate('Asia/Kathmandu', new Date('2026-11-25T18:14:59.999Z'))).toBe('2026-11-25');
    expect(localDate('Asia/Kathmandu', new Date('2026-11-25T18:15:00.000Z'))).toBe('2026-11-26');
    expect(localDate('Asia/Kathmandu', new Date('2026-11-25T18:14:30.000Z'))).toBe('2026-11-25');
    // New York on the day its clocks go back (UTC-4 until 06:00 UTC, then UTC-5).
    expect(localDate('America/New_York', new Date('2026-11-01T03:59:00Z'))).toBe('2026-10-31');
    expect(localDate('America/New_York', new Date('2026-11-01T04:00:00Z'))).toBe('2026-11-01');
    expect(localDate('America/New_York', new Date('2026-11-02T04:59:00Z'))).toBe('2026-11-01');
    expect(localDate('America/New_York', new Date('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
    // Back in time as well as forward.
    expect(localDate('Asia/Kathmandu', new Date('2020-01-01T00:00:00Z'))).toBe('2020-01-01');
    expect(localDate('Pacific/Kiritimati', new Date('2026-11-25T09:59:00Z'))).toBe('2026-11-25');
    expect(localDate('Pacific/Kiritimati', new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-26');
  });

  it('answers UTC for a zone it does not know', () => {
    expect(localDate('Mars/Olympus_Mons', new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-25');
  });

  it('adds days across months and years', () => {
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
  });
});

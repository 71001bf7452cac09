import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatTime } from './format';

describe('formatTime', () => {
  it('uses a 12-hour clock', () => {
    expect(formatTime('00:05:00')).toBe('12:05 AM');
    expect(formatTime('08:00:00')).toBe('8:00 AM');
    expect(formatTime('12:30:00')).toBe('12:30 PM');
    expect(formatTime('20:45:00')).toBe('8:45 PM');
  });
  it('shows --:-- when the time is missing', () => {
    expect(formatTime(null)).toBe('--:--');
    expect(formatTime('')).toBe('--:--');
  });
});

describe('formatDate', () => {
  it('uses short US English dates', () => {
    expect(formatDate('2026-11-02')).toBe('Nov 2, 2026');
    expect(formatDateRange('2026-11-20', '2026-11-26')).toBe('Nov 20 – Nov 26, 2026');
    expect(formatDateRange('2026-12-30', '2027-01-03')).toBe('Dec 30, 2026 – Jan 3, 2027');
  });
});

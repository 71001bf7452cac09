import { describe, expect, it } from 'vitest';
import {
  dayShift,
  eventDuration,
  formatDate,
  formatDateRange,
  formatTime,
  isJourney,
  placeShortName,
  zoneLabel,
} from './format';

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

describe('times in their own zones', () => {
  it('names a place as a boarding pass does', () => {
    expect(placeShortName('Lisbon (LIS)', 'Europe/Lisbon')).toBe('Lisbon');
    expect(placeShortName('San Francisco Airport (SFO)', 'America/Los_Angeles')).toBe('San Francisco');
    expect(placeShortName('Aeropuerto Adolfo Suárez Madrid–Barajas Terminal 4 (MAD)', 'Europe/Madrid')).toBe('MAD');
    expect(placeShortName(null, 'America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });

  it('counts the days an end is after (or, over the date line, before) its start', () => {
    expect(dayShift('2026-12-10', '2026-12-11')).toBe('+1');
    expect(dayShift('2026-12-12', '2026-12-11')).toBe('-1');
    expect(dayShift('2026-12-10', null)).toBe('');
  });

  it('labels a zone only where it reads differently from the trip’s', () => {
    expect(zoneLabel('Europe/Lisbon', 'Asia/Tokyo', '2026-12-10', '11:35')).toBe('GMT');
    expect(zoneLabel('Asia/Tokyo', 'Asia/Tokyo', '2026-12-10', '11:35')).toBeNull();
    // Madrid and Paris keep the same clocks: no label.
    expect(zoneLabel('Europe/Madrid', 'Europe/Paris', '2026-12-10', '11:35')).toBeNull();
  });

  it('shows a transport event with an arrival of its own as a journey', () => {
    const train = {
      type: 'transportation',
      date: '2026-12-10',
      startTime: '08:00',
      endTime: '10:30',
      timeZone: 'Europe/Lisbon',
    };
    expect(isJourney(train)).toBe(false);
    expect(isJourney({ ...train, endLocation: 'Porto' })).toBe(true);
    expect(isJourney({ ...train, type: 'activity', endLocation: 'Porto' })).toBe(false);
    expect(eventDuration({ ...train, endTimeZone: 'Europe/Madrid' })).toBe('1 h 30 m');
  });
});

import { describe, expect, it } from 'vitest';
import { fromTripInput, toTripInput } from './booking-times';

describe('booking times on the card', () => {
  it('shows a time with an offset in the trip’s zone', () => {
    // 20:15 in San Francisco is 23:15 in New York and 04:15 the next day in Lisbon.
    expect(toTripInput('2027-03-04T20:15:00-08:00', 'America/Los_Angeles', 'America/New_York')).toBe('2027-03-04T23:15');
    expect(toTripInput('2027-03-04T20:15:00-08:00', null, 'Europe/Lisbon')).toBe('2027-03-05T04:15');
  });

  it('reads a time without offset in the booking’s zone, or as trip time when it has none', () => {
    expect(toTripInput('2027-07-09T20:00:00', 'Europe/Rome', 'America/New_York')).toBe('2027-07-09T14:00');
    expect(toTripInput('2027-07-09T20:00:00', null, 'America/New_York')).toBe('2027-07-09T20:00');
    expect(toTripInput('2027-06-16', null, 'Europe/Lisbon')).toBe('2027-06-16');
  });

  it('writes an edited time back with the trip zone’s offset of that day', () => {
    expect(fromTripInput('2027-03-04T22:00', 'America/New_York')).toBe('2027-03-04T22:00:00-05:00');
    expect(fromTripInput('2027-07-09T14:00', 'America/New_York')).toBe('2027-07-09T14:00:00-04:00');
    expect(fromTripInput('2027-06-16', 'Europe/Lisbon')).toBe('2027-06-16');
    expect(fromTripInput('', 'Europe/Lisbon')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './booking-times';

describe('booking times', () => {
  it('shows the local time a booking states, never converted into the trip’s zone', () => {
    expect(toLocalInput('2027-03-04T20:15:00-08:00')).toBe('2027-03-04T20:15');
    expect(toLocalInput('2027-07-09T20:00:00')).toBe('2027-07-09T20:00');
    expect(toLocalInput('2027-03-05T06:30:00-05:00')).toBe('2027-03-05T06:30');
    expect(toLocalInput('2027-06-16')).toBe('2027-06-16');
  });

  it('keeps the offset the booking stated for an edited time, and a date as a date', () => {
    expect(fromLocalInput('2027-03-04T22:00', '2027-03-04T20:15:00-08:00')).toBe('2027-03-04T22:00:00-08:00');
    expect(fromLocalInput('2027-07-09T14:00', '2027-07-09T20:00:00')).toBe('2027-07-09T14:00:00');
    expect(fromLocalInput('2027-07-09T14:00', null)).toBe('2027-07-09T14:00:00');
    expect(fromLocalInput('2027-06-16', null)).toBe('2027-06-16');
    expect(fromLocalInput('', null)).toBeNull();
  });
});

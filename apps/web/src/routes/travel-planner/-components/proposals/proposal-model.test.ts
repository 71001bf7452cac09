import { describe, expect, it } from 'vitest';
import { formatWholeMoney } from '~/lib/money';
import { tripDayCount } from '@naav/schemas/dates';
import { formatTripLength } from '~/lib/format';
import { defaultExpiryFor, defaultProposalDates, itineraryDays, parseWholeDollars, splitLines, totalCost, type ProposalItem } from './proposal-model';

const item = (over: Partial<ProposalItem>): ProposalItem => ({
  id: 'i',
  proposalId: 'p',
  day: 1,
  title: 'Item',
  description: null,
  type: 'activity',
  startTime: '09:00',
  endTime: '12:00',
  location: null,
  cost: 0,
  included: true,
  notes: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('proposal model', () => {
  it('counts days inclusively and nights as days minus one', () => {
    expect(tripDayCount('2026-04-10', '2026-04-16')).toBe(7);
    expect(formatTripLength('2026-04-10', '2026-04-16')).toBe('7 days / 6 nights');
    expect(formatTripLength('2026-04-10', '2026-04-10')).toBe('1 day / 0 nights');
    expect(formatTripLength('2026-04-10', '2026-04-11')).toBe('2 days / 1 night');
  });

  it('sums only included items and shows USD with thousands separators', () => {
    expect(totalCost([item({ cost: 1200 }), item({ cost: 99, included: false }), item({ cost: 10800 })])).toBe(12000);
    expect(formatWholeMoney(12000)).toBe('$12,000');
  });

  it('puts every day in the accordion, items sorted by start time, across a month end', () => {
    const days = itineraryDays('2026-03-30', '2026-04-01', [
      item({ id: 'b', day: 1, startTime: '14:00', title: 'Late' }),
      item({ id: 'a', day: 1, startTime: '08:30', title: 'Early' }),
      item({ id: 'c', day: 3, title: 'Last' }),
    ]);
    expect(days.map((d) => [d.day, d.date, d.items.map((i) => i.id)])).toEqual([
      [1, '2026-03-30', ['a', 'b']],
      [2, '2026-03-31', []],
      [3, '2026-04-01', ['c']],
    ]);
  });

  it('defaults a new proposal to today … today + 7, expiring today + 14', () => {
    expect(defaultProposalDates('2026-12-28')).toEqual({ startDate: '2026-12-28', endDate: '2027-01-04', expiryDate: '2026-12-28' });
  });

  it('lets a new proposal expire a week from today, but always before the trip starts and never before today', () => {
    // A trip a month away: a week to decide.
    expect(defaultExpiryFor('2026-12-28', '2027-01-28')).toBe('2027-01-04');
    // A trip in five days: the day before it starts.
    expect(defaultExpiryFor('2026-12-28', '2027-01-02')).toBe('2027-01-01');
    // Exactly eight days away: the week and the day before meet.
    expect(defaultExpiryFor('2026-12-28', '2027-01-05')).toBe('2027-01-04');
    // Starting tomorrow: today, the day before it.
    expect(defaultExpiryFor('2026-12-28', '2026-12-29')).toBe('2026-12-28');
    // Starting today (or already begun): today, the earliest expiry there is.
    expect(defaultExpiryFor('2026-12-28', '2026-12-28')).toBe('2026-12-28');
    expect(defaultExpiryFor('2026-12-28', '2026-12-01')).toBe('2026-12-28');
  });

  it('parses budgets as integers (default 0) and splits lists by line', () => {
    expect(parseWholeDollars('12,500')).toBe(12500);
    expect(parseWholeDollars('99.9')).toBe(99);
    expect(parseWholeDollars('')).toBe(0);
    expect(parseWholeDollars('abc')).toBe(0);
    expect(splitLines(' Spa \n\n Boat day ')).toEqual(['Spa', 'Boat day']);
  });
});

import { describe, expect, it } from 'vitest';
import type { Trip } from '~/lib/api-types';
import { aTravel, aTrip } from '~/test/fixtures';
import { pastEntries } from './past-trips';

const trip = (id: string, startDate: string, status: Trip['status']) => aTrip({ id, title: id, startDate, endDate: startDate, status });
const travel = (id: string, startDate: string, tripId: string | null = null) => aTravel({ id, tripId, title: id, startDate, endDate: startDate });

describe('Past Trips', () => {
  it('lists ended and cancelled trips and the journal’s travels, newest first, each trip once', () => {
    const entries = pastEntries(
      [trip('trip-santorini', '2026-05-01', 'past'), trip('trip-kyoto', '2026-12-25', 'upcoming'), trip('trip-lisbon', '2026-11-23', 'current'), trip('trip-oslo', '2027-02-01', 'cancelled')],
      [travel('travel-rome', '2025-04-10'), travel('travel-santorini', '2026-05-01', 'trip-santorini'), travel('travel-bali', '2026-08-02'), travel('travel-gone', '2024-01-01', 'trip-deleted')],
    );
    expect(entries.map((e) => (e.kind === 'trip' ? e.trip.id : e.travel.id))).toEqual(['trip-oslo', 'travel-bali', 'trip-santorini', 'travel-rome', 'travel-gone']);
  });

  it('is empty without trips behind or a journal', () => {
    expect(pastEntries([trip('trip-kyoto', '2026-12-25', 'upcoming')], [])).toEqual([]);
  });

  it('keeps trips older than the travels read so far back until their page is read, so the order holds', () => {
    const trips = [trip('trip-santorini', '2025-05-01', 'past'), trip('trip-oslo', '2026-09-01', 'cancelled')];
    const firstPage = [travel('travel-bali', '2026-08-02'), travel('travel-rome', '2026-04-10')];
    const ids = (entries: ReturnType<typeof pastEntries>) => entries.map((e) => (e.kind === 'trip' ? e.trip.id : e.travel.id));
    expect(ids(pastEntries(trips, firstPage, true))).toEqual(['trip-oslo', 'travel-bali', 'travel-rome']);
    // Every page read: the older trip takes its place.
    expect(ids(pastEntries(trips, [...firstPage, travel('travel-porto', '2024-03-01')], false))).toEqual([
      'trip-oslo',
      'travel-bali',
      'travel-rome',
      'trip-santorini',
      'travel-porto',
    ]);
  });
});

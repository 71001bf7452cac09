import type { Travel, Trip } from '~/lib/api-types';

/** One card of Past Trips: a trip planned here (ended or cancelled), or a travel of the journal. */
export type PastEntry =
  | { kind: 'trip'; trip: Trip; startDate: string; endDate: string }
  | { kind: 'travel'; travel: Travel; startDate: string; endDate: string };

/**
 * What Past Trips lists: the trips that have ended or were cancelled, and the journal's
 * travels, newest first. A trip that ended joins the journal as a travel of its own
 * (travel.tripId): it is listed once, as the trip. While the journal has more pages than
 * were read (`moreTravels`), trips older than the oldest travel read wait for them, so the
 * list stays in date order as pages are added.
 */
export function pastEntries(trips: readonly Trip[], travels: readonly Travel[], moreTravels = false): PastEntry[] {
  const listed = trips.filter((t) => t.status === 'past' || t.status === 'cancelled');
  const tripIds = new Set(trips.map((t) => t.id));
  const entries: PastEntry[] = [
    ...listed.map((trip) => ({ kind: 'trip' as const, trip, startDate: trip.startDate, endDate: trip.endDate })),
    ...travels
      .filter((travel) => !travel.tripId || !tripIds.has(travel.tripId))
      .map((travel) => ({ kind: 'travel' as const, travel, startDate: travel.startDate, endDate: travel.endDate })),
  ];
  const newestFirst = (a: PastEntry, b: PastEntry) =>
    b.startDate.localeCompare(a.startDate) || b.endDate.localeCompare(a.endDate);
  const sorted = entries.sort(newestFirst);
  const oldestRead = travels.at(-1)?.startDate;
  return moreTravels && oldestRead !== undefined
    ? sorted.filter((e) => e.kind === 'travel' || e.startDate >= oldestRead)
    : sorted;
}

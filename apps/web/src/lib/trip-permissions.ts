import type { Trip } from './api-types';

type WithAccess = Pick<Trip, 'access'>;

/** Change the trip, its events and companions: its owner, and group members with edit or admin. */
export const canEditTrip = (trip: WithAccess) => trip.access !== 'view';

/** Cancel, share, subscribe a calendar feed, keep a journal of it: the trip's owner alone. */
export const ownsTrip = (trip: WithAccess) => trip.access === 'owner';

/** "Shared by Maya" for a trip shared with the signed-in user (the owner's first name); null for their own. */
export function sharedByLabel(trip: Pick<Trip, 'sharedBy'>): string | null {
  if (!trip.sharedBy) return null;
  const first = trip.sharedBy.name.trim().split(/\s+/)[0];
  return `Shared by ${first || trip.sharedBy.name}`;
}

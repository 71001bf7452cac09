import type { Travel, Trip, TripEvent } from '../lib/api-types';

/** A trip as the API answers it: every field filled, the given ones as given. */
export const aTrip = (fields: Partial<Trip> = {}): Trip => ({
  id: 'trip-1',
  title: 'Lisbon & the Algarve',
  destination: 'Portugal',
  location: 'Lisbon, Portugal',
  startDate: '2026-11-20',
  endDate: '2026-11-26',
  status: 'current',
  timeZone: 'Europe/Lisbon',
  imageUrl: null,
  description: null,
  accommodation: null,
  transportation: null,
  notes: null,
  hotelPhone: null,
  conciergePhone: null,
  baseCurrency: 'EUR',
  budgetTotal: null,
  access: 'owner',
  sharedBy: null,
  ...fields,
});

/** An event as the API answers it: an untimed activity in Lisbon unless the fields say otherwise. */
export const anEvent = (fields: Partial<TripEvent> = {}): TripEvent => ({
  id: 'e1',
  tripId: 'trip-1',
  title: 'Event',
  description: null,
  location: null,
  date: '2026-11-20',
  startTime: null,
  endTime: null,
  timeZone: 'Europe/Lisbon',
  endDate: null,
  endTimeZone: null,
  endLocation: null,
  confirmationNumber: null,
  type: 'activity',
  status: 'confirmed',
  ...fields,
});

/** A travel of the journal as the API answers it: every field filled, the given ones as given. */
export const aTravel = (fields: Partial<Travel> = {}): Travel => ({
  id: 'travel-1',
  tripId: null,
  title: 'Journey',
  location: 'Somewhere',
  startDate: '2025-04-10',
  endDate: '2025-04-15',
  imageUrl: null,
  description: null,
  highlights: [],
  tags: [],
  latitude: null,
  longitude: null,
  ...fields,
});

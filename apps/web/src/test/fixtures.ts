import type { Travel, Trip } from '../lib/api-types';

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

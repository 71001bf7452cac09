import { trips } from '@naav/db/schema';
import { todayIn } from '@naav/schemas/dates';
import { accessOfRank } from '../../lib/trip-access';
import type { Trip } from './trips.schemas';

/** A trip's columns as the services read them (with its access rank and owner's name: see trips.service.ts). */
export const tripColumns = {
  id: trips.id,
  title: trips.title,
  destination: trips.destination,
  location: trips.location,
  startDate: trips.startDate,
  endDate: trips.endDate,
  timeZone: trips.timeZone,
  imageUrl: trips.imageUrl,
  description: trips.description,
  accommodation: trips.accommodation,
  transportation: trips.transportation,
  notes: trips.notes,
  hotelPhone: trips.hotelPhone,
  conciergePhone: trips.conciergePhone,
  baseCurrency: trips.baseCurrency,
  budgetTotal: trips.budgetTotal,
  cancelledAt: trips.cancelledAt,
};

export type TripRow = Pick<typeof trips.$inferSelect, keyof typeof tripColumns> & { rank: number; ownerName: string };

/** A trip's status follows from its dates and today's date where the trip is. */
export function tripStatus(
  trip: { startDate: string; endDate: string; timeZone: string; cancelledAt: Date | null },
  now: Date,
): Trip['status'] {
  if (trip.cancelledAt) return 'cancelled';
  const today = todayIn(trip.timeZone, now);
  if (today < trip.startDate) return 'upcoming';
  if (today > trip.endDate) return 'past';
  return 'current';
}

/** A trip as tripSchema has it, keys in its order: its output check is skipped in production (builtFromColumns). */
export function toTrip(row: TripRow, now: Date): Trip {
  const access = accessOfRank(row.rank) ?? 'view';
  return {
    id: row.id,
    title: row.title,
    destination: row.destination,
    location: row.location,
    startDate: row.startDate,
    endDate: row.endDate,
    status: tripStatus(row, now),
    timeZone: row.timeZone,
    imageUrl: row.imageUrl,
    description: row.description,
    accommodation: row.accommodation,
    transportation: row.transportation,
    notes: row.notes,
    hotelPhone: row.hotelPhone,
    conciergePhone: row.conciergePhone,
    baseCurrency: row.baseCurrency,
    budgetTotal: row.budgetTotal,
    access,
    sharedBy: access === 'owner' ? null : { name: row.ownerName },
  };
}

// What a share link or a calendar token shows to anyone who has it, without signing in.
import type { Database } from '@naav/db';
import { companions, events, trips, user } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../errors';
import { columnsOf } from '../../lib/columns';
import { eventColumns, eventOrder } from '../trips/event-columns';
import { calendarFile, showsColumns, type TokenColumn } from '../sharing/sharing.service';
import type { CalendarFile } from '../sharing/sharing.schemas';
import { type LinkShows, redactText, redactTitle } from './redact';
import type { SharedTrip } from './shared.schemas';

const linkInactive = () => new DomainError('NOT_FOUND', 'This link is no longer active');

async function tripByToken(db: Database, column: TokenColumn, token: string) {
  const [trip] = await db
    .select(
      columnsOf(
        trips,
        'id',
        'title',
        'destination',
        'location',
        'startDate',
        'endDate',
        'timeZone',
        'imageUrl',
        'description',
        'accommodation',
        'transportation',
      ),
    )
    .from(trips)
    .where(eq(trips[column], token));
  if (!trip) throw linkInactive();
  const list = await db
    .select(eventColumns)
    .from(events)
    .where(eq(events.tripId, trip.id))
    .orderBy(...eventOrder);
  return { trip, events: list };
}

/** The read-only itinerary behind a share link, for anyone who has it, with only what the owner chose to show. */
export async function getSharedTrip(db: Database, token: string): Promise<SharedTrip> {
  const { trip, events: list } = await tripByToken(db, 'shareToken', token);
  const [settings] = await db
    .select({ ...showsColumns, ownerName: user.name })
    .from(trips)
    .innerJoin(user, eq(user.id, trips.ownerId))
    .where(eq(trips.id, trip.id));
  const shows: LinkShows = {
    bookingReferences: settings?.bookingReferences ?? false,
    travellerNames: settings?.travellerNames ?? false,
    prices: settings?.prices ?? false,
  };
  const people = await db.select({ name: companions.name }).from(companions).where(eq(companions.tripId, trip.id));
  // Longest first, so "Maya Tanaka" goes before a companion called "Maya" could cut it in half.
  const names = [settings?.ownerName ?? '', ...people.map((p) => p.name)]
    .map((n) => n.trim())
    .filter((n) => n.length >= 2)
    .sort((a, b) => b.length - a.length);
  const text = (value: string | null) => redactText(value, shows, names);
  return {
    trip: {
      ...trip,
      title: redactTitle(trip.title, shows, names, trip.destination),
      description: text(trip.description),
      accommodation: text(trip.accommodation),
      transportation: text(trip.transportation),
    },
    events: list.map((event) => ({
      ...event,
      title: redactTitle(event.title, shows, names, 'Booked event'),
      description: text(event.description),
      location: text(event.location),
      // An event's own booking reference field, where events have one, follows the same choice.
      ...('confirmationNumber' in event && !shows.bookingReferences ? { confirmationNumber: null } : {}),
    })),
    linkShows: shows,
  };
}

/** The subscription feed behind a calendar token. */
export async function calendarByToken(db: Database, token: string, now: Date): Promise<CalendarFile> {
  const { trip, events: list } = await tripByToken(db, 'calendarToken', token);
  return calendarFile(trip, list, now);
}

import { randomBytes } from 'node:crypto';
import type { Database } from '@naav/db';
import { companions, events, trips, user } from '@naav/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../context';
import { DomainError } from '../../errors';
import { buildTripCalendar } from '../../lib/ics';
import { eventColumns, eventOrder, getTrip, listTripEvents } from '../trips/trips.service';
import { type LinkShows, redactText, redactTitle } from './redact';
import type { CalendarFile, ShareOptions, SharedTrip, Sharing } from './sharing.schemas';

/** 192 random bits, URL-safe: unguessable. */
const newToken = () => randomBytes(24).toString('base64url');

const sharePath = (token: string | null) => (token ? `/share/${token}` : null);
const calendarPath = (token: string | null) => (token ? `/api/calendar/${token}.ics` : null);

export const linkInactive = () => new DomainError('NOT_FOUND', 'This link is no longer active');

const showsColumns = {
  bookingReferences: trips.shareShowsBookingReferences,
  travellerNames: trips.shareShowsTravellerNames,
  prices: trips.shareShowsPrices,
};

async function tokensOf(db: Database, actor: Actor, tripId: string, now: Date) {
  await getTrip(db, actor, tripId, now);
  const [row] = await db
    .select({ shareToken: trips.shareToken, calendarToken: trips.calendarToken, ...showsColumns })
    .from(trips)
    .where(and(eq(trips.id, tripId), eq(trips.ownerId, actor.id)));
  return row ?? { shareToken: null, calendarToken: null, bookingReferences: false, travellerNames: false, prices: false };
}

export async function getSharing(db: Database, actor: Actor, tripId: string, now: Date): Promise<Sharing> {
  const t = await tokensOf(db, actor, tripId, now);
  return {
    sharePath: sharePath(t.shareToken),
    calendarPath: calendarPath(t.calendarToken),
    linkShows: { bookingReferences: t.bookingReferences, travellerNames: t.travellerNames, prices: t.prices },
  };
}

type TokenColumn = 'shareToken' | 'calendarToken';

/** Turns a link on (keeping an existing one, so links already sent keep working) or off. */
async function setToken(db: Database, actor: Actor, tripId: string, column: TokenColumn, on: boolean, now: Date) {
  await getTrip(db, actor, tripId, now);
  const owned = and(eq(trips.id, tripId), eq(trips.ownerId, actor.id));
  if (on) {
    await db
      .update(trips)
      .set({ [column]: newToken() })
      .where(and(owned, isNull(trips[column])));
  } else {
    await db.update(trips).set({ [column]: null }).where(owned);
  }
  return getSharing(db, actor, tripId, now);
}

/** Turns the share link on (keeping an existing token) and records what it shows, where given. */
export async function shareTrip(db: Database, actor: Actor, tripId: string, now: Date, options: ShareOptions = {}) {
  await getTrip(db, actor, tripId, now);
  const set = {
    ...(options.bookingReferences === undefined ? {} : { shareShowsBookingReferences: options.bookingReferences }),
    ...(options.travellerNames === undefined ? {} : { shareShowsTravellerNames: options.travellerNames }),
    ...(options.prices === undefined ? {} : { shareShowsPrices: options.prices }),
  };
  if (Object.keys(set).length > 0) {
    await db.update(trips).set(set).where(and(eq(trips.id, tripId), eq(trips.ownerId, actor.id)));
  }
  return setToken(db, actor, tripId, 'shareToken', true, now);
}
export const unshareTrip = (db: Database, actor: Actor, tripId: string, now: Date) =>
  setToken(db, actor, tripId, 'shareToken', false, now);
export const subscribeCalendar = (db: Database, actor: Actor, tripId: string, now: Date) =>
  setToken(db, actor, tripId, 'calendarToken', true, now);
export const unsubscribeCalendar = (db: Database, actor: Actor, tripId: string, now: Date) =>
  setToken(db, actor, tripId, 'calendarToken', false, now);

async function tripByToken(db: Database, column: TokenColumn, token: string) {
  const [trip] = await db
    .select({
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
    })
    .from(trips)
    .where(eq(trips[column], token));
  if (!trip) throw linkInactive();
  const list = await db.select(eventColumns).from(events).where(eq(events.tripId, trip.id)).orderBy(...eventOrder);
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

const fileNameFor = (title: string) =>
  `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'trip'}.ics`;

function calendarFile(trip: SharedTrip['trip'], list: SharedTrip['events'], now: Date): CalendarFile {
  return {
    fileName: fileNameFor(trip.title),
    contentType: 'text/calendar; charset=utf-8',
    content: buildTripCalendar(trip, list, now),
  };
}

/** The .ics download: for the owner and anyone the trip is shared with. */
export async function tripCalendar(db: Database, actor: Actor, tripId: string, now: Date): Promise<CalendarFile> {
  const trip = await getTrip(db, actor, tripId, now, 'view');
  return calendarFile(trip, await listTripEvents(db, actor, tripId, now), now);
}

/** The subscription feed behind a calendar token. */
export async function calendarByToken(db: Database, token: string, now: Date): Promise<CalendarFile> {
  const { trip, events: list } = await tripByToken(db, 'calendarToken', token);
  return calendarFile(trip, list, now);
}

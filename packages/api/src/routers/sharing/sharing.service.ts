import { randomBytes } from 'node:crypto';
import type { Database } from '@naav/db';
import { events, trips } from '@naav/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../context';
import { DomainError } from '../../errors';
import { buildTripCalendar } from '../../lib/ics';
import { eventColumns, eventOrder, getTrip, listTripEvents } from '../trips/trips.service';
import type { CalendarFile, SharedTrip, Sharing } from './sharing.schemas';

/** 192 random bits, URL-safe: unguessable. */
const newToken = () => randomBytes(24).toString('base64url');

const sharePath = (token: string | null) => (token ? `/share/${token}` : null);
const calendarPath = (token: string | null) => (token ? `/api/calendar/${token}.ics` : null);

export const linkInactive = () => new DomainError('NOT_FOUND', 'This link is no longer active');

async function tokensOf(db: Database, actor: Actor, tripId: string, now: Date) {
  await getTrip(db, actor, tripId, now);
  const [row] = await db
    .select({ shareToken: trips.shareToken, calendarToken: trips.calendarToken })
    .from(trips)
    .where(and(eq(trips.id, tripId), eq(trips.ownerId, actor.id)));
  return row ?? { shareToken: null, calendarToken: null };
}

export async function getSharing(db: Database, actor: Actor, tripId: string, now: Date): Promise<Sharing> {
  const t = await tokensOf(db, actor, tripId, now);
  return { sharePath: sharePath(t.shareToken), calendarPath: calendarPath(t.calendarToken) };
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

export const shareTrip = (db: Database, actor: Actor, tripId: string, now: Date) =>
  setToken(db, actor, tripId, 'shareToken', true, now);
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

/** The read-only itinerary behind a share link, for anyone who has it. */
export const getSharedTrip = (db: Database, token: string): Promise<SharedTrip> => tripByToken(db, 'shareToken', token);

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

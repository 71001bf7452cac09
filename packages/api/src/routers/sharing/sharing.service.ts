import { randomBytes } from 'node:crypto';
import type { Database } from '@naav/db';
import { trips } from '@naav/db/schema';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Actor } from '../../context';
import { auditInsert } from '../../lib/audit';
import { buildTripCalendar } from '../../lib/ics';
import { getTrip, listTripEvents } from '../trips/trips.service';
import type { SharedTrip } from '../shared/shared.schemas';
import type { CalendarFile, ShareOptions, Sharing } from './sharing.schemas';

/** 192 random bits, URL-safe: unguessable. */
const newToken = () => randomBytes(24).toString('base64url');

const sharePath = (token: string | null) => (token ? `/share/${token}` : null);
const calendarPath = (token: string | null) => (token ? `/api/calendar/${token}.ics` : null);

export const showsColumns = {
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
  return (
    row ?? { shareToken: null, calendarToken: null, bookingReferences: false, travellerNames: false, prices: false }
  );
}

export async function getSharing(db: Database, actor: Actor, tripId: string, now: Date): Promise<Sharing> {
  const t = await tokensOf(db, actor, tripId, now);
  return {
    sharePath: sharePath(t.shareToken),
    calendarPath: calendarPath(t.calendarToken),
    linkShows: { bookingReferences: t.bookingReferences, travellerNames: t.travellerNames, prices: t.prices },
  };
}

export type TokenColumn = 'shareToken' | 'calendarToken';

/** Turns a link on (keeping an existing one, so links already sent keep working) or off. */
async function setToken(db: Database, actor: Actor, tripId: string, column: TokenColumn, on: boolean, now: Date) {
  await getTrip(db, actor, tripId, now);
  const owned = and(eq(trips.id, tripId), eq(trips.ownerId, actor.id));
  const link = column === 'shareToken' ? 'share link' : 'calendar link';
  const record = (summary: string) =>
    auditInsert(db, { actor, targetId: tripId, action: 'sharing.changed', summary, at: now });
  if (on) {
    const made = await db
      .update(trips)
      .set({ [column]: newToken() })
      .where(and(owned, isNull(trips[column])))
      .returning({ id: trips.id });
    if (made.length > 0) await record(`${link} turned on`);
  } else {
    const ended = await db
      .update(trips)
      .set({ [column]: null })
      .where(and(owned, isNotNull(trips[column])))
      .returning({ id: trips.id });
    if (ended.length > 0) await record(`${link} turned off`);
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
    await db
      .update(trips)
      .set(set)
      .where(and(eq(trips.id, tripId), eq(trips.ownerId, actor.id)));
  }
  return setToken(db, actor, tripId, 'shareToken', true, now);
}
export const unshareTrip = (db: Database, actor: Actor, tripId: string, now: Date) =>
  setToken(db, actor, tripId, 'shareToken', false, now);
export const subscribeCalendar = (db: Database, actor: Actor, tripId: string, now: Date) =>
  setToken(db, actor, tripId, 'calendarToken', true, now);
export const unsubscribeCalendar = (db: Database, actor: Actor, tripId: string, now: Date) =>
  setToken(db, actor, tripId, 'calendarToken', false, now);

const fileNameFor = (title: string) =>
  `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'trip'
  }.ics`;

export function calendarFile(trip: SharedTrip['trip'], list: SharedTrip['events'], now: Date): CalendarFile {
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

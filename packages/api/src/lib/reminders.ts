import type { Database } from '@naav/db';
import {
  events,
  familyGroups,
  familyMembers,
  groupTrips,
  proposals,
  travelDocuments,
  trips,
  user,
} from '@naav/db/schema';
import { addDaysIso, addMonthsIso, daysBetween, todayIn } from '@naav/schemas/dates';
import { instantIn } from '@naav/schemas/zones';
import { measuredWeather } from './destination-info';
import { and, asc, between, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { noticeInsert, type Notice } from './notify';

/**
 * Reminders computed from the data at `now`, never from timers held in memory: each run finds
 * what is due and writes it with a `dedupeKey`, so a notice exists once however many runs or
 * servers compute it. A run after downtime catches up on what is still useful and skips what is
 * not: each kind has a window after its moment and nothing is written once it has passed.
 *
 * - trip tomorrow: on the day before the start, in the trip's zone (not on the day itself), to
 *   everyone travelling: the first day's events, the month's climate normal where the table has
 *   the place, and that person's own passports and visas plus the trip's booked tickets;
 * - check-in: from 24 h before a flight's departure (its start, in its own zone) until departure;
 * - document problem: 60 days before a trip (until 15 days before), then 14 days before (until
 *   departure), for a passport or visa expiring before the trip ends or within 6 months after,
 *   to its holder among the trip's travellers;
 * - document expiring: once, while it expires within 90 days and has not yet;
 * - proposal expiring: from 3 days before its last day until that day, while undecided.
 */
export async function writeDueReminders(db: Database, now: Date): Promise<number> {
  const due = [
    ...(await tripTomorrow(db, now)),
    ...(await flightCheckIn(db, now)),
    ...(await documentsForTrips(db, now)),
    ...(await documentsExpiring(db, now)),
    ...(await proposalsExpiring(db, now)),
  ];
  // The unique (userId, dedupeKey) index ignores the ones already written.
  for (let i = 0; i < due.length; i += 100) await noticeInsert(db, due.slice(i, i + 100));
  return due.length;
}

const utcToday = (now: Date) => now.toISOString().slice(0, 10);
const liveTrip = isNull(trips.cancelledAt);

/** Whoever travels on a trip: its owner, and the owners and confirmed members of the groups it is shared with. */
async function travellersOf(db: Database, tripId: string, ownerId: string): Promise<string[]> {
  const owners = await db
    .select({ id: familyGroups.ownerId })
    .from(groupTrips)
    .innerJoin(familyGroups, eq(familyGroups.id, groupTrips.groupId))
    .where(eq(groupTrips.tripId, tripId));
  const members = await db
    .select({ id: user.id })
    .from(groupTrips)
    .innerJoin(familyMembers, eq(familyMembers.groupId, groupTrips.groupId))
    .innerJoin(user, and(eq(sql`lower(${user.email})`, familyMembers.email), eq(user.emailVerified, true)))
    .where(eq(groupTrips.tripId, tripId));
  return [...new Set([ownerId, ...owners.map((o) => o.id), ...members.map((m) => m.id)])];
}

async function tripTomorrow(db: Database, now: Date): Promise<Notice[]> {
  const today = utcToday(now);
  // Every zone's "tomorrow" is within a day of UTC's.
  const candidates = await db
    .select()
    .from(trips)
    .where(and(liveTrip, between(trips.startDate, today, addDaysIso(today, 2))));
  const notices: Notice[] = [];
  for (const trip of candidates) {
    if (daysBetween(todayIn(trip.timeZone, now), trip.startDate) !== 1) continue;
    const first = await db
      .select({ title: events.title, startTime: events.startTime })
      .from(events)
      .where(and(eq(events.tripId, trip.id), eq(events.date, trip.startDate), ne(events.status, 'cancelled')))
      .orderBy(asc(events.startTime))
      .limit(3);
    const plans = first.map((e) => (e.startTime ? `${e.startTime.slice(0, 5)} ${e.title}` : e.title)).join('; ');
    const tickets = await ticketsOf(db, trip.id);
    const weather = weatherLine(trip);
    for (const userId of await travellersOf(db, trip.id, trip.ownerId)) {
      const carry = [...(await documentsToCarry(db, userId, trip.startDate)), ...tickets];
      const body = [
        plans ? `First: ${plans}.` : 'No events planned for the first day yet.',
        weather,
        carry.length > 0 ? `Documents to carry: ${carry.join(', ')}.` : '',
      ];
      notices.push({
        userId,
        kind: 'trip_tomorrow',
        title: `${trip.title} starts tomorrow`,
        body: body.filter(Boolean).join(' '),
        link: `/trips/${trip.id}`,
        dedupeKey: `trip_tomorrow:${trip.id}:${trip.startDate}`,
      });
    }
  }
  return notices;
}

/** The climate table's normal for the trip's place in its first month; nothing when the table has no figures for it. */
function weatherLine(trip: { location: string; destination: string; startDate: string }): string {
  const month = Number(trip.startDate.slice(5, 7)) - 1;
  const normal = measuredWeather(trip.location, month) ?? measuredWeather(trip.destination, month);
  return normal
    ? `Typical for ${normal.month}: ${normal.highC}°C / ${normal.lowC}°C, ${normal.summary.toLowerCase()}.`
    : '';
}

/** A person's own passports and visas still valid on the first day (or with no expiry written down). */
async function documentsToCarry(db: Database, userId: string, startDate: string): Promise<string[]> {
  const docs = await db
    .select({ name: travelDocuments.documentName, expiryDate: travelDocuments.expiryDate })
    .from(travelDocuments)
    .where(and(eq(travelDocuments.userId, userId), inArray(travelDocuments.documentType, ['passport', 'visa'])))
    .orderBy(asc(travelDocuments.documentType), asc(travelDocuments.documentName));
  return docs.filter((d) => !d.expiryDate || d.expiryDate >= startDate).map((d) => d.name);
}

/** The trip's booked journeys (transport events with a booking reference), as tickets to carry; the reference stays on the trip page. */
async function ticketsOf(db: Database, tripId: string): Promise<string[]> {
  const booked = await db
    .select({ title: events.title })
    .from(events)
    .where(
      and(
        eq(events.tripId, tripId),
        eq(events.type, 'transportation'),
        ne(events.status, 'cancelled'),
        sql`${events.confirmationNumber} IS NOT NULL AND ${events.confirmationNumber} <> ''`,
      ),
    )
    .orderBy(asc(events.date), asc(events.startTime));
  return booked.map((e) => `ticket for ${e.title}`);
}

const dayMs = 86_400_000;

/** A flight is a transport event its title calls one (as the itinerary's plane icon decides, and imports write "Flight TP 123"). */
const flightTitle = /\b(flight|fly|flies|airport|plane)\b|✈/i;

async function flightCheckIn(db: Database, now: Date): Promise<Notice[]> {
  const today = utcToday(now);
  // A departure within the next 24 h is on a local date within a day of UTC's today or tomorrow.
  const flights = await db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      startTime: events.startTime,
      timeZone: events.timeZone,
      location: events.location,
      tripId: trips.id,
      ownerId: trips.ownerId,
    })
    .from(events)
    .innerJoin(trips, eq(trips.id, events.tripId))
    .where(
      and(
        liveTrip,
        eq(events.type, 'transportation'),
        ne(events.status, 'cancelled'),
        between(events.date, addDaysIso(today, -1), addDaysIso(today, 2)),
      ),
    );
  return flights.flatMap((f) => {
    if (!f.startTime || !flightTitle.test(f.title)) return [];
    const departure = instantIn(f.date, f.startTime, f.timeZone);
    // Useful from 24 h before departure until it leaves; never after.
    if (now.getTime() < departure.getTime() - dayMs || now >= departure) return [];
    return [
      {
        userId: f.ownerId,
        kind: 'flight_checkin' as const,
        title: `Check-in is open: ${f.title}`,
        body: `Departs ${f.date} at ${f.startTime.slice(0, 5)} (${f.timeZone})${f.location ? ` from ${f.location}` : ''}.`,
        link: `/trips/${f.tripId}`,
        dedupeKey: `flight_checkin:${f.id}:${f.date}T${f.startTime}`,
      },
    ];
  });
}

/** The warnings' moments, in days before departure, and until when each is still worth sending. */
const documentStages = [
  { days: 60, until: 15 },
  { days: 14, until: 0 },
] as const;

async function documentsForTrips(db: Database, now: Date): Promise<Notice[]> {
  const today = utcToday(now);
  const upcoming = await db
    .select()
    .from(trips)
    .where(and(liveTrip, between(trips.startDate, today, addDaysIso(today, 61))));
  const notices: Notice[] = [];
  for (const trip of upcoming) {
    const daysLeft = daysBetween(todayIn(trip.timeZone, now), trip.startDate);
    const stage = documentStages.find((s) => daysLeft <= s.days && daysLeft >= s.until);
    if (!stage) continue;
    // Many countries want a passport valid 6 months beyond the stay. Each traveller hears of their own.
    const problems = await db
      .select()
      .from(travelDocuments)
      .where(
        and(
          inArray(travelDocuments.userId, await travellersOf(db, trip.id, trip.ownerId)),
          inArray(travelDocuments.documentType, ['passport', 'visa']),
          lte(travelDocuments.expiryDate, addMonthsIso(trip.endDate, 6)),
        ),
      );
    for (const doc of problems) {
      const during = doc.expiryDate! <= trip.endDate;
      notices.push({
        userId: doc.userId,
        kind: 'document_trip',
        title:
          `${doc.documentName} expires ${during ? 'before' : 'soon after'} ${trip.title} ${during ? 'ends' : ''}`.trim(),
        body: `It expires on ${doc.expiryDate}; the trip runs ${trip.startDate} to ${trip.endDate}. ${
          during ? 'Renew it before you leave.' : 'Many countries ask for 6 months of validity after your stay.'
        }`,
        link: '/travel-documents',
        dedupeKey: `document_trip:${trip.id}:${doc.id}:${stage.days}`,
      });
    }
  }
  return notices;
}

async function documentsExpiring(db: Database, now: Date): Promise<Notice[]> {
  const today = utcToday(now);
  const docs = await db
    .select()
    .from(travelDocuments)
    .where(and(gte(travelDocuments.expiryDate, today), lte(travelDocuments.expiryDate, addDaysIso(today, 90))));
  return docs.map((doc) => ({
    userId: doc.userId,
    kind: 'document_expiring' as const,
    title: `${doc.documentName} expires on ${doc.expiryDate}`,
    body: `${daysBetween(today, doc.expiryDate!)} days left.`,
    link: '/travel-documents',
    dedupeKey: `document_expiring:${doc.id}:${doc.expiryDate}`,
  }));
}

async function proposalsExpiring(db: Database, now: Date): Promise<Notice[]> {
  const today = utcToday(now);
  const open = await db
    .select()
    .from(proposals)
    .where(
      and(
        inArray(proposals.status, ['submitted', 'reviewing']),
        between(proposals.expiryDate, today, addDaysIso(today, 3)),
      ),
    );
  return open.map((p) => ({
    userId: p.userId,
    kind: 'proposal_expiring' as const,
    title: `${p.title} expires on ${p.expiryDate}`,
    body: `Accept it or ask for changes before then: ${p.destination}, ${p.startDate} to ${p.endDate}.`,
    link: `/travel-planner?tab=proposals&proposal=${p.id}`,
    dedupeKey: `proposal_expiring:${p.id}:${p.expiryDate}`,
  }));
}

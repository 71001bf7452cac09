import type { Database } from '@naav/db';
import {
  events,
  familyGroups,
  familyMembers,
  groupTrips,
  notifications,
  proposals,
  travelDocuments,
  trips,
} from '@naav/db/schema';
import { addDaysIso, addMonthsIso } from '@naav/schemas/dates';
import { like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { actors, createSeededDatabase } from '../testing';
import { writeDueReminders } from './reminders';

// Reminders are computed from the data at the instant given (the server's clock, or a test's):
// each run writes what is due, once, and nothing whose moment passed beyond its use.

const seededAt = new Date('2026-01-05T12:00:00Z');
let db: Database;

beforeEach(async () => {
  db = await createSeededDatabase(seededAt);
});

/** The notices written for dedupe keys that start with `prefix`, as [user, title] pairs. */
async function written(prefix: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(like(notifications.dedupeKey, `${prefix}%`));
  return rows.map((r) => ({ userId: r.userId, kind: r.kind, title: r.title, key: r.dedupeKey }));
}

async function tripWith(id: string, startDate: string, endDate: string, timeZone = 'UTC', location = 'Somewhere') {
  await db.insert(trips).values({
    id,
    ownerId: actors.traveller.id,
    title: `Trip ${id}`,
    destination: location,
    location,
    startDate,
    endDate,
    timeZone,
  });
}

describe('check-in reminders', () => {
  it('fire once, 24 h before departure in the flight’s own zone, across the change to summer time', async () => {
    // Lisbon moves from UTC+0 to UTC+1 at 01:00 UTC on 29 March 2026: a 10:00 departure that day is 09:00 UTC.
    await tripWith('trip-dst', '2026-03-28', '2026-04-02', 'Europe/Lisbon');
    await db.insert(events).values({
      id: 'flight-dst',
      tripId: 'trip-dst',
      title: 'Flight TP 1350 to Madeira',
      date: '2026-03-29',
      startTime: '10:00:00',
      timeZone: 'Europe/Lisbon',
      type: 'transportation',
    });
    // A train is no flight.
    await db.insert(events).values({
      id: 'train-dst',
      tripId: 'trip-dst',
      title: 'Train to Porto',
      date: '2026-03-29',
      startTime: '10:00:00',
      timeZone: 'Europe/Lisbon',
      type: 'transportation',
    });

    await writeDueReminders(db, new Date('2026-03-28T08:59:00Z'));
    expect(await written('flight_checkin:')).toEqual([]);
    // 09:00 UTC on the 28th is 24 h before; reading the local time as the day before's offset would wait until 10:00.
    await writeDueReminders(db, new Date('2026-03-28T09:00:00Z'));
    await writeDueReminders(db, new Date('2026-03-28T15:00:00Z'));
    await writeDueReminders(db, new Date('2026-03-29T08:59:00Z'));
    expect(await written('flight_checkin:')).toEqual([
      {
        userId: actors.traveller.id,
        kind: 'flight_checkin',
        title: 'Check-in is open: Flight TP 1350 to Madeira',
        key: 'flight_checkin:flight-dst:2026-03-29T10:00:00',
      },
    ]);
  });

  it('the day after New York moves to summer time: 24 real hours before, not the same clock time the day before', async () => {
    // New York moves from UTC-5 to UTC-4 at 07:00 UTC on 8 March 2026. A 01:00 departure on the 9th is 05:00 UTC;
    // 24 h before is 05:00 UTC on the 8th, 00:00 there on winter time (the same clock time would be an hour late).
    await tripWith('trip-ny', '2026-03-08', '2026-03-12', 'America/New_York');
    await db.insert(events).values({
      id: 'flight-ny',
      tripId: 'trip-ny',
      title: 'Flight AA 100 to London',
      date: '2026-03-09',
      startTime: '01:00:00',
      timeZone: 'America/New_York',
      type: 'transportation',
    });
    await writeDueReminders(db, new Date('2026-03-08T04:59:00Z'));
    expect(await written('flight_checkin:flight-ny')).toEqual([]);
    // Two servers computing the same minute, and the loop's next runs: one notice.
    await Promise.all([
      writeDueReminders(db, new Date('2026-03-08T05:00:00Z')),
      writeDueReminders(db, new Date('2026-03-08T05:00:00Z')),
    ]);
    await writeDueReminders(db, new Date('2026-03-08T05:01:00Z'));
    await writeDueReminders(db, new Date('2026-03-09T04:59:00Z'));
    expect(await written('flight_checkin:flight-ny')).toEqual([
      {
        userId: actors.traveller.id,
        kind: 'flight_checkin',
        title: 'Check-in is open: Flight AA 100 to London',
        key: 'flight_checkin:flight-ny:2026-03-09T01:00:00',
      },
    ]);
  });

  it('a server that was down catches up before departure, and never after it', async () => {
    await tripWith('trip-tokyo', '2026-03-01', '2026-03-10', 'Asia/Tokyo');
    await db.insert(events).values([
      // 09:00 in Tokyo is 00:00 UTC.
      {
        id: 'flight-a',
        tripId: 'trip-tokyo',
        title: 'Flight NH 204',
        date: '2026-03-02',
        startTime: '09:00:00',
        timeZone: 'Asia/Tokyo',
        type: 'transportation',
      },
      {
        id: 'flight-b',
        tripId: 'trip-tokyo',
        title: 'Flight NH 12',
        date: '2026-03-03',
        startTime: '09:00:00',
        timeZone: 'Asia/Tokyo',
        type: 'transportation',
      },
    ]);
    // Down from before flight A's window until after it left; flight B's window is open.
    await writeDueReminders(db, new Date('2026-03-02T06:00:00Z'));
    expect((await written('flight_checkin:')).map((n) => n.key)).toEqual([
      'flight_checkin:flight-b:2026-03-03T09:00:00',
    ]);
  });
});

describe('document reminders', () => {
  it('warn about a passport expiring 3 months after a trip at 60 and at 14 days before departure', async () => {
    const start = '2026-06-01';
    const end = '2026-06-10';
    await tripWith('trip-far', start, end);
    await db.insert(travelDocuments).values([
      {
        id: 'passport-short',
        userId: actors.traveller.id,
        documentType: 'passport',
        documentName: 'Short passport',
        documentNumber: 'X1234567',
        expiryDate: addMonthsIso(end, 3),
      },
      {
        id: 'passport-long',
        userId: actors.traveller.id,
        documentType: 'passport',
        documentName: 'Long passport',
        documentNumber: 'Y1234567',
        expiryDate: addMonthsIso(end, 7),
      },
    ]);
    const daysBefore = (days: number) => new Date(`${addDaysIso(start, -days)}T12:00:00Z`);
    const keys = async () => (await written('document_trip:trip-far')).map((n) => n.key);

    await writeDueReminders(db, daysBefore(61));
    expect(await keys()).toEqual([]);
    await writeDueReminders(db, daysBefore(60));
    await writeDueReminders(db, daysBefore(59));
    await writeDueReminders(db, daysBefore(15));
    expect(await keys()).toEqual(['document_trip:trip-far:passport-short:60']);
    await writeDueReminders(db, daysBefore(14));
    await writeDueReminders(db, daysBefore(3));
    expect(await keys()).toEqual([
      'document_trip:trip-far:passport-short:60',
      'document_trip:trip-far:passport-short:14',
    ]);
    const [first] = await written('document_trip:trip-far');
    expect(first).toMatchObject({
      userId: actors.traveller.id,
      title: 'Short passport expires soon after Trip trip-far',
    });
  });

  it('a member of a group the trip is shared with is warned of their own passport, and the owner is not', async () => {
    await tripWith('trip-shared', '2026-06-01', '2026-06-10');
    await db.insert(familyGroups).values({ id: 'group-y', ownerId: actors.traveller.id, name: 'Family' });
    await db
      .insert(familyMembers)
      .values({ id: 'member-y', groupId: 'group-y', name: 'Second', email: actors.traveller2.email.toLowerCase() });
    await db.insert(groupTrips).values({ groupId: 'group-y', tripId: 'trip-shared' });
    await db.insert(travelDocuments).values({
      id: 'passport-member',
      userId: actors.traveller2.id,
      documentType: 'passport',
      documentName: 'Member passport',
      documentNumber: 'Z1234567',
      expiryDate: '2026-06-05',
    });
    await writeDueReminders(db, new Date('2026-04-02T12:00:00Z'));
    expect(await written('document_trip:trip-shared')).toEqual([
      {
        userId: actors.traveller2.id,
        kind: 'document_trip',
        title: 'Member passport expires before Trip trip-shared ends',
        key: 'document_trip:trip-shared:passport-member:60',
      },
    ]);
  });

  it('a document expiring within 90 days is told once', async () => {
    await db.insert(travelDocuments).values({
      id: 'visa-soon',
      userId: actors.traveller2.id,
      documentType: 'visa',
      documentName: 'Schengen visa',
      documentNumber: 'V0001',
      expiryDate: '2026-05-01',
    });
    await writeDueReminders(db, new Date('2026-01-30T12:00:00Z'));
    expect(await written('document_expiring:visa-soon')).toEqual([]);
    await writeDueReminders(db, new Date('2026-02-01T12:00:00Z'));
    await writeDueReminders(db, new Date('2026-03-01T12:00:00Z'));
    expect(await written('document_expiring:visa-soon')).toEqual([
      {
        userId: actors.traveller2.id,
        kind: 'document_expiring',
        title: 'Schengen visa expires on 2026-05-01',
        key: 'document_expiring:visa-soon:2026-05-01',
      },
    ]);
  });
});

describe('trip and proposal reminders', () => {
  it('trip starts tomorrow: the owner and the members of a group it is shared with, on the day before only', async () => {
    await tripWith('trip-soon', '2026-02-10', '2026-02-14', 'UTC', 'Lisbon, Portugal');
    await db.insert(familyGroups).values({ id: 'group-x', ownerId: actors.traveller.id, name: 'Family' });
    await db
      .insert(familyMembers)
      .values({ id: 'member-x', groupId: 'group-x', name: 'Second', email: actors.traveller2.email.toLowerCase() });
    await db.insert(groupTrips).values({ groupId: 'group-x', tripId: 'trip-soon' });
    await db.insert(events).values([
      {
        id: 'first-event',
        tripId: 'trip-soon',
        title: 'Walking tour',
        date: '2026-02-10',
        startTime: '09:30:00',
        timeZone: 'UTC',
        type: 'activity',
      },
      {
        id: 'booked-train',
        tripId: 'trip-soon',
        title: 'Train to Porto',
        date: '2026-02-12',
        startTime: '08:00:00',
        timeZone: 'UTC',
        type: 'transportation',
        confirmationNumber: 'CP12345',
      },
    ]);
    // A visa that ends before the trip starts stays at home.
    await db.insert(travelDocuments).values({
      id: 'old-visa',
      userId: actors.traveller2.id,
      documentType: 'visa',
      documentName: 'Expired visa',
      documentNumber: 'V9',
      expiryDate: '2026-02-01',
    });

    await writeDueReminders(db, new Date('2026-02-08T23:00:00Z'));
    expect(await written('trip_tomorrow:trip-soon')).toEqual([]);
    await writeDueReminders(db, new Date('2026-02-09T08:00:00Z'));
    await writeDueReminders(db, new Date('2026-02-09T20:00:00Z'));
    const told = await db.select().from(notifications).where(like(notifications.dedupeKey, 'trip_tomorrow:trip-soon%'));
    const bodyOf = (userId: string) => told.find((n) => n.userId === userId)?.body;
    expect(told.map((n) => n.userId).sort()).toEqual([actors.traveller.id, actors.traveller2.id].sort());
    expect(told[0]).toMatchObject({ title: 'Trip trip-soon starts tomorrow', link: '/trips/trip-soon' });
    // The first events, Lisbon's February normal from the climate table, and each person's own documents.
    expect(bodyOf(actors.traveller.id)).toBe(
      'First: 09:30 Walking tour. Typical for February: 16°C / 9°C, cool with frequent showers. ' +
        'Documents to carry: UK Passport, ticket for Train to Porto.',
    );
    expect(bodyOf(actors.traveller2.id)).toBe(
      'First: 09:30 Walking tour. Typical for February: 16°C / 9°C, cool with frequent showers. ' +
        'Documents to carry: Spanish Passport, ticket for Train to Porto.',
    );
  });

  it('trip starts tomorrow says no weather where the climate table has no figures for the place', async () => {
    await tripWith('trip-nowhere', '2026-02-10', '2026-02-14', 'UTC', 'Somewhere');
    await writeDueReminders(db, new Date('2026-02-09T08:00:00Z'));
    const [told] = await db
      .select()
      .from(notifications)
      .where(like(notifications.dedupeKey, 'trip_tomorrow:trip-nowhere%'));
    expect(told?.body).toBe('No events planned for the first day yet. Documents to carry: UK Passport.');
  });

  it('trip starts tomorrow is the day before in the trip’s own zone', async () => {
    // 10:00 UTC on 9 February is already the 10th in Auckland (UTC+13): too late; 10:00 UTC on the 8th is the 8th there.
    await tripWith('trip-akl', '2026-02-10', '2026-02-14', 'Pacific/Auckland', 'Auckland');
    await writeDueReminders(db, new Date('2026-02-08T10:00:00Z'));
    expect(await written('trip_tomorrow:trip-akl')).toEqual([]);
    await writeDueReminders(db, new Date('2026-02-08T11:00:00Z'));
    expect((await written('trip_tomorrow:trip-akl')).map((n) => n.userId)).toEqual([actors.traveller.id]);
  });

  it('a trip that already started gets no "tomorrow" after downtime', async () => {
    await tripWith('trip-late', '2026-02-10', '2026-02-14');
    await writeDueReminders(db, new Date('2026-02-10T08:00:00Z'));
    expect(await written('trip_tomorrow:trip-late')).toEqual([]);
  });

  it('an undecided proposal is told to its client 3 days before it expires', async () => {
    await db.insert(proposals).values({
      id: 'proposal-x',
      userId: actors.traveller.id,
      agentId: actors.agent.id,
      title: 'Kyoto in autumn',
      destination: 'Kyoto',
      startDate: '2026-10-01',
      endDate: '2026-10-10',
      expiryDate: '2026-03-20',
      status: 'submitted',
    });
    await writeDueReminders(db, new Date('2026-03-16T12:00:00Z'));
    expect(await written('proposal_expiring:proposal-x')).toEqual([]);
    await writeDueReminders(db, new Date('2026-03-17T12:00:00Z'));
    expect(await written('proposal_expiring:proposal-x')).toEqual([
      {
        userId: actors.traveller.id,
        kind: 'proposal_expiring',
        title: 'Kyoto in autumn expires on 2026-03-20',
        key: 'proposal_expiring:proposal-x:2026-03-20',
      },
    ]);
  });
});

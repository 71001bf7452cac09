import { describe, expect, it } from 'vitest';
import { errorOf } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;

describe('share links', () => {
  it('shows the itinerary read-only to anyone with the link until it is revoked', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    expect(await owner.trips.sharing({ id: 'trip-lisbon' })).toEqual({ sharePath: null, calendarPath: null });
    const { sharePath } = await owner.trips.share({ id: 'trip-lisbon' });
    const token = sharePath?.replace('/share/', '') ?? '';
    // 24 random bytes: 192 bits, well over the 128 asked for.
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await owner.trips.share({ id: 'trip-lisbon' })).sharePath).toBe(sharePath);

    const anyone = callerFor(db, null, now);
    const shared = await anyone.shared.trip({ token });
    expect(shared.trip.title).toBe('Lisbon & the Algarve');
    expect(shared.trip).not.toHaveProperty('notes');
    expect(shared.trip).not.toHaveProperty('hotelPhone');
    expect(shared.events.length).toBeGreaterThan(4);

    await owner.trips.unshare({ id: 'trip-lisbon' });
    const gone = await errorOf(anyone.shared.trip({ token }));
    expect(gone.code).toBe('NOT_FOUND');
    expect(gone.message).toBe('This link is no longer active');
    // A new link is a new token: the revoked one stays dead.
    const again = await owner.trips.share({ id: 'trip-lisbon' });
    expect(again.sharePath).not.toBe(sharePath);
  });

  it("cannot be turned on or off for someone else's trip", async () => {
    const db = await createSeededDatabase(NOW);
    const other = callerFor(db, actors.traveller2, now);
    expect((await errorOf(other.trips.share({ id: 'trip-lisbon' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(other.trips.subscribeCalendar({ id: 'trip-lisbon' }))).code).toBe('NOT_FOUND');
  });
});

describe('calendars', () => {
  it('exports the trip as an .ics file and serves a revocable feed', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const file = await owner.trips.calendar({ id: 'trip-lisbon' });
    expect(file.fileName).toBe('lisbon-the-algarve.ics');
    expect(file.content).toContain('DTSTART;TZID=Europe/Lisbon:20250615T080000');
    expect(file.content).toContain('DTEND;VALUE=DATE:20250620');

    const { calendarPath } = await owner.trips.subscribeCalendar({ id: 'trip-lisbon' });
    const token = calendarPath?.match(/^\/api\/calendar\/([A-Za-z0-9_-]+)\.ics$/)?.[1] ?? '';
    const anyone = callerFor(db, null, now);
    expect((await anyone.shared.calendar({ token })).content).toBe(file.content);
    await owner.trips.unsubscribeCalendar({ id: 'trip-lisbon' });
    expect((await errorOf(anyone.shared.calendar({ token }))).code).toBe('NOT_FOUND');
  });
});

import { describe, expect, it } from 'vitest';
import { errorOf } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;

describe('share links', () => {
  it('shows the itinerary read-only to anyone with the link until it is revoked', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    expect(await owner.trips.sharing({ id: 'trip-lisbon' })).toEqual({
      sharePath: null,
      calendarPath: null,
      linkShows: { bookingReferences: false, travellerNames: false, prices: false },
    });
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

  it('leaves booking references, names and prices out of the answer until the owner opts in', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    await owner.companions.create({ id: 'trip-lisbon', name: 'Maya Tanaka', relationship: 'Friend', imageUrl: null });
    await owner.events.create({
      id: 'trip-lisbon',
      title: 'Flight TP 1234 (conf. XK7P2Q)',
      type: 'transportation',
      date: '2025-06-16',
      startTime: '11:35',
      location: 'Lisbon (LIS) → Porto (OPO)',
      description:
        'Provider: TAP\nConfirmation: XK7P2Q\nTravellers: Maya Tanaka, Alex Morgan\nPrice: €89.90\nSeat by the window for Maya Tanaka, paid €15',
    });
    const { sharePath } = await owner.trips.share({ id: 'trip-lisbon' });
    const token = sharePath?.replace('/share/', '') ?? '';
    const anyone = callerFor(db, null, now);

    const hidden = await anyone.shared.trip({ token });
    const text = JSON.stringify(hidden);
    for (const secret of [
      'XK7P2Q',
      'Maya Tanaka',
      'Alex Morgan',
      'Tanaka',
      '89.90',
      '€15',
      'Confirmation',
      'Travellers',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(hidden.linkShows).toEqual({ bookingReferences: false, travellerNames: false, prices: false });
    const flight = hidden.events.find((e) => e.title.startsWith('Flight TP 1234'));
    expect(flight?.title).toBe('Flight TP 1234');
    expect(flight?.description).toBe('Provider: TAP\nSeat by the window for a traveller, paid');
    expect(flight?.location).toBe('Lisbon (LIS) → Porto (OPO)');

    const chosen = await owner.trips.share({
      id: 'trip-lisbon',
      bookingReferences: true,
      travellerNames: true,
      prices: true,
    });
    expect(chosen.sharePath).toBe(sharePath);
    expect(chosen.linkShows).toEqual({ bookingReferences: true, travellerNames: true, prices: true });
    const shown = await anyone.shared.trip({ token });
    const all = shown.events.find((e) => e.title.startsWith('Flight TP 1234'));
    expect(all?.title).toBe('Flight TP 1234 (conf. XK7P2Q)');
    expect(all?.description).toContain('Confirmation: XK7P2Q\nTravellers: Maya Tanaka, Alex Morgan\nPrice: €89.90');

    // Each choice is its own: leaving a field out keeps it.
    expect((await owner.trips.share({ id: 'trip-lisbon', prices: false })).linkShows).toEqual({
      bookingReferences: true,
      travellerNames: true,
      prices: false,
    });
    const noPrices = JSON.stringify(await anyone.shared.trip({ token }));
    expect(noPrices).toContain('XK7P2Q');
    expect(noPrices).not.toContain('89.90');
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

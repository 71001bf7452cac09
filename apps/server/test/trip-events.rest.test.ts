import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { json, restError, sendAs, timeOfDay } from './http';

// 13:00 in Lisbon: the demo's Lisbon trip runs 13–19 June, today being the 15th.
const NOW = new Date('2025-06-15T12:00:00Z');

interface EventBody {
  id: string;
  title: string;
  date: string;
  startTime: string | null;
  endTime: string | null;
  [key: string]: unknown;
}
interface CompanionBody {
  id: string;
  name: string;
  relationship: string;
  imageUrl: string | null;
}

let server: TestServer;
let traveller: string;
let traveller2: string;

/** A same-origin request; POST and PATCH are JSON (the REST adapter answers 415 without the header). */
const send = (method: string, path: string, cookie?: string, body?: unknown) =>
  sendAs(server, method, path, cookie, body);
const get = (path: string, cookie?: string) => send('GET', path, cookie);

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

describe('events', () => {
  const tripEvents = async () => json<EventBody[]>(await get('/api/trips/trip-lisbon/events', traveller));
  const sunset = {
    title: 'Sunset at Miradouro da Graça',
    type: 'activity',
    date: '2025-06-16',
    startTime: '19:30',
    endTime: '21:00',
  };

  it('POST /api/trips/{id}/events adds an event; HH:MM times come back as HH:MM:SS', async () => {
    const event = await json<EventBody>(await send('POST', '/api/trips/trip-lisbon/events', traveller, sunset));
    expect(event).toEqual({
      id: expect.any(String),
      tripId: 'trip-lisbon',
      ...sunset,
      startTime: '19:30:00',
      endTime: '21:00:00',
      location: null,
      description: null,
      status: 'confirmed',
      // Sent without a zone, as older clients do: the trip's.
      timeZone: 'Europe/Lisbon',
      endDate: null,
      endTimeZone: null,
      endLocation: null,
      confirmationNumber: null,
    });
    expect(event.startTime).toMatch(timeOfDay);
    expect((await tripEvents()).find((e) => e.id === event.id)).toEqual(event);
  });

  it('is 400 naming date for a day outside the trip, and endTime when it is before startTime', async () => {
    const before = await tripEvents();
    const outside = await restError(
      await send('POST', '/api/trips/trip-lisbon/events', traveller, { ...sunset, date: '2025-06-20' }),
      400,
      'BAD_REQUEST',
    );
    expect(outside.message).toContain('date');
    expect(outside.issues?.map((i) => i.path)).toEqual([['date']]);
    const reversed = { ...sunset, startTime: '21:00', endTime: '19:30' };
    const backwards = await restError(
      await send('POST', '/api/trips/trip-lisbon/events', traveller, reversed),
      400,
      'BAD_REQUEST',
    );
    expect(backwards.message).toContain('endTime');
    expect(backwards.issues?.map((i) => i.path)).toEqual([['endTime']]);
    expect(await tripEvents()).toEqual(before);
  });

  it("is 404 when adding to another user's trip", async () => {
    await restError(await send('POST', '/api/trips/trip-barcelona/events', traveller, sunset), 404, 'NOT_FOUND');
  });

  it('PATCH /api/events/{id} changes the fields sent, checked against the stored ones', async () => {
    const event = await json<EventBody>(await send('POST', '/api/trips/trip-lisbon/events', traveller, sunset));
    const moved = await json<EventBody>(
      await send('PATCH', `/api/events/${event.id}`, traveller, { title: 'Sunset drinks', startTime: '20:00' }),
    );
    expect(moved).toEqual({ ...event, title: 'Sunset drinks', startTime: '20:00:00' });

    // 20:00 is stored: an end at 19:00 is out of order even though only the end is sent.
    const patch = (body: unknown) => send('PATCH', `/api/events/${event.id}`, traveller, body);
    const early = await restError(await patch({ endTime: '19:00' }), 400, 'BAD_REQUEST');
    expect(early.issues?.map((i) => i.path)).toEqual([['endTime']]);
    const outside = await restError(await patch({ date: '2025-06-12' }), 400, 'BAD_REQUEST');
    expect(outside.issues?.map((i) => i.path)).toEqual([['date']]);
    expect((await tripEvents()).find((e) => e.id === event.id)).toEqual(moved);
  });

  it('DELETE /api/events/{id} removes it from the trip; deleting again is 404', async () => {
    const event = await json<EventBody>(await send('POST', '/api/trips/trip-lisbon/events', traveller, sunset));
    const deleted = await json(await send('DELETE', `/api/events/${event.id}`, traveller));
    expect(deleted).toEqual({ id: event.id, deleted: true });
    expect((await tripEvents()).map((e) => e.id)).not.toContain(event.id);
    await restError(await send('DELETE', `/api/events/${event.id}`, traveller), 404, 'NOT_FOUND');
  });

  it("another traveller's event is 404 for PATCH and DELETE, like a missing one, and stays unchanged", async () => {
    const before = (await tripEvents()).find((e) => e.id === 'event-lisbon-fado');
    expect(before).toBeDefined();
    const attempt = async (method: string, id: string) => {
      const body = method === 'PATCH' ? { title: 'Gone' } : undefined;
      return restError(await send(method, `/api/events/${id}`, traveller2, body), 404, 'NOT_FOUND');
    };
    for (const method of ['PATCH', 'DELETE']) {
      expect(await attempt(method, 'event-lisbon-fado')).toEqual(await attempt(method, 'event-nowhere'));
    }
    expect((await tripEvents()).find((e) => e.id === 'event-lisbon-fado')).toEqual(before);
  });
});

describe('events in their own time zones', () => {
  const tripEvents = async () => json<EventBody[]>(await get('/api/trips/trip-lisbon/events', traveller));
  const flight = {
    title: 'TP flight to Tokyo',
    type: 'transportation',
    date: '2025-06-16',
    startTime: '11:35',
    timeZone: 'Europe/Lisbon',
    endDate: '2025-06-17',
    endTime: '14:25',
    endTimeZone: 'Asia/Tokyo',
    location: 'Lisbon (LIS)',
    endLocation: 'Tokyo Narita (NRT)',
    confirmationNumber: 'XK7P2Q',
  };

  it('POST keeps each end of a journey in its zone; the calendar file writes each with its TZID', async () => {
    const event = await json<EventBody>(await send('POST', '/api/trips/trip-lisbon/events', traveller, flight));
    expect(event).toMatchObject({ ...flight, startTime: '11:35:00', endTime: '14:25:00' });
    expect((await tripEvents()).find((e) => e.id === event.id)).toEqual(event);
    const ics = await (await get('/api/trips/trip-lisbon/calendar.ics', traveller)).text();
    const lines = ics.split('\r\n');
    const at = lines.indexOf(`UID:event-${event.id}@naav`);
    const own = lines.slice(at, lines.indexOf('END:VEVENT', at));
    expect(own).toContain('DTSTART;TZID=Europe/Lisbon:20250616T113500');
    expect(own).toContain('DTEND;TZID=Asia/Tokyo:20250617T142500');
    expect(lines).toContain('TZID:Asia/Tokyo');
  });

  it('PATCH moving the event to another day moves its overnight end with it', async () => {
    const event = await json<EventBody>(await send('POST', '/api/trips/trip-lisbon/events', traveller, flight));
    const moved = await json<EventBody>(
      await send('PATCH', `/api/events/${event.id}`, traveller, { date: '2025-06-18' }),
    );
    expect(moved).toMatchObject({
      date: '2025-06-18',
      endDate: '2025-06-19',
      endTime: '14:25:00',
      endTimeZone: 'Asia/Tokyo',
    });
  });

  it('an end before the start across zones is 400 naming endTime, and nothing is stored', async () => {
    const before = await tripEvents();
    // 08:00 in Tokyo is midnight in Lisbon, before 09:00 there: only the server knows the trip's zone.
    const body = await restError(
      await send('POST', '/api/trips/trip-lisbon/events', traveller, {
        ...flight,
        timeZone: undefined,
        startTime: '09:00',
        endDate: null,
        endTime: '08:00',
      }),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues?.map((i) => i.path)).toEqual([['endTime']]);
    const stated = await restError(
      await send('POST', '/api/trips/trip-lisbon/events', traveller, {
        ...flight,
        endDate: '2025-06-16',
        endTime: '08:00',
      }),
      400,
      'BAD_REQUEST',
    );
    expect(stated.issues?.map((i) => i.path)).toEqual([['endTime']]);
    expect(await tripEvents()).toEqual(before);
  });

  it('an unknown zone is 400 naming timeZone', async () => {
    const body = await restError(
      await send('POST', '/api/trips/trip-lisbon/events', traveller, { ...flight, timeZone: 'Mars/Olympus' }),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues?.map((i) => i.path)).toEqual([['timeZone']]);
  });
});

describe('companions', () => {
  const listCompanions = async (trip = 'trip-lisbon', cookie = traveller) =>
    json<CompanionBody[]>(await get(`/api/trips/${trip}/companions`, cookie));

  it('POST /api/trips/{id}/companions adds one and DELETE /api/companions/{id} removes it', async () => {
    const before = await listCompanions();
    const grandmother = { name: 'Rose Morgan', relationship: 'Grandmother' };
    const added = await send('POST', '/api/trips/trip-lisbon/companions', traveller, grandmother);
    const rose = await json<CompanionBody>(added);
    expect(rose).toEqual({ id: expect.any(String), name: 'Rose Morgan', relationship: 'Grandmother', imageUrl: null });
    expect(await listCompanions()).toEqual([...before, rose]);

    const removed = await json(await send('DELETE', `/api/companions/${rose.id}`, traveller));
    expect(removed).toEqual({ id: rose.id, deleted: true });
    expect(await listCompanions()).toEqual(before);
    await restError(await send('DELETE', `/api/companions/${rose.id}`, traveller), 404, 'NOT_FOUND');
  });

  it('is 400 naming name when it is blank', async () => {
    const body = await restError(
      await send('POST', '/api/trips/trip-lisbon/companions', traveller, { name: ' ', relationship: 'Friend' }),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues?.map((i) => i.path)).toEqual([['name']]);
  });

  it('another traveller can neither add to nor remove from the trip (404), and the list is unchanged', async () => {
    const before = await listCompanions();
    const intruder = { name: 'Intruder', relationship: 'Stranger' };
    await restError(await send('POST', '/api/trips/trip-lisbon/companions', traveller2, intruder), 404, 'NOT_FOUND');
    await restError(await send('DELETE', '/api/companions/companion-jamie', traveller2), 404, 'NOT_FOUND');
    expect(await listCompanions()).toEqual(before);
    // And the other way round.
    await restError(await send('DELETE', '/api/companions/companion-ana', traveller), 404, 'NOT_FOUND');
    expect((await listCompanions('trip-barcelona', traveller2)).map((c) => c.id)).toContain('companion-ana');
  });
});

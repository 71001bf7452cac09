import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

// 13:00 in Lisbon: the demo's Lisbon trip runs 13–19 June, today being the 15th.
const NOW = new Date('2025-06-15T12:00:00Z');

interface Sharing {
  sharePath: string | null;
  calendarPath: string | null;
  linkShows: { bookingReferences: boolean; travellerNames: boolean; prices: boolean };
}
const showsNothing = { bookingReferences: false, travellerNames: false, prices: false };
interface SharedTrip {
  trip: Record<string, unknown>;
  events: { id: string; date: string; startTime: string | null }[];
}

/** At least 128 random bits: 22 or more base64url characters. */
const token = /^[A-Za-z0-9_-]{22,}$/;

let server: TestServer;
let traveller: string;
let traveller2: string;

/** A same-origin request; POST is JSON (the REST adapter answers 415 without the header). */
const send = (method: string, path: string, cookie?: string) =>
  server.request(path, {
    method,
    headers: {
      origin: testOrigin,
      ...(cookie ? { cookie } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
  });
const get = (path: string, cookie?: string) => send('GET', path, cookie);
const sharing = async (trip: string, method = 'GET', cookie = traveller) =>
  json<Sharing>(await send(method, `/api/trips/${trip}/share`, cookie));
const subscription = async (trip: string, method: 'POST' | 'DELETE', cookie = traveller) =>
  json<Sharing>(await send(method, `/api/trips/${trip}/calendar-subscription`, cookie));
/** The token in /share/{token} or /api/calendar/{token}.ics. */
const tokenOf = (path: string | null) => /^\/(?:share|api\/calendar)\/([^/]+?)(?:\.ics)?$/.exec(path ?? '')?.[1] ?? '';

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

describe('share links', () => {
  it('GET /api/trips/{id}/share starts with both links off', async () => {
    expect(await sharing('trip-kyoto')).toEqual({ sharePath: null, calendarPath: null, linkShows: showsNothing });
  });

  it('POST /api/trips/{id}/share makes an unguessable link; posting again keeps it', async () => {
    const first = await sharing('trip-kyoto', 'POST');
    expect(first.sharePath).toMatch(/^\/share\/[A-Za-z0-9_-]+$/);
    expect(tokenOf(first.sharePath)).toMatch(token);
    expect(first.calendarPath).toBeNull();
    // Links already sent keep working.
    expect(await sharing('trip-kyoto', 'POST')).toEqual(first);
    expect(await sharing('trip-kyoto')).toEqual(first);
    // Every trip gets its own.
    expect(tokenOf((await sharing('trip-patagonia', 'POST')).sharePath)).not.toBe(tokenOf(first.sharePath));
  });

  it('GET /api/share/{token} shows the itinerary without a cookie, minus notes, phones, budget and owner', async () => {
    const { sharePath } = await sharing('trip-lisbon', 'POST');
    const res = await get(`/api/share/${tokenOf(sharePath)}`);
    const text = await res.clone().text();
    const shared = await json<SharedTrip>(res);
    expect(shared.trip).toEqual({
      id: 'trip-lisbon',
      title: 'Lisbon & the Algarve',
      destination: 'Portugal',
      location: 'Lisbon, Portugal',
      startDate: '2025-06-13',
      endDate: '2025-06-19',
      timeZone: 'Europe/Lisbon',
      imageUrl: '/images/lisbon.svg',
      description: 'Tiled streets, custard tarts and the golden cliffs of the south coast.',
      accommodation: 'Memmo Alfama Hotel, Travessa das Merceeiras 27',
      transportation: 'TAP Air Portugal TP 202, then a rental car to Lagos',
    });
    // The events in the owner's order: by day, then time, untimed ones last on their day.
    const own = await json<{ id: string }[]>(await get('/api/trips/trip-lisbon/events', traveller));
    expect(shared.events.map((e) => e.id)).toEqual(own.map((e) => e.id));
    // The same events, the booking references left out (the owner has not opted in).
    expect(shared.events).toEqual(own.map((e) => ({ ...e, confirmationNumber: null })));
    expect(own.some((e) => 'confirmationNumber' in e && e.confirmationNumber === 'XK7P2Q')).toBe(true);
    expect(text).not.toContain('XK7P2Q');
    for (const field of ['notes', 'hotelPhone', 'conciergePhone', 'budgetTotal', 'ownerId']) {
      expect(text).not.toContain(field);
    }
    // Nor their values.
    for (const value of ['Pastéis de Belém', '+351 210 495 660', '+1 800 555 0199', '450000']) {
      expect(text).not.toContain(value);
    }
  });

  it('DELETE /api/trips/{id}/share turns the link off for good: 404 "This link is no longer active"', async () => {
    const { sharePath } = await sharing('trip-santorini', 'POST');
    expect((await get(`/api/share/${tokenOf(sharePath)}`)).status).toBe(200);

    expect(await sharing('trip-santorini', 'DELETE')).toEqual({
      sharePath: null,
      calendarPath: null,
      linkShows: showsNothing,
    });
    const gone = await restError(await get(`/api/share/${tokenOf(sharePath)}`), 404, 'NOT_FOUND');
    expect(gone.message).toBe('This link is no longer active');
    // Sharing again makes a new link; the revoked one stays dead.
    const again = await sharing('trip-santorini', 'POST');
    expect(tokenOf(again.sharePath)).not.toBe(tokenOf(sharePath));
    expect((await get(`/api/share/${tokenOf(sharePath)}`)).status).toBe(404);
    // A token that never existed reads the same.
    const unknown = await restError(await get(`/api/share/${'A'.repeat(32)}`), 404, 'NOT_FOUND');
    expect(unknown).toEqual(gone);
  });

  it('POST /api/trips/{id}/share takes what the link shows; the public answer holds no hidden booking reference, name or price', async () => {
    const post = (body: unknown) =>
      server.request('/api/trips/trip-kyoto/share', {
        method: 'POST',
        headers: { origin: testOrigin, cookie: traveller, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await server.request('/api/trips/trip-kyoto/events', {
      method: 'POST',
      headers: { origin: testOrigin, cookie: traveller, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Ryokan check-in',
        type: 'accommodation',
        date: '2025-07-16',
        description: 'Confirmation: RYK8842\nGuests: Alex Morgan\nTotal: ¥168,000',
      }),
    });
    expect(created.status, await created.clone().text()).toBeLessThan(300);
    const off = await json<Sharing>(await post({}));
    expect(off.linkShows).toEqual(showsNothing);
    const publicText = await (await get(`/api/share/${tokenOf(off.sharePath)}`)).text();
    expect(publicText).toContain('Ryokan check-in');
    for (const secret of ['RYK8842', 'Alex Morgan', '168,000']) expect(publicText).not.toContain(secret);

    const on = await json<Sharing>(await post({ bookingReferences: true, travellerNames: true, prices: true }));
    expect(on).toEqual({ ...off, linkShows: { bookingReferences: true, travellerNames: true, prices: true } });
    expect(await sharing('trip-kyoto')).toEqual(on);
    const shown = await (await get(`/api/share/${tokenOf(on.sharePath)}`)).text();
    for (const secret of ['RYK8842', 'Alex Morgan', '168,000']) expect(shown).toContain(secret);

    const bad = await restError(await post({ prices: 'yes' }), 400, 'BAD_REQUEST');
    expect(JSON.stringify(bad)).toContain('prices');
    expect((await sharing('trip-kyoto')).linkShows.prices).toBe(true);
    await post({ bookingReferences: false, travellerNames: false, prices: false });
  });

  it('another traveller can neither see, share nor unshare the trip (404), and the link keeps working', async () => {
    const { sharePath } = await sharing('trip-lisbon', 'POST');
    for (const method of ['GET', 'POST', 'DELETE']) {
      await restError(await send(method, '/api/trips/trip-lisbon/share', traveller2), 404, 'NOT_FOUND');
    }
    expect((await get(`/api/share/${tokenOf(sharePath)}`)).status).toBe(200);
    expect((await sharing('trip-lisbon')).sharePath).toBe(sharePath);
  });

  it('managing links needs a session (401); viewing one does not', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      await restError(await send(method, '/api/trips/trip-lisbon/share'), 401, 'UNAUTHORIZED');
    }
    for (const method of ['POST', 'DELETE']) {
      await restError(await send(method, '/api/trips/trip-lisbon/calendar-subscription'), 401, 'UNAUTHORIZED');
    }
  });
});

describe('GET /api/trips/{id}/calendar.ics', () => {
  it("downloads the owner's trip as an RFC 5545 file", async () => {
    const res = await get('/api/trips/trip-lisbon/calendar.ics', traveller);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+\.ics"$/);
    const ics = await res.text();
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(ics).toContain('DTSTART;TZID=Europe/Lisbon:');
    const events = await json<{ id: string }[]>(await get('/api/trips/trip-lisbon/events', traveller));
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(ics).toContain(`UID:event-${e.id}@naav`);
  });

  it('is a JSON 401 without a cookie and a JSON 404 for another traveller or a missing trip', async () => {
    const body = await restError(await get('/api/trips/trip-lisbon/calendar.ics'), 401, 'UNAUTHORIZED');
    expect(body.message).toBe('Sign in to continue');
    const foreign = await restError(await get('/api/trips/trip-lisbon/calendar.ics', traveller2), 404, 'NOT_FOUND');
    const missing = await restError(await get('/api/trips/trip-nowhere/calendar.ics', traveller2), 404, 'NOT_FOUND');
    expect(foreign).toEqual(missing);
  });

  it('is a 400 naming the id when it is longer than 100 characters', async () => {
    const res = await get(`/api/trips/${'x'.repeat(101)}/calendar.ics`, traveller);
    const body = await restError(res, 400, 'BAD_REQUEST');
    expect(body.message).toMatch(/^id: /);
    expect(body.issues?.map((i) => i.path)).toEqual([['id']]);
  });
});

describe('calendar feed', () => {
  it('POST /api/trips/{id}/calendar-subscription makes a feed calendar apps can poll without a cookie', async () => {
    const on = await subscription('trip-kyoto', 'POST');
    expect(on.calendarPath).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    expect(tokenOf(on.calendarPath)).toMatch(token);
    expect((await subscription('trip-kyoto', 'POST')).calendarPath).toBe(on.calendarPath);
    expect((await sharing('trip-kyoto')).calendarPath).toBe(on.calendarPath);

    const res = await get(on.calendarPath ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('content-disposition')).toMatch(/\.ics"$/);
    const ics = await res.text();
    expect(ics.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(ics).toContain('UID:trip-trip-kyoto@naav');
  });

  it('DELETE /api/trips/{id}/calendar-subscription turns the feed off: 404', async () => {
    const { calendarPath } = await subscription('trip-lisbon', 'POST');
    expect((await get(calendarPath ?? '')).status).toBe(200);
    expect((await subscription('trip-lisbon', 'DELETE')).calendarPath).toBeNull();
    const gone = await restError(await get(calendarPath ?? ''), 404, 'NOT_FOUND');
    expect(gone.message).toBe('This link is no longer active');
  });

  it('the share token and the calendar token open only their own door', async () => {
    const { sharePath } = await sharing('trip-patagonia', 'POST');
    const { calendarPath } = await subscription('trip-patagonia', 'POST');
    expect(tokenOf(calendarPath)).not.toBe(tokenOf(sharePath));
    await restError(await get(`/api/calendar/${tokenOf(sharePath)}.ics`), 404, 'NOT_FOUND');
    await restError(await get(`/api/share/${tokenOf(calendarPath)}`), 404, 'NOT_FOUND');
  });

  it('another traveller cannot turn the feed on or off (404)', async () => {
    const { calendarPath } = await subscription('trip-lisbon', 'POST');
    for (const method of ['POST', 'DELETE'] as const) {
      await restError(await send(method, '/api/trips/trip-lisbon/calendar-subscription', traveller2), 404, 'NOT_FOUND');
    }
    expect((await get(calendarPath ?? '')).status).toBe(200);
  });
});

describe('GET /api/openapi.json', () => {
  it('documents the calendar download as text/calendar and the share page as public', async () => {
    type Operation = { security?: unknown[]; responses: Record<string, { content?: Record<string, unknown> }> };
    const doc = await json<{ paths: Record<string, Record<string, Operation>> }>(await get('/api/openapi.json'));
    const download = doc.paths['/trips/{id}/calendar.ics']?.get;
    expect(Object.keys(download?.responses['200']?.content ?? {})).toEqual(['text/calendar']);
    expect(download?.security).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
    expect(doc.paths['/share/{token}']?.get?.security).toEqual([]);
    expect(Object.keys(doc.paths['/trips/{id}/share'] ?? {}).sort()).toEqual(['delete', 'get', 'post']);
    expect(Object.keys(doc.paths['/trips/{id}/calendar-subscription'] ?? {}).sort()).toEqual(['delete', 'post']);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

// Kyoto starts 30 days after NOW and is shared with the Morgan Family in the seed.
const NOW = new Date('2027-01-15T12:00:00Z');
const corpus = join(import.meta.dirname, '../../../packages/api/src/routers/bookings/corpus');
const sample = (path: string, type = 'application/octet-stream') =>
  new File([readFileSync(join(corpus, path))], path.split('/').pop()!, { type });

let server: TestServer;
let traveller: string;
let traveller2: string;
let tripId: string;

const { get, send } = restCalls(
  () => server,
  () => traveller,
);

interface Booking {
  type: string;
  title: string;
  confirmationNumber: string | null;
  start: string;
  end: string | null;
  startLocation: {
    name: string | null;
    code: string | null;
    address: string | null;
    latitude: number | null;
    longitude: number | null;
  } | null;
  source: { kind: string; file: string | null };
  [key: string]: unknown;
}
interface Preview {
  bookings: Booking[];
  warnings: { file: string | null; message: string }[];
}

function preview(
  files: (File | string)[],
  cookie: string | null = traveller,
  id = tripId,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const f of files) form.append('file', f);
  return server.request(`/api/trips/${id}/bookings/preview`, {
    method: 'POST',
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}), ...headers },
    body: form,
  });
}

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
  const trip = await json<{ id: string }>(
    await send('POST', '/api/trips', {
      title: 'New York in March',
      destination: 'New York',
      location: 'New York, USA',
      startDate: '2027-03-03',
      endDate: '2027-03-08',
      timeZone: 'America/New_York',
    }),
  );
  tripId = trip.id;
});

describe('POST /api/trips/{id}/bookings/preview', () => {
  it('reads files sent as multipart `file` fields and answers {bookings, warnings}, storing nothing', async () => {
    const body = await json<Preview>(
      await preview([
        sample('email/united-flight-confirmation.eml', 'message/rfc822'),
        sample('wallet/Event.pkpass', 'application/vnd.apple.pkpass'),
      ]),
    );
    expect(body.warnings).toEqual([]);
    expect(body.bookings.map((b) => [b.type, b.title, b.source])).toEqual([
      ['event', 'The Beat Goes On', { kind: 'pkpass', file: 'Event.pkpass' }],
      ['flight', 'Flight UA110 · SFO → JFK', { kind: 'json-ld', file: 'united-flight-confirmation.eml' }],
    ]);
    expect(Object.keys(body.bookings[1]!).sort()).toEqual([
      'cancelled',
      'confirmationNumber',
      'end',
      'endLocation',
      'number',
      'price',
      'provider',
      'seat',
      'source',
      'start',
      'startLocation',
      'timeZone',
      'title',
      'travellers',
      'type',
    ]);
    expect(body.bookings[1]).toMatchObject({
      start: '2027-03-04T20:15:00-08:00',
      end: '2027-03-05T06:30:00-05:00',
      timeZone: 'America/Los_Angeles',
      number: 'UA110',
      price: null,
      cancelled: false,
    });
    expect(await json(await get(`/api/trips/${tripId}/events`))).toEqual([]);
  });

  it('reads pasted text sent as JSON {text}', async () => {
    const text = readFileSync(join(corpus, 'gmail-markup/restaurant-basic.jsonld.html'), 'utf8');
    const body = await json<Preview>(await send('POST', `/api/trips/${tripId}/bookings/preview`, { text }));
    expect(body.bookings).toEqual([
      expect.objectContaining({ type: 'restaurant', title: 'Wagamama', source: { kind: 'json-ld', file: null } }),
    ]);
  });

  it('a file that is none of the supported kinds is 400 naming `file`', async () => {
    const res = await preview([
      new File([new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])], 'photo.heic', { type: 'image/heic' }),
    ]);
    const error = await restError(res, 400, 'BAD_REQUEST');
    expect(error.issues).toEqual([{ path: ['file'], message: expect.stringMatching(/^photo\.heic is not an e-mail/) }]);
  });

  it('lists unreadable files as warnings beside the bookings of the others', async () => {
    const body = await json<Preview>(
      await preview([sample('gmail-markup/event-basic.jsonld.html'), new File(['%PDF-1.7'], 'invoice.pdf')]),
    );
    expect(body.bookings).toHaveLength(1);
    expect(body.warnings).toEqual([{ file: 'invoice.pdf', message: 'invoice.pdf is not a readable PDF' }]);
  });

  // 70,000 nested microdata items: the reader takes seconds over it (9 s on a quiet machine), beyond the 2 s a file may take.
  const nested = () =>
    new File(
      [`<html><body>${'<div itemscope itemtype="http://schema.org/FlightReservation">'.repeat(70_000)}</body></html>`],
      'nested.html',
      { type: 'text/html' },
    );

  it('a file over its parsing budget is a warning naming it, and the other files still preview', async () => {
    const res = await preview([nested(), sample('gmail-markup/event-basic.jsonld.html')]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Preview;
    expect(body.bookings.map((b) => b.source.file)).toEqual(['event-basic.jsonld.html']);
    expect(body.warnings).toEqual([
      { file: 'nested.html', message: 'nested.html could not be read: it took longer than the 2 s a file may take' },
    ]);
  });

  it('malformed dates and numbers are warnings naming the file and the field, and the good file beside them is still read', async () => {
    const calendar = (...lines: string[]) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:1@example.com',
        ...lines,
        'SUMMARY:Dinner at Tasca',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const flight = (departureTime: string, extra: object = {}) =>
      JSON.stringify({
        '@context': 'http://schema.org',
        '@type': 'FlightReservation',
        reservationNumber: 'RXJ34P',
        reservationFor: {
          '@type': 'Flight',
          flightNumber: '110',
          airline: { '@type': 'Airline', name: 'United', iataCode: 'UA' },
          departureAirport: { '@type': 'Airport', iataCode: 'SFO' },
          arrivalAirport: { '@type': 'Airport', iataCode: 'JFK' },
          departureTime,
        },
        ...extra,
      });
    const res = await preview([
      new File([calendar('DTSTART:99999999T999999Z')], 'year-9999.ics'),
      new File([calendar('DTSTART;VALUE=DATE:20270305', 'DTEND;VALUE=DATE:00000101')], 'year-zero.ics'),
      new File([calendar('DTSTART;TZID=Europe/Lisbon:20270101Tabcdef')], 'letters.ics'),
      new File([flight('2027-13-45T99:99:99+99:99')], 'month-13.json'),
      new File(
        [flight('2027-03-04T20:15:00-08:00', { totalPrice: '9999999999999999999999', priceCurrency: 'USD' })],
        'huge-price.json',
      ),
      sample('gmail-markup/event-basic.jsonld.html'),
    ]);
    expect(res.status).toBe(200);
    const body = await json<Preview>(res);
    expect(body.bookings.map((b) => [b.title, b.source.file, b.end, b.price])).toEqual([
      ['Dinner at Tasca', 'year-zero.ics', null, null],
      ['Flight UA110 · SFO → JFK', 'huge-price.json', null, null],
      ['Foo Fighters Concert', 'event-basic.jsonld.html', null, null],
    ]);
    expect(body.warnings).toEqual([
      {
        file: 'year-9999.ics',
        message:
          'year-9999.ics: the DTSTART of "Dinner at Tasca" is not a real date or time, so the event was left out',
      },
      { file: 'year-9999.ics', message: expect.stringMatching(/^year-9999\.ics holds no booking/) },
      {
        file: 'year-zero.ics',
        message: 'year-zero.ics: the DTEND of "Dinner at Tasca" is not a real date or time, so its end was left out',
      },
      {
        file: 'letters.ics',
        message: 'letters.ics: the DTSTART of "Dinner at Tasca" is not a real date or time, so the event was left out',
      },
      { file: 'letters.ics', message: expect.stringMatching(/^letters\.ics holds no booking/) },
      {
        file: 'month-13.json',
        message:
          'month-13.json: the start of "Flight UA110 · SFO → JFK" (2027-13-45T99:99:99+99:99) is not a real date or time, so the booking was left out',
      },
      {
        file: 'huge-price.json',
        message:
          'huge-price.json: the price of "Flight UA110 · SFO → JFK" is not a readable amount, so it was left out',
      },
    ]);
  });

  it('more than 10 files is 400, text in a `file` field is 400, an oversized body 413; all naming `file`', async () => {
    const eleven = Array.from({ length: 11 }, () => sample('gmail-markup/event-basic.jsonld.html'));
    expect((await restError(await preview(eleven), 400, 'BAD_REQUEST')).message).toBe(
      'file: At most 10 files at a time',
    );
    expect((await restError(await preview(['not a file']), 400, 'BAD_REQUEST')).message).toBe(
      'file: must be a file, not text',
    );
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.eml');
    expect((await restError(await preview([big]), 400, 'BAD_REQUEST')).message).toBe(
      'file: big.eml is larger than 5 MB',
    );
    // A body larger than ten files of 5 MB is refused by its declared length, before it is read.
    const tooLong = await server.request(`/api/trips/${tripId}/bookings/preview`, {
      method: 'POST',
      headers: {
        origin: testOrigin,
        cookie: traveller,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(52 * 1024 * 1024),
      },
      body: '--x--\r\n',
    });
    expect((await restError(tooLong, 413, 'PAYLOAD_TOO_LARGE')).message).toBe('file: at most 10 files of 5 MB each');
  });

  it('signed out is 401, a cross-site upload 403, a stranger’s trip 404 and a view-only member’s 403', async () => {
    const file = sample('gmail-markup/event-basic.jsonld.html');
    await restError(await preview([file], null), 401, 'UNAUTHORIZED');
    await restError(await preview([file], traveller, tripId, { 'sec-fetch-site': 'cross-site' }), 403, 'FORBIDDEN');
    await restError(await preview([file], traveller2), 404, 'NOT_FOUND');
    await restError(
      await send('POST', `/api/trips/${tripId}/bookings/preview`, { text: '<p>hi</p>' }, traveller2),
      404,
      'NOT_FOUND',
    );
    // traveller2 joins the Morgan Family, with which Kyoto is shared, as View Only.
    await json(
      await send('POST', '/api/family/groups/group-morgan-family/members', {
        name: 'Sam Rivera',
        email: 'traveller2@naav.example',
        permissions: ['view'],
      }),
    );
    await restError(await preview([file], traveller2, 'trip-kyoto'), 403, 'FORBIDDEN');
    await restError(
      await send(
        'POST',
        '/api/trips/trip-kyoto/events',
        { title: 'x', type: 'activity', date: '2027-02-15' },
        traveller2,
      ),
      403,
      'FORBIDDEN',
    );
  });
});

describe('POST /api/trips/{id}/bookings', () => {
  it('adds the previewed bookings as events, once, and says so the second time', async () => {
    const { bookings } = await json<Preview>(await preview([sample('gmail-markup/event-basic.microdata.html')]));
    const first = await json<{
      events: { id: string; title: string; date: string; startTime: string }[];
      results: { status: string; message: string }[];
      expenses: unknown[];
      trip: unknown;
    }>(await send('POST', `/api/trips/${tripId}/bookings`, { bookings }));
    // 19:30 in San Francisco stays 19:30 there (22:30 in New York, the trip's zone), with the booking's reference.
    expect(first.events).toEqual([
      expect.objectContaining({
        title: 'Foo Fighters Concert',
        type: 'activity',
        date: '2027-03-06',
        startTime: '19:30:00',
        timeZone: 'America/Los_Angeles',
        confirmationNumber: 'E123456789',
      }),
    ]);
    expect(first.results).toEqual([expect.objectContaining({ status: 'added' })]);
    expect(first.trip).toEqual({ id: tripId, startDate: '2027-03-03', endDate: '2027-03-08' });
    const again = await json<typeof first>(await send('POST', `/api/trips/${tripId}/bookings`, { bookings }));
    expect(again.events).toEqual([]);
    expect(again.results).toEqual([
      expect.objectContaining({
        status: 'already_imported',
        message: '"Foo Fighters Concert" is already in this trip; nothing was added',
      }),
    ]);
    const events = await json<{ title: string }[]>(await get(`/api/trips/${tripId}/events`));
    expect(events.filter((e) => e.title === 'Foo Fighters Concert')).toHaveLength(1);
  });

  it('takes a booking written by hand, with only type, title and start', async () => {
    const body = await json<{ events: { title: string; date: string; startTime: string | null }[] }>(
      await send('POST', `/api/trips/${tripId}/bookings`, {
        bookings: [{ type: 'restaurant', title: 'Katz’s Delicatessen', start: '2027-03-05T13:00:00' }],
      }),
    );
    expect(body.events).toEqual([
      expect.objectContaining({
        title: 'Katz’s Delicatessen',
        type: 'meal',
        date: '2027-03-05',
        startTime: '13:00:00',
      }),
    ]);
  });

  it('a booking outside the trip is 400 naming it; with extendTrip the trip grows to take it', async () => {
    const { bookings } = await json<Preview>(await preview([sample('gmail-markup/hotel-basic.jsonld.html')]));
    const error = await restError(
      await send('POST', `/api/trips/${tripId}/bookings`, { bookings }),
      400,
      'BAD_REQUEST',
    );
    expect(error.issues).toEqual([
      { path: ['bookings', '0'], message: expect.stringContaining('outside the trip (2027-03-03 to 2027-03-08)') },
    ]);
    const extended = await json<{ trip: unknown }>(
      await send('POST', `/api/trips/${tripId}/bookings`, { bookings, extendTrip: true }),
    );
    expect(extended.trip).toEqual({ id: tripId, startDate: '2027-03-03', endDate: '2027-04-13' });
  });

  it.each(['9999-12-31T10:00:00', '0001-01-01T10:00:00'])(
    'extendTrip keeps the trip form’s bounds: a booking on %s is 400 naming it, and the trip keeps its dates',
    async (start) => {
      const trip = async () => await json<{ startDate: string; endDate: string }>(await get(`/api/trips/${tripId}`));
      const before = await trip();
      const error = await restError(
        await send('POST', `/api/trips/${tripId}/bookings`, {
          bookings: [{ type: 'event', title: 'Far away', start }],
          extendTrip: true,
        }),
        400,
        'BAD_REQUEST',
      );
      expect(error.issues).toEqual([
        { path: ['bookings', '0'], message: expect.stringContaining('between 1970 and 2099') },
      ]);
      expect(await trip()).toMatchObject({ startDate: before.startDate, endDate: before.endDate });
      // The trip form refuses the same dates.
      const edit = await restError(
        await send('PATCH', `/api/trips/${tripId}`, { startDate: start.slice(0, 10), endDate: start.slice(0, 10) }),
        400,
        'BAD_REQUEST',
      );
      expect(edit.issues?.map((i) => i.path.join('.'))).toContain('startDate');
    },
  );

  it('bad fields are 400 naming them; a stranger gets 404', async () => {
    const error = await restError(
      await send('POST', `/api/trips/${tripId}/bookings`, {
        bookings: [{ type: 'spaceship', title: 'x', start: '2027-03-05' }],
      }),
      400,
      'BAD_REQUEST',
    );
    expect(error.issues?.map((i) => i.path.join('.'))).toEqual(['bookings.0.type']);
    await restError(
      await send(
        'POST',
        `/api/trips/${tripId}/bookings`,
        { bookings: [{ type: 'event', title: 'x', start: '2027-03-05' }] },
        traveller2,
      ),
      404,
      'NOT_FOUND',
    );
  });

  it('both paths are in the OpenAPI document', async () => {
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(await get('/api/openapi.json'));
    expect(Object.keys(doc.paths['/trips/{id}/bookings/preview'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/trips/{id}/bookings'] ?? {})).toEqual(['post']);
  });
});

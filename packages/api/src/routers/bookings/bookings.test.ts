import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { deepNestingBomb, imageBomb, pageCountBomb, streamBomb } from '../../test-support/bad-files';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase, snapshotChanges, snapshotDatabase } from '../../testing';
import { ValidationError } from '../../errors';
import type { Booking } from '../../lib/bookings/booking';
import { mergeSameBookings, previewBookings } from './bookings.service';

const NOW = new Date('2027-01-15T12:00:00Z');
const now = () => NOW;
const corpus = join(import.meta.dirname, 'corpus');
const sample = (path: string) => ({
  name: path.split('/').pop()!,
  bytes: new Uint8Array(readFileSync(join(corpus, path))),
});

/** A New York trip from 3 to 8 March 2027, owned by the demo traveller. */
async function newYorkTrip() {
  const db = await createSeededDatabase(NOW);
  const owner = callerFor(db, actors.traveller, now);
  const trip = await owner.trips.create({
    title: 'New York in March',
    destination: 'New York',
    location: 'New York, USA',
    startDate: '2027-03-03',
    endDate: '2027-03-08',
    timeZone: 'America/New_York',
    baseCurrency: 'USD',
  });
  const preview = (path: string) => previewBookings(db, actors.traveller, trip.id, { files: [sample(path)] }, NOW);
  return { db, owner, trip, preview };
}

describe('previewing bookings', () => {
  it('reads an e-mail and a wallet pass into bookings and stores nothing', async () => {
    const { db, trip } = await newYorkTrip();
    const before = await snapshotDatabase(db);
    const result = await previewBookings(
      db,
      actors.traveller,
      trip.id,
      { files: [sample('email/united-flight-confirmation.eml'), sample('wallet/SemanticBoardingPass.pkpass')] },
      NOW,
    );
    expect(result.bookings.map((b) => [b.type, b.number, b.confirmationNumber, b.source])).toEqual([
      ['flight', 'UA110', 'RXJ34P', { kind: 'json-ld', file: 'united-flight-confirmation.eml' }],
      ['flight', 'TP1372', 'QWE7RT', { kind: 'pkpass', file: 'SemanticBoardingPass.pkpass' }],
    ]);
    expect(result.bookings[0]).toMatchObject({
      start: '2027-03-04T20:15:00-08:00',
      end: '2027-03-05T06:30:00-05:00',
      timeZone: 'America/Los_Angeles',
      startLocation: {
        name: 'San Francisco Airport',
        code: 'SFO',
        latitude: expect.closeTo(37.619, 2),
        longitude: expect.closeTo(-122.375, 2),
      },
      travellers: ['Eva Green'],
    });
    expect(result.warnings).toEqual([]);
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });

  it('pasted text is read like a file', async () => {
    const { owner, trip } = await newYorkTrip();
    const text = readFileSync(join(corpus, 'gmail-markup/hotel-basic.microdata.html'), 'utf8');
    const result = await owner.bookings.preview({ id: trip.id, text });
    expect(result.bookings).toEqual([
      expect.objectContaining({
        type: 'lodging',
        title: 'Hilton San Francisco Union Square',
        source: { kind: 'microdata', file: null },
      }),
    ]);
  });

  it('lists a file it cannot read beside the bookings of the others', async () => {
    const { db, trip } = await newYorkTrip();
    const notes = { name: 'notes.pdf', bytes: new TextEncoder().encode('%PDF-1.7 packing list') };
    const result = await previewBookings(
      db,
      actors.traveller,
      trip.id,
      { files: [notes, sample('wallet/Generic.pkpass'), sample('gmail-markup/event-basic.jsonld.html')] },
      NOW,
    );
    expect(result.bookings.map((b) => b.title)).toEqual(['Foo Fighters Concert']);
    expect(result.warnings).toEqual([
      {
        file: 'notes.pdf',
        message: 'notes.pdf is not a readable PDF',
      },
      { file: 'Generic.pkpass', message: expect.stringContaining('holds no booking') },
    ]);
  });
});

describe('one reservation per passenger', () => {
  const seat = (traveller: string, over: Partial<Booking> = {}): Booking => ({
    type: 'flight',
    title: 'Flight TP1372 · LIS → JFK',
    confirmationNumber: 'QWE7RT',
    provider: 'TAP',
    number: 'TP1372',
    start: '2027-03-04T11:35:00+00:00',
    end: null,
    timeZone: null,
    startLocation: null,
    endLocation: null,
    travellers: [traveller],
    seat: null,
    price: { amount: 10000, currency: 'EUR' },
    cancelled: false,
    source: { kind: 'json-ld', file: 'tap.eml' },
    ...over,
  });

  it('merges into one booking with every traveller once and every fare added, the same reservation seen twice adding nothing', () => {
    const merged = mergeSameBookings([
      seat('Sam Rivera'),
      seat('Dana Rivera', { end: '2027-03-04T14:00:00-05:00' }),
      seat('Sam Rivera'),
      seat('Lee Chen', { confirmationNumber: 'OTHER1' }),
    ]);
    expect(merged.map((b) => [b.confirmationNumber, b.travellers, b.price, b.end])).toEqual([
      ['QWE7RT', ['Sam Rivera', 'Dana Rivera'], { amount: 20000, currency: 'EUR' }, '2027-03-04T14:00:00-05:00'],
      ['OTHER1', ['Lee Chen'], { amount: 10000, currency: 'EUR' }, null],
    ]);
  });

  it('160,000 reservations of four flights merge into four bookings of 40,000 travellers each', () => {
    const flights = ['TP1372', 'TP1373', 'TP1374', 'TP1375'];
    const seats = Array.from({ length: 160_000 }, (_, i) =>
      seat(`Passenger ${i}`, { confirmationNumber: flights[i % 4]!, price: { amount: 1, currency: 'EUR' } }),
    );
    const merged = mergeSameBookings(seats);
    expect(merged.map((b) => [b.confirmationNumber, b.travellers.length, b.price?.amount])).toEqual(
      flights.map((f) => [f, 40_000, 40_000]),
    );
    expect(merged[0]!.travellers.slice(0, 2)).toEqual(['Passenger 0', 'Passenger 4']);
  });
});

describe('wallet passes are checked by their zip directory before any entry is read', () => {
  const pass = () => new Uint8Array(readFileSync(join(corpus, 'wallet/SemanticBoardingPass.pkpass')));
  /** A zip whose central directory lists its one pass.json `times` times, every entry pointing at the same deflate stream. */
  const sameStreamTenTimes = (times: number) => {
    const zip = zipSync({ 'pass.json': new TextEncoder().encode(`{"description":"${'x'.repeat(200_000)}"}`) });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const eocd = zip.length - 22;
    const directoryStart = view.getUint32(eocd + 16, true);
    const entry = zip.subarray(directoryStart, eocd);
    const local = zip.subarray(0, directoryStart);
    const directory = new Uint8Array(entry.length * times);
    for (let i = 0; i < times; i++) directory.set(entry, i * entry.length);
    const end = new Uint8Array(zip.subarray(eocd));
    const endView = new DataView(end.buffer);
    endView.setUint16(8, times, true);
    endView.setUint16(10, times, true);
    endView.setUint32(12, directory.length, true);
    return new Uint8Array([...local, ...directory, ...end]);
  };
  /** 60 images of 200 KB each: every one under the pass.json limit, 12 MB together. */
  const inflatesTo12Mb = () =>
    zipSync({
      'pass.json': new TextEncoder().encode('{"description":"Boarding pass"}'),
      ...Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`strip${i}.png`, new Uint8Array(200 * 1024)])),
    });

  it('one deflate stream listed ten times, or files inflating beyond 10 MB, are warnings naming the file; the other files are read', async () => {
    const { db, trip } = await newYorkTrip();
    const result = await previewBookings(
      db,
      actors.traveller,
      trip.id,
      {
        files: [
          { name: 'ten.pkpass', bytes: sameStreamTenTimes(10) },
          { name: 'images.pkpass', bytes: inflatesTo12Mb() },
          { name: 'good.pkpass', bytes: pass() },
        ],
      },
      NOW,
    );
    expect(result.bookings.map((b) => [b.number, b.source.file])).toEqual([['TP1372', 'good.pkpass']]);
    expect(result.warnings).toEqual([
      { file: 'ten.pkpass', message: 'ten.pkpass is a zip whose entries pass.json and pass.json overlap' },
      { file: 'images.pkpass', message: 'images.pkpass is a zip whose files inflate to more than 10 MB' },
    ]);
  });

  it('a pass whose directory lists each entry once is read as before', async () => {
    const { db, trip } = await newYorkTrip();
    const once = sameStreamTenTimes(1);
    const result = await previewBookings(
      db,
      actors.traveller,
      trip.id,
      {
        files: [
          { name: 'once.pkpass', bytes: once },
          { name: 'good.pkpass', bytes: pass() },
        ],
      },
      NOW,
    );
    expect(result.warnings).toEqual([{ file: 'once.pkpass', message: expect.stringContaining('holds no booking') }]);
    expect(result.bookings).toHaveLength(1);
  });
});

/** The 400 a service call refuses with (routers turn it into BAD_REQUEST naming `field`). */
async function refusal(call: Promise<unknown>): Promise<ValidationError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('bad input is refused quickly, naming the file, and nothing is stored', () => {
  const megabytes = (n: number) => n * 1024 * 1024;
  // Deeply nested multiparts: each part is another multipart.
  const nestedBomb = () => {
    let body = 'Content-Type: text/plain\r\n\r\nhello\r\n';
    for (let depth = 0; depth < 1000; depth++)
      body = `Content-Type: multipart/mixed; boundary="b${depth}"\r\n\r\n--b${depth}\r\n${body}--b${depth}--\r\n`;
    return `From: a@example.com\r\nTo: b@example.com\r\nSubject: bomb\r\nMIME-Version: 1.0\r\n${body}`;
  };
  const manyParts = () => {
    const parts = Array.from({ length: 50_000 }, () => '--x\r\nContent-Type: text/plain\r\n\r\nx\r\n').join('');
    return `From: a@example.com\r\nSubject: parts\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="x"\r\n\r\n${parts}--x--\r\n`;
  };
  const hugeCalendar = () =>
    `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${'BEGIN:VEVENT\r\nEND:VEVENT\r\n'.repeat(100_000)}END:VCALENDAR\r\n`;
  const bigJson = () => `{"@type":"FlightReservation","padding":"${'x'.repeat(megabytes(5) - 50)}"}`;
  // A zip whose pass.json inflates to 20 MB: its declared size is refused before inflating.
  const zipBomb = () => zipSync({ 'pass.json': new Uint8Array(megabytes(20)).fill(32) }, { level: 1 });
  const corruptZip = () => {
    const zip = readFileSync(join(corpus, 'wallet/BoardingPass.pkpass'));
    return new Uint8Array([...zip.subarray(0, 40), ...new Uint8Array(200).fill(7), ...zip.subarray(240)]);
  };

  const cases: [string, string, () => string | Uint8Array, RegExp][] = [
    [
      'a file that is none of the supported kinds',
      'photo.heic',
      () => new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]),
      /photo\.heic is not an e-mail/,
    ],
    [
      'a broken image',
      'photo.png',
      () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
      /photo\.png is not a readable image/,
    ],
    [
      'an image bomb (a PNG of 100,000 × 100,000 pixels)',
      'bomb.png',
      imageBomb,
      /bomb\.png is an image of 100000 × 100000 pixels \(at most 40 million\)/,
    ],
    [
      'a PDF bomb of a million pages',
      'pages.pdf',
      pageCountBomb,
      /pages\.pdf is a PDF of 1000000 pages \(at most 20\)/,
    ],
    [
      'a PDF bomb of objects nested 200,000 deep',
      'deep.pdf',
      deepNestingBomb,
      /deep\.pdf is a PDF whose objects nest more than 200 deep/,
    ],
    [
      'a PDF bomb whose content stream inflates to 400 MB',
      'stream.pdf',
      streamBomb,
      /stream\.pdf is a PDF whose streams inflate to more than 64 MB/,
    ],
    ['a file that only says it is a PDF', 'ticket.pdf', () => '%PDF-1.7\ngarbage', /ticket\.pdf is not a readable PDF/],
    ['a corrupt zip', 'ticket.pkpass', corruptZip, /ticket\.pkpass is not a readable wallet pass/],
    ['a zip bomb', 'bomb.pkpass', zipBomb, /bomb\.pkpass is a zip whose files inflate to more than 10 MB/],
    ['a 5 MB single-line JSON', 'big.json', bigJson, /big\.json is larger than 1 MB of JSON/],
    [
      'a MIME bomb of nested multiparts',
      'nested.eml',
      nestedBomb,
      /nested\.eml is an e-mail with 1000 nested or repeated multipart sections \(at most 20\)/,
    ],
    ['a MIME bomb of 50,000 parts', 'parts.eml', manyParts, /parts\.eml is an e-mail of 50001 parts \(at most 200\)/],
    [
      'an .ics with 100,000 events',
      'diary.ics',
      hugeCalendar,
      /diary\.ics is a calendar of 100000 events \(at most 500\)/,
    ],
  ];

  it.each(cases)(
    '%s',
    async (_what, name, make, message) => {
      const { db, owner, trip } = await newYorkTrip();
      const content = make();
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      expect(bytes.byteLength).toBeLessThanOrEqual(megabytes(5));
      const before = await snapshotDatabase(db);
      const error = await refusal(previewBookings(db, actors.traveller, trip.id, { files: [{ name, bytes }] }, NOW));
      expect(error.field).toBe('file');
      expect(error.message).toMatch(message);
      expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
      expect(await owner.trips.events({ id: trip.id })).toEqual([]);
      // Making the 5 MB inputs takes a while on a busy machine; how fast they are refused is measured apart, never asserted.
    },
    30_000,
  );

  it('more than 10 files, or one over 5 MB', async () => {
    const { db, trip } = await newYorkTrip();
    const eleven = Array.from({ length: 11 }, () => sample('gmail-markup/event-basic.jsonld.html'));
    expect((await refusal(previewBookings(db, actors.traveller, trip.id, { files: eleven }, NOW))).message).toBe(
      'file: At most 10 files at a time',
    );
    const big = { name: 'big.eml', bytes: new Uint8Array(megabytes(5) + 1) };
    expect((await refusal(previewBookings(db, actors.traveller, trip.id, { files: [big] }, NOW))).message).toBe(
      'file: big.eml is larger than 5 MB',
    );
  });

  it('pasted text with no booking in it is read as words: no bookings, a warning, so the preview offers to add it by hand', async () => {
    const { owner, trip } = await newYorkTrip();
    const result = await owner.bookings.preview({ id: trip.id, text: 'Dear Eva, see you in New York!' });
    expect(result).toEqual({
      bookings: [],
      warnings: [{ file: null, message: expect.stringContaining('The pasted text holds no booking we can read') }],
    });
  });
});

describe('importing bookings', () => {
  it("tells whoever has the trip open, and the trip's activity says who imported what", async () => {
    const { owner, trip, preview } = await newYorkTrip();
    const { bookings } = await preview('email/united-flight-confirmation.eml');
    await owner.bookings.import({ id: trip.id, bookings });
    const activity = await owner.trips.activity({ id: trip.id, limit: 10 });
    expect(activity.items.map((i) => [i.byYou, i.summary])).toContainEqual([true, 'imported Flight UA110 · SFO → JFK']);
    // Importing the same again changes nothing, and says nothing.
    await owner.bookings.import({ id: trip.id, bookings });
    expect((await owner.trips.activity({ id: trip.id, limit: 10 })).items).toHaveLength(activity.items.length);
  });

  it('adds a flight as one transportation event with each time where it happens: leaving San Francisco, landing in New York the next day', async () => {
    const { owner, trip, preview } = await newYorkTrip();
    const { bookings } = await preview('email/united-flight-confirmation.eml');
    const result = await owner.bookings.import({ id: trip.id, bookings });
    // 20:15 in San Francisco stays 20:15 there (not 23:15, New York's time); it lands at 06:30 the next morning in New York.
    expect(result.events).toEqual([
      expect.objectContaining({
        title: 'Flight UA110 · SFO → JFK',
        type: 'transportation',
        date: '2027-03-04',
        startTime: '20:15:00',
        timeZone: 'America/Los_Angeles',
        endDate: '2027-03-05',
        endTime: '06:30:00',
        endTimeZone: 'America/New_York',
        location: 'San Francisco Airport (SFO)',
        endLocation: 'John F. Kennedy International Airport (JFK)',
        confirmationNumber: 'RXJ34P',
        status: 'confirmed',
      }),
    ]);
    expect(result.events[0]!.description).toBe('Provider: United\nTravellers: Eva Green');
    expect(result.results).toEqual([
      {
        index: 0,
        title: 'Flight UA110 · SFO → JFK',
        status: 'added',
        eventIds: [result.events[0]!.id],
        message: '"Flight UA110 · SFO → JFK" added',
      },
    ]);
    expect((await owner.trips.events({ id: trip.id })).map((e) => e.id)).toEqual([result.events[0]!.id]);
  });

  it('a booking without a zone takes its airport’s, and one with only an offset keeps the local time it states', async () => {
    const { owner, trip } = await newYorkTrip();
    const base = {
      type: 'flight' as const,
      title: 'Flight TP81',
      travellers: [],
      cancelled: false,
      source: { kind: 'json-ld' as const, file: null },
    };
    const place = (code: string | null, name: string | null) => ({
      name,
      code,
      address: null,
      latitude: null,
      longitude: null,
    });
    const result = await owner.bookings.import({
      id: trip.id,
      bookings: [
        // Wall times without offset or zone: the airports say where they are.
        {
          ...base,
          confirmationNumber: 'LISJFK',
          start: '2027-03-04T11:35:00',
          end: '2027-03-04T14:25:00',
          startLocation: place('LIS', 'Lisbon'),
          endLocation: place('JFK', null),
        },
        // Offsets only, and no place the app knows: the stated local times stay.
        {
          ...base,
          title: 'Ferry',
          type: 'boat' as const,
          confirmationNumber: null,
          start: '2027-03-05T09:00:00+09:00',
          end: '2027-03-05T11:00:00+09:00',
        },
      ],
    });
    expect(
      result.events.map((e) => [
        e.date,
        e.startTime,
        e.timeZone,
        e.endDate,
        e.endTime,
        e.endTimeZone,
        e.confirmationNumber,
      ]),
    ).toEqual([
      ['2027-03-04', '11:35:00', 'Europe/Lisbon', null, '14:25:00', 'America/New_York', 'LISJFK'],
      ['2027-03-05', '09:00:00', 'Etc/GMT-9', null, '11:00:00', null, null],
    ]);
  });

  it('a train between cities takes each city’s zone: Munich 10:30 stays 10:30 in Munich', async () => {
    const { owner, trip, preview } = await newYorkTrip();
    const { bookings } = await preview('schema-org/train-reservation.html');
    const [train] = (await owner.bookings.import({ id: trip.id, bookings, extendTrip: true })).events;
    expect(train).toMatchObject({
      date: '2017-01-04',
      startTime: '10:30:00',
      timeZone: 'Europe/Berlin',
      endTimeZone: 'Europe/Paris',
      endLocation: 'Paris Gare De Lyon',
    });
  });

  it('importing the same booking again adds nothing and says so', async () => {
    const { owner, trip, preview } = await newYorkTrip();
    const { bookings } = await preview('gmail-markup/event-basic.jsonld.html');
    await owner.bookings.import({ id: trip.id, bookings });
    // The same reservation from another source (microdata instead of JSON-LD) is the same booking.
    const again = await owner.bookings.import({
      id: trip.id,
      bookings: (await preview('gmail-markup/event-basic.microdata.html')).bookings,
    });
    expect(again.events).toEqual([]);
    expect(again.results).toEqual([
      expect.objectContaining({
        status: 'already_imported',
        message: '"Foo Fighters Concert" is already in this trip; nothing was added',
      }),
    ]);
    expect(await owner.trips.events({ id: trip.id })).toHaveLength(1);
  });

  it('a stay is a check-in and a check-out, and fills the trip’s empty accommodation; a car rental a pick-up and a drop-off', async () => {
    const { owner, trip, preview } = await newYorkTrip();
    const stay = (await preview('calendar/apple-calendar-hotel-all-day.ics')).bookings;
    const car = (await preview('gmail-markup/rental-car-basic.jsonld.html')).bookings;
    // Both lie outside the trip's dates: extend it to take them in.
    const result = await owner.bookings.import({ id: trip.id, bookings: [...stay, ...car], extendTrip: true });
    expect(result.events.map((e) => [e.title, e.type, e.date, e.startTime, e.location])).toEqual([
      ['Check-in: Hotel: Memmo Alfama', 'accommodation', '2027-06-16', null, 'Memmo Alfama'],
      ['Check-out: Hotel: Memmo Alfama', 'accommodation', '2027-06-18', null, 'Memmo Alfama'],
      // 16:00 and 20:00 in California stay California's times, not New York's.
      ['Pick-up: Hertz rental (Honda Civic)', 'transportation', '2027-08-05', '16:00:00', 'Hertz San Diego Airport'],
      ['Drop-off: Hertz rental (Honda Civic)', 'transportation', '2027-08-06', '20:00:00', 'Hertz LAX'],
    ]);
    expect(result.trip).toEqual({ id: trip.id, startDate: '2027-03-03', endDate: '2027-08-06' });
    expect(await owner.trips.byId({ id: trip.id })).toMatchObject({
      endDate: '2027-08-06',
      accommodation: 'Hotel: Memmo Alfama',
    });
  });

  it('a booking outside the trip’s dates is 400 naming it, and nothing is stored', async () => {
    const { db, owner, trip, preview } = await newYorkTrip();
    const inside = (await preview('gmail-markup/event-basic.jsonld.html')).bookings;
    const outside = (await preview('gmail-markup/hotel-basic.jsonld.html')).bookings;
    const before = await snapshotDatabase(db);
    const error = await errorOf(owner.bookings.import({ id: trip.id, bookings: [...inside, ...outside] }));
    expect(invalidFields(error)).toEqual(['bookings.1']);
    expect(error.message).toBe(
      'bookings.1: "Hilton San Francisco Union Square" is on 2027-04-11, outside the trip (2027-03-03 to 2027-03-08): leave it out or extend the trip',
    );
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });

  it('a cancelled booking marks the matching event cancelled, once', async () => {
    const { owner, trip, preview } = await newYorkTrip();
    await owner.trips.update({ id: trip.id, endDate: '2027-07-10' });
    const [dinner] = (
      await owner.bookings.import({
        id: trip.id,
        bookings: (await preview('calendar/outlook-dinner-request.ics')).bookings,
      })
    ).events;
    // 20:00 in Rome stays 20:00 in Rome (it would be 14:00 in New York).
    expect(dinner).toMatchObject({
      type: 'meal',
      date: '2027-07-09',
      startTime: '20:00:00',
      endTime: '22:00:00',
      timeZone: 'Europe/Rome',
      endTimeZone: null,
      confirmationNumber: 'TRT-20931',
      status: 'confirmed',
    });
    const cancellation = (await preview('calendar/outlook-dinner-cancelled.ics')).bookings;
    expect(cancellation).toEqual([expect.objectContaining({ cancelled: true, confirmationNumber: 'TRT-20931' })]);
    const result = await owner.bookings.import({ id: trip.id, bookings: cancellation });
    expect(result.results).toEqual([expect.objectContaining({ status: 'cancelled', eventIds: [dinner!.id] })]);
    expect(result.events).toEqual([]);
    expect((await owner.trips.events({ id: trip.id })).map((e) => [e.id, e.status])).toEqual([
      [dinner!.id, 'cancelled'],
    ]);
    const again = await owner.bookings.import({ id: trip.id, bookings: cancellation });
    expect(again.results[0]).toMatchObject({ status: 'already_cancelled' });
    // A cancellation of something never imported changes nothing.
    const unknown = await owner.bookings.import({
      id: trip.id,
      bookings: [{ ...cancellation[0]!, confirmationNumber: 'NOPE-1', title: 'Other dinner' }],
    });
    expect(unknown.results[0]).toMatchObject({ status: 'not_found' });
  });

  it('adds the price as an expense in the booking’s currency with its rate frozen, when asked', async () => {
    const { owner, trip, preview } = await newYorkTrip();
    await owner.trips.update({ id: trip.id, startDate: '2027-01-01', endDate: '2027-08-31' });
    const [pass] = (await preview('wallet/SemanticBoardingPass.pkpass')).bookings;
    expect(pass!.price).toEqual({ amount: 8990, currency: 'EUR' });
    const result = await owner.bookings.import({ id: trip.id, bookings: [{ ...pass!, addExpense: true }] });
    expect(result.expenses).toEqual([
      { id: expect.any(String), title: 'Flight TP1372 · LIS → MAD', amount: 8990, currency: 'EUR' },
    ]);
    const [expense] = await owner.expenses.list({ id: trip.id });
    expect(expense).toMatchObject({
      amount: 8990,
      currency: 'EUR',
      date: '2027-05-20',
      category: expect.objectContaining({ name: 'Transportation' }),
      notes: 'Confirmation QWE7RT',
    });
    expect(expense!.exchangeRate).toBeGreaterThan(1);
    expect(expense!.amountInBase).toBe(Math.round(8990 * expense!.exchangeRate));
    const summary = await owner.budget.summary({ id: trip.id });
    expect(summary.totalSpent).toBe(expense!.amountInBase);
  });

  it('refuses an expense it cannot add, naming the booking’s field, before storing anything', async () => {
    const { db, owner, trip, preview } = await newYorkTrip();
    const [concert] = (await preview('gmail-markup/event-basic.jsonld.html')).bookings;
    const before = await snapshotDatabase(db);
    const noPrice = await errorOf(
      owner.bookings.import({ id: trip.id, bookings: [{ ...concert!, addExpense: true }] }),
    );
    expect(invalidFields(noPrice)).toEqual(['bookings.0.addExpense']);
    const forint = await errorOf(
      owner.bookings.import({
        id: trip.id,
        bookings: [{ ...concert!, price: { amount: 1_500_000, currency: 'HUF' }, addExpense: true }],
      }),
    );
    expect(invalidFields(forint)).toEqual(['bookings.0.price.currency']);
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });

  it('checks each booking’s fields, naming them', async () => {
    const { owner, trip } = await newYorkTrip();
    const error = await errorOf(
      owner.bookings.import({
        id: trip.id,
        bookings: [{ type: 'flight', title: ' ', start: 'next Tuesday' } as never],
      }),
    );
    expect(invalidFields(error).sort()).toEqual(['bookings.0.start', 'bookings.0.title']);
    expect(invalidFields(await errorOf(owner.bookings.import({ id: trip.id, bookings: [] })))).toEqual(['bookings']);
  });
});

describe('who may import', () => {
  const concert = async () => {
    const { db, owner, trip, preview } = await newYorkTrip();
    const { bookings } = await preview('gmail-markup/event-basic.jsonld.html');
    const group = await owner.family.addMember({
      id: 'group-morgan-family',
      name: 'Sam Rivera',
      email: actors.traveller2.email,
      permissions: ['view'],
    });
    await owner.family.shareTrip({ id: 'group-morgan-family', tripId: trip.id });
    const memberId = group.members.find((m) => m.name === 'Sam Rivera')!.id;
    return { db, owner, trip, bookings, memberId, member: callerFor(db, actors.traveller2, now) };
  };

  it('a stranger gets 404 and a view-only member 403, exactly as for adding an event; nothing is stored', async () => {
    const { db, trip, bookings, member } = await concert();
    const before = await snapshotDatabase(db);
    const stranger = callerFor(db, actors.agent, now);
    expect((await errorOf(stranger.bookings.import({ id: trip.id, bookings }))).code).toBe('NOT_FOUND');
    expect((await errorOf(stranger.bookings.preview({ id: trip.id, text: '<p>x</p>' }))).code).toBe('NOT_FOUND');
    expect(
      (await errorOf(stranger.events.create({ id: trip.id, title: 'x', type: 'activity', date: '2027-03-04' }))).code,
    ).toBe('NOT_FOUND');
    expect((await errorOf(member.bookings.import({ id: trip.id, bookings }))).code).toBe('FORBIDDEN');
    expect((await errorOf(member.bookings.preview({ id: trip.id, text: '<p>x</p>' }))).code).toBe('FORBIDDEN');
    expect(
      (await errorOf(member.events.create({ id: trip.id, title: 'x', type: 'activity', date: '2027-03-04' }))).code,
    ).toBe('FORBIDDEN');
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });

  it('a member who may edit imports, but only the owner adds expenses to the trip’s budget', async () => {
    const { owner, trip, bookings, memberId, member } = await concert();
    await owner.family.updateMember({ id: 'group-morgan-family', memberId, permissions: ['view', 'edit'] });
    const priced = { ...bookings[0]!, price: { amount: 12000, currency: 'USD' }, addExpense: true };
    expect((await errorOf(member.bookings.import({ id: trip.id, bookings: [priced] }))).code).toBe('FORBIDDEN');
    const result = await member.bookings.import({ id: trip.id, bookings });
    expect(result.events).toHaveLength(1);
  });
});

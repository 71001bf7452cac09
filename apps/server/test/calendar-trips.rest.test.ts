import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, type TestServer } from './harness';
import { json, restError } from './http';

const NOW = new Date('2027-04-20T09:00:00Z');
const sample = (name: string) =>
  readFileSync(new URL(`../../../packages/api/src/routers/bookings/corpus/apps/${name}`, import.meta.url), 'utf8');

let server: TestServer;
let traveller: string;
const { get, send } = restCalls(
  () => server,
  () => traveller,
);

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
});

interface Proposal {
  title: string;
  message: string;
  events: unknown[];
}
interface Made {
  trips: { id: string; title: string; startDate: string; endDate: string; events: number }[];
}

describe('/api/calendar-trips', () => {
  it('a whole calendar is proposed as one trip, stored only when asked, with its events', async () => {
    const text = sample('google-calendar-three-weeks.ics');
    const preview = await json<{ proposals: Proposal[] }>(await send('POST', '/api/calendar-trips/preview', { text }));
    expect(preview.proposals.map((p) => p.message)).toEqual(['12 events from 3 to 17 May, make a trip?']);
    const made = await json<Made>(await send('POST', '/api/calendar-trips', { text, proposals: [0] }));
    expect(made.trips).toEqual([
      { id: expect.any(String), title: 'Portugal', startDate: '2027-05-03', endDate: '2027-05-17', events: 12 },
    ]);
    const events = await json<{ title: string; date: string }[]>(await get(`/api/trips/${made.trips[0]!.id}/events`));
    expect(events).toHaveLength(12);
    expect(events[0]).toMatchObject({ title: 'Flight TP1351 to Lisbon', date: '2027-05-03' });
  });

  it('a TripIt feed becomes its trips; a proposal number it does not have is 400 naming proposals', async () => {
    const text = sample('tripit-calendar-feed.ics');
    await restError(await send('POST', '/api/calendar-trips', { text, proposals: [5] }), 400, 'BAD_REQUEST');
    const made = await json<Made>(await send('POST', '/api/calendar-trips', { text }));
    expect(made.trips.map((t) => [t.title, t.events])).toEqual([
      ['New York City, NY, March 2027', 3],
      ['Lisbon, Portugal, June 2027', 1],
    ]);
  });

  it("a TREK trip export becomes one trip whose flight keeps its departure airport's local time", async () => {
    const made = await json<Made>(await send('POST', '/api/calendar-trips', { text: sample('trek-trip-export.ics') }));
    expect(made.trips.map((t) => [t.title, t.startDate, t.endDate, t.events])).toEqual([
      ['Lisbon & Porto', '2027-06-12', '2027-06-18', 5],
    ]);
    const events = await json<{ title: string; date: string; startTime: string | null; timeZone: string }[]>(
      await get(`/api/trips/${made.trips[0]!.id}/events`),
    );
    expect(events.find((e) => e.title.startsWith('LH 1166'))).toMatchObject({
      date: '2027-06-12',
      startTime: '07:15:00',
      timeZone: 'Europe/Berlin',
    });
  });

  it('text that is not a calendar is 400 naming text', async () => {
    const error = await restError(
      await send('POST', '/api/calendar-trips/preview', { text: 'hello' }),
      400,
      'BAD_REQUEST',
    );
    expect(error.issues?.map((i) => i.path.join('.'))).toEqual(['text']);
  });
});

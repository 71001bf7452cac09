import { solidImage } from '@naav/api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

// 13:00 in Lisbon: the demo's Lisbon trip is under way.
const NOW = new Date('2025-06-15T12:00:00Z');
const trip = 'trip-lisbon';

let server: TestServer;
let owner: string;
let stranger: string;
let photoId: string;
let png: Uint8Array;

const multipart = (path: string, cookie: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return server.request(path, { method: 'POST', headers: { origin: testOrigin, cookie }, body: form });
};
const bookingPage = new TextEncoder().encode(
  '<script type="application/ld+json">{"@type":"EventReservation","reservationFor":{"@type":"Event","name":"Fado night","startDate":"2025-06-16"}}</script>',
);

/**
 * Every route outside the JSON adapters that reads or writes a trip's data, with how it is
 * called: the owner gets the file, the other traveller the 404 a missing trip or photo gets.
 */
const routes: { name: string; call: (cookie: string) => Promise<Response> }[] = [
  {
    name: 'GET /api/trips/{id}/expenses.csv',
    call: (cookie) => server.request(`/api/trips/${trip}/expenses.csv`, { headers: { cookie } }),
  },
  {
    name: 'GET /api/trips/{id}/expenses (streamed)',
    call: (cookie) => server.request(`/api/trips/${trip}/expenses`, { headers: { cookie } }),
  },
  {
    name: 'GET /api/trips/{id}/calendar.ics',
    call: (cookie) => server.request(`/api/trips/${trip}/calendar.ics`, { headers: { cookie } }),
  },
  {
    name: 'GET /api/photos/{id}/file',
    call: (cookie) => server.request(`/api/photos/${photoId}/file`, { headers: { cookie } }),
  },
  {
    name: 'GET /api/photos/{id}/thumbnail',
    call: (cookie) => server.request(`/api/photos/${photoId}/thumbnail`, { headers: { cookie } }),
  },
  {
    name: 'POST /api/trips/{id}/photos',
    call: (cookie) =>
      multipart(`/api/trips/${trip}/photos`, cookie, new File([png], 'tile.png', { type: 'image/png' })),
  },
  {
    name: 'POST /api/trips/{id}/bookings/preview (multipart)',
    call: (cookie) =>
      multipart(
        `/api/trips/${trip}/bookings/preview`,
        cookie,
        new File([bookingPage], 'booking.html', { type: 'text/html' }),
      ),
  },
];

beforeAll(async () => {
  png = new Uint8Array(await solidImage(16, 16, 'png'));
  server = await createTestServer({ now: () => NOW });
  owner = await server.signIn('traveller@naav.example');
  stranger = await server.signIn('traveller2@naav.example');
  const [photo] = await json<{ id: string }[]>(
    await multipart(`/api/trips/${trip}/photos`, owner, new File([png], 'first.png', { type: 'image/png' })),
  );
  photoId = photo!.id;
});

describe('the file routes, as every procedure', () => {
  it.each(routes)('$name: the other traveller gets 404, as for a missing row', async ({ call }) => {
    const body = await restError(await call(stranger), 404, 'NOT_FOUND');
    expect(body.message).toMatch(/not found$/);
  });

  it.each(routes)('$name: the owner gets it', async ({ call }) => {
    expect((await call(owner)).status).toBe(200);
  });

  it.each(routes)('$name: signed out is 401', async ({ call }) => {
    await restError(await call(''), 401, 'UNAUTHORIZED');
  });

  it("GET /api/travels/history (streamed): each traveller gets their own journal, never the other's", async () => {
    const mine = await json<{ id: string }[]>(
      await server.request('/api/travels/history', { headers: { cookie: owner } }),
    );
    const theirs = await json<{ id: string }[]>(
      await server.request('/api/travels/history', { headers: { cookie: stranger } }),
    );
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.map((t) => t.id)).not.toEqual(expect.arrayContaining([mine[0]!.id]));
  });
});

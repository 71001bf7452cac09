import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { createTestServer, restCalls, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

// The bound on previews being read at once is kept by each server process (see README, Security):
// so this is not a REST contract file, which the two-server suite replays across a pair of servers.
const NOW = new Date('2027-01-15T12:00:00Z');
const corpus = join(import.meta.dirname, '../../../packages/api/src/routers/bookings/corpus');
const sample = (path: string) => new File([readFileSync(join(corpus, path))], path.split('/').pop()!, { type: 'text/html' });
// Slow to read (about 9 s unbounded): each preview holds its place for the whole 2 s budget.
const nested = () => new File([`<html><body>${'<div itemscope itemtype="http://schema.org/FlightReservation">'.repeat(70_000)}</body></html>`], 'nested.html', { type: 'text/html' });

let server: TestServer;
let traveller: string;
let traveller2: string;
let tripId: string;
let tripId2: string;
const { send } = restCalls(() => server, () => traveller);

function preview(cookie: string, id: string, files: File[]) {
  const form = new FormData();
  for (const f of files) form.append('file', f);
  return server.request(`/api/trips/${id}/bookings/preview`, { method: 'POST', headers: { origin: testOrigin, cookie }, body: form });
}

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
  const trip = { title: 'New York in March', destination: 'New York', location: 'New York, USA', startDate: '2027-03-03', endDate: '2027-03-08' };
  tripId = (await json<{ id: string }>(await send('POST', '/api/trips', trip))).id;
  tripId2 = (await json<{ id: string }>(await send('POST', '/api/trips', trip, traveller2))).id;
});

it('a third preview while two of the same user are being read is 429 with Retry-After; another user is not held back', { timeout: 60_000 }, async () => {
  const good = () => sample('gmail-markup/event-basic.jsonld.html');
  const [answers, other] = await Promise.all([
    Promise.all([0, 1, 2].map(() => preview(traveller, tripId, [nested(), good()]))),
    preview(traveller2, tripId2, [good()]),
  ]);
  expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 429]);
  expect(other.status).toBe(200);
  const refused = answers.find((r) => r.status === 429)!;
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await restError(refused, 429, 'TOO_MANY_REQUESTS')).message).toMatch(/^Too many booking previews at once/);
  // Once those are answered, the same user may preview again.
  expect((await preview(traveller, tripId, [good()])).status).toBe(200);
});

it('refuses a third upload before reading its body: a 429 even for a body that is not multipart at all, and the same user previews again afterwards', { timeout: 60_000 }, async () => {
  const good = () => sample('gmail-markup/event-basic.jsonld.html');
  const garbled = () =>
    server.request(`/api/trips/${tripId}/bookings/preview`, {
      method: 'POST',
      headers: { origin: testOrigin, cookie: traveller, 'content-type': 'multipart/form-data; boundary=nothing-like-it' },
      body: 'x'.repeat(200_000),
    });
  // Alone, such a body is a 400 naming the field.
  expect((await restError(await garbled(), 400, 'BAD_REQUEST')).message).toMatch(/^file: /);
  let answered = false;
  const slow = Promise.all([0, 1].map(() => preview(traveller, tripId, [nested(), good()]))).finally(() => {
    answered = true;
  });
  // Once both slow previews hold their places (they take seconds to read), the garbled body is refused unread.
  let refused: Response | undefined;
  for (let tries = 0; tries < 500 && !answered && !refused; tries++) {
    // A timer between tries: an in-process request may settle in microtasks alone, which would starve the workers' answers.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const res = await garbled();
    if (res.status === 429) refused = res;
    else await restError(res, 400, 'BAD_REQUEST');
  }
  expect(refused, 'a third upload refused while two were being read').toBeDefined();
  if (!refused) return;
  expect((await restError(refused, 429, 'TOO_MANY_REQUESTS')).message).toMatch(/^Too many booking previews at once/);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await slow).map((r) => r.status)).toEqual([200, 200]);
  expect((await preview(traveller, tripId, [good()])).status).toBe(200);
});

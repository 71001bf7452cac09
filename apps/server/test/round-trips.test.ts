import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabasePhotoStore } from '@naav/api/server';
import { createPreparedReader } from '@naav/db';
import { solidImage } from '@naav/api/testing';
import { demoPassword, seedDemo } from '@naav/db/seed';
import { countingRoundTrips, createTestDatabase } from '@naav/db/testing';
import { hashPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { createAuth } from '../src/auth';
import { createMailer } from '../src/mail/mailer';
import { cookieHeader, testOrigin, testSecret } from './harness';

/**
 * Database round trips per request on the most used paths. With DATABASE_URL pointing at a
 * libSQL server each one is a network round trip, so each path has a ceiling: a change that
 * adds one fails here, and the README's table ("Running several servers") says what each
 * costs. The session check is counted apart (better-auth's own queries; none while the
 * signed cookie cache is fresh).
 */
const NOW = new Date('2026-03-10T12:00:00Z');

interface Path {
  name: string;
  ceiling: number;
  as?: 'traveller' | 'traveller2';
  request: () => { path: string; init?: RequestInit };
}

let request: (path: string, init?: RequestInit) => Response | Promise<Response>;
let roundTrips: () => number;
let reset: () => void;
const cookies: Record<'traveller' | 'traveller2', string> = { traveller: '', traveller2: '' };
let photoId = '';
let eventId = '';
const measured: { name: string; roundTrips: number; ceiling: number }[] = [];

beforeAll(async () => {
  const db = await createTestDatabase();
  await seedDemo(db, { hashPassword, now: NOW });
  const counting = countingRoundTrips(db);
  ({ roundTrips, reset } = counting);
  // The session is better-auth's business, on the plain handle; the API's queries are counted.
  // No test here sends mail: the outbox folder is made only by a first message.
  const mailer = createMailer({
    from: 'Naav <no-reply@naav.example>',
    outboxDir: join(tmpdir(), `naav-mail-${randomUUID()}`),
  });
  const auth = createAuth({ db, secret: testSecret, baseURL: testOrigin, trustedOrigins: [testOrigin], mailer });
  // The session check (one query, see Sessions in the README) reads through the plain handle too.
  const app = createApp({
    db: counting.db,
    auth,
    now: () => NOW,
    photoStore: createDatabasePhotoStore(counting.db),
    trustedOrigins: [testOrigin],
    reader: createPreparedReader(db, ':memory:'),
  });
  request = (path, init) => app.request(new URL(path, testOrigin).toString(), init);
  for (const who of ['traveller', 'traveller2'] as const) {
    const res = await request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: testOrigin },
      body: JSON.stringify({ email: `${who}@naav.example`, password: demoPassword }),
    });
    cookies[who] = cookieHeader(res);
  }
  const form = new FormData();
  form.append('file', new File([await solidImage(64, 48, 'jpeg')], 'tram.jpg'));
  const uploaded = await request('/api/trips/trip-lisbon/photos', {
    method: 'POST',
    headers: { cookie: cookies.traveller, origin: testOrigin },
    body: form,
  });
  photoId = ((await uploaded.json()) as { id: string }[])[0]!.id;
  const events = await request('/api/trips/trip-lisbon/events', { headers: { cookie: cookies.traveller } });
  eventId = ((await events.json()) as { id: string }[])[0]!.id;
  // The second traveller joins the family group the Kyoto trip is shared with, with edit rights.
  const member = await request('/api/family/groups/group-morgan-family/members', {
    ...json('POST', {
      name: 'Sam Rivera',
      email: 'traveller2@naav.example',
      relationship: 'friend',
      permissions: ['view', 'edit'],
    }),
    headers: { cookie: cookies.traveller, 'content-type': 'application/json', origin: testOrigin },
  });
  if (!member.ok) throw new Error(`adding the member failed: ${await member.text()}`);
});

afterAll(() => {
  // The figures the README quotes.
  console.log(measured.map((m) => `${m.name}: ${m.roundTrips} (ceiling ${m.ceiling})`).join('\n'));
});

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', origin: testOrigin },
  body: JSON.stringify(body),
});

const paths: Path[] = [
  { name: 'GET /api/me', ceiling: 0, request: () => ({ path: '/api/me' }) },
  { name: 'GET /api/trips', ceiling: 1, request: () => ({ path: '/api/trips' }) },
  { name: 'GET /api/trips/current', ceiling: 1, request: () => ({ path: '/api/trips/current' }) },
  {
    name: 'GET /api/trips/current/events/today',
    ceiling: 1,
    request: () => ({ path: '/api/trips/current/events/today' }),
  },
  { name: 'GET /api/trips/{id}', ceiling: 1, request: () => ({ path: '/api/trips/trip-lisbon' }) },
  {
    name: 'GET /api/trips/{id} (a group member)',
    ceiling: 1,
    as: 'traveller2',
    request: () => ({ path: '/api/trips/trip-kyoto' }),
  },
  { name: 'GET /api/trips/{id}/events', ceiling: 1, request: () => ({ path: '/api/trips/trip-lisbon/events' }) },
  {
    name: 'GET /api/trips/{id}/day-plan',
    ceiling: 1,
    request: () => ({ path: '/api/trips/trip-lisbon/day-plan' }),
  },
  {
    name: 'PATCH /api/events/{id}',
    ceiling: 2,
    request: () => ({
      path: `/api/events/${eventId}`,
      init: json('PATCH', { title: 'Tram 28 to Alfama', date: '2026-03-10' }),
    }),
  },
  { name: 'GET /api/trips/{id}/photos', ceiling: 1, request: () => ({ path: '/api/trips/trip-lisbon/photos' }) },
  { name: 'GET /api/photos/{id}/thumbnail', ceiling: 2, request: () => ({ path: `/api/photos/${photoId}/thumbnail` }) },
  { name: 'GET /api/family/groups', ceiling: 1, request: () => ({ path: '/api/family/groups' }) },
  {
    name: 'GET /api/family/shared-trips',
    ceiling: 1,
    as: 'traveller2',
    request: () => ({ path: '/api/family/shared-trips' }),
  },
  {
    name: 'GET /api/trips/{id}/budget-summary',
    ceiling: 1,
    request: () => ({ path: '/api/trips/trip-lisbon/budget-summary' }),
  },
  {
    name: 'GET /api/trips/{id}/expenses/page',
    ceiling: 1,
    request: () => ({ path: '/api/trips/trip-lisbon/expenses/page' }),
  },
  {
    name: 'GET /api/trips/{id}/expenses/page?range=month',
    ceiling: 2,
    request: () => ({ path: '/api/trips/trip-lisbon/expenses/page?range=month' }),
  },
  {
    name: 'POST /api/expenses',
    ceiling: 2,
    request: () => ({
      path: '/api/expenses',
      init: json('POST', {
        tripId: 'trip-lisbon',
        title: 'Pastéis de nata',
        amount: 650,
        currency: 'EUR',
        categoryId: 1,
        date: '2026-03-10',
      }),
    }),
  },
  { name: 'GET /api/currencies/rates', ceiling: 1, request: () => ({ path: '/api/currencies/rates?base=EUR' }) },
  { name: 'GET /api/travels/history', ceiling: 1, request: () => ({ path: '/api/travels/history' }) },
  { name: 'GET /api/inspirations', ceiling: 1, request: () => ({ path: '/api/inspirations' }) },
];

describe('database round trips per request', () => {
  it.each(paths)('$name: at most $ceiling', async ({ name, ceiling, as = 'traveller', request: make }) => {
    const { path, init } = make();
    const headers = new Headers(init?.headers);
    headers.set('cookie', cookies[as]);
    reset();
    const res = await request(path, { ...init, headers });
    const count = roundTrips();
    expect(res.status, await res.text()).toBeLessThan(300);
    measured.push({ name, roundTrips: count, ceiling });
    expect(count).toBeLessThanOrEqual(ceiling);
  });

  it('counts every query of a request, so a path that adds one is caught', async () => {
    reset();
    await request('/api/trips/trip-lisbon', { headers: { cookie: cookies.traveller } });
    const one = roundTrips();
    reset();
    await request('/api/trips/trip-lisbon', { headers: { cookie: cookies.traveller } });
    await request('/api/trips/trip-lisbon', { headers: { cookie: cookies.traveller } });
    expect(roundTrips()).toBe(2 * one);
    expect(one).toBeGreaterThan(0);
  });
});

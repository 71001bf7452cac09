import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, testOrigin, type TestServer } from './harness';
import { restError } from './http';

// The routes outside the REST adapter (photos, the CSV, the calendars) answer their errors
// through the adapter's own helper: the documented {message, code, issues?}, and for the same
// fault the very body a JSON procedure answers.
const NOW = new Date('2025-06-15T12:00:00Z');
let server: TestServer;
let traveller: string;
let traveller2: string;
const { get } = restCalls(
  () => server,
  () => traveller,
);
const longId = 'x'.repeat(101);

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

describe('errors of photos, the CSV and the calendars', () => {
  it('a bad query in the CSV is the same 400 as the JSON list gives, naming the field', async () => {
    const csv = await restError(
      await get('/api/trips/trip-kyoto/expenses.csv?categoryId=12&q=taxi'),
      400,
      'BAD_REQUEST',
    );
    const page = await restError(
      await get('/api/trips/trip-kyoto/expenses/page?categoryId=12&q=taxi'),
      400,
      'BAD_REQUEST',
    );
    expect(csv).toEqual(page);
    expect(csv.issues?.map((i) => i.path)).toEqual([['categoryId']]);
  });

  it('an id over 100 characters is the same 400 for a photo, a calendar, the CSV and a JSON call', async () => {
    const json = await restError(await get(`/api/trips/${longId}`), 400, 'BAD_REQUEST');
    expect(json.issues?.map((i) => i.path)).toEqual([['id']]);
    for (const path of [
      `/api/photos/${longId}/file`,
      `/api/photos/${longId}/thumbnail`,
      `/api/trips/${longId}/calendar.ics`,
      `/api/trips/${longId}/expenses.csv`,
    ]) {
      expect(await restError(await get(path), 400, 'BAD_REQUEST'), path).toEqual(json);
    }
  });

  it("someone else's trip is the same 404 for its calendar, its CSV and the trip itself", async () => {
    const json = await restError(await get('/api/trips/trip-lisbon', traveller2), 404, 'NOT_FOUND');
    for (const path of ['/api/trips/trip-lisbon/calendar.ics', '/api/trips/trip-lisbon/expenses.csv']) {
      expect(await restError(await get(path, traveller2), 404, 'NOT_FOUND'), path).toEqual(json);
    }
    await restError(await get('/api/photos/no-such-photo/file'), 404, 'NOT_FOUND');
    await restError(await get(`/api/calendar/${'x'.repeat(32)}.ics`, null), 404, 'NOT_FOUND');
  });

  it('without a session every one of them is the 401 of any other call', async () => {
    const json = await restError(await get('/api/trips', null), 401, 'UNAUTHORIZED');
    for (const path of [
      '/api/photos/p1/file',
      '/api/trips/trip-lisbon/calendar.ics',
      '/api/trips/trip-lisbon/expenses.csv',
    ]) {
      expect(await restError(await get(path, null), 401, 'UNAUTHORIZED'), path).toEqual(json);
    }
    const form = new FormData();
    form.append('file', new File([new Uint8Array([1, 2, 3])], 'a.jpg'));
    const upload = await server.request('/api/trips/trip-lisbon/photos', {
      method: 'POST',
      headers: { origin: testOrigin },
      body: form,
    });
    expect(await restError(upload, 401, 'UNAUTHORIZED')).toEqual(json);
  });

  it('a photo the service refuses (not an image) is a 400 naming `file`', async () => {
    const form = new FormData();
    form.append('file', new File([new TextEncoder().encode('not a picture')], 'notes.jpg'));
    const res = await server.request('/api/trips/trip-lisbon/photos', {
      method: 'POST',
      headers: { origin: testOrigin, cookie: traveller },
      body: form,
    });
    const body = await restError(res, 400, 'BAD_REQUEST');
    expect(body.issues?.[0]?.path).toEqual(['file']);
  });
});

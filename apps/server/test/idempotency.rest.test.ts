import {
  conciergeMessages,
  conciergeRequests,
  events,
  expenses,
  inspirationFavourites,
  proposals,
  travels,
  trips,
} from '@naav/db/schema';
import { count, eq } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

// 12:00 in Lisbon: the demo's Lisbon trip is under way.
const NOW = new Date('2026-03-10T12:00:00Z');
const TODAY = '2026-03-10';

let server: TestServer;
let traveller: string;
let traveller2: string;
let barcelonaStart: string;

const { send } = restCalls(
  () => server,
  () => traveller,
);
const keyed = (key: string) => ({ 'Idempotency-Key': key });
const rowsOf = async (table: SQLiteTable) => (await server.db.select({ n: count() }).from(table))[0]!.n;

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
  const [barcelona] = await server.db
    .select({ startDate: trips.startDate })
    .from(trips)
    .where(eq(trips.id, 'trip-barcelona'));
  barcelonaStart = barcelona!.startDate;
});

/** Each REST create the web app may queue offline: its path, two different bodies (for the traveller and for traveller2), and the table it adds to. */
interface QueuedCreate {
  path: (mine: boolean) => string;
  body: (variant: 0 | 1, mine: boolean) => Record<string, unknown>;
  table: SQLiteTable;
}

const creates: Record<string, QueuedCreate> = {
  'POST /api/expenses': {
    path: () => '/api/expenses',
    body: (variant, mine) => ({
      tripId: mine ? 'trip-lisbon' : 'trip-barcelona',
      title: variant === 0 ? 'Sintra palace tickets' : 'Tram 28',
      amount: 1_234,
      currency: 'EUR',
      categoryId: 4,
      date: TODAY,
      notes: null,
      paymentMethod: 'Cash',
      location: null,
      isReimbursable: false,
      allowOutsideTrip: true,
    }),
    table: expenses,
  },
  'POST /api/trips/{id}/events': {
    path: (mine) => `/api/trips/${mine ? 'trip-lisbon' : 'trip-barcelona'}/events`,
    body: (variant, mine) => ({
      title: variant === 0 ? 'Fado night' : 'Tram ride',
      type: 'activity',
      date: mine ? TODAY : barcelonaStart,
      startTime: '20:00',
    }),
    table: events,
  },
  'POST /api/concierge/chat': {
    path: () => '/api/concierge/chat',
    body: (variant) => ({ message: variant === 0 ? 'Could you book a table for two?' : 'And a taxi at eight?' }),
    table: conciergeMessages,
  },
  'POST /api/concierge/requests': {
    path: () => '/api/concierge/requests',
    body: (variant) => ({ type: variant === 0 ? 'reservation' : 'transportation', notes: 'Two people' }),
    table: conciergeRequests,
  },
  'POST /api/travels/history': {
    path: () => '/api/travels/history',
    body: (variant) => ({
      title: variant === 0 ? 'Weekend in Porto' : 'Sintra day trip',
      location: 'Porto, Portugal',
      startDate: '2025-05-01',
      endDate: '2025-05-03',
    }),
    table: travels,
  },
};

describe.each(Object.entries(creates))('%s with an Idempotency-Key', (name, { path, body, table }) => {
  const post = (key: string | null, variant: 0 | 1 = 0, cookie = traveller) =>
    send(
      'POST',
      path(cookie === traveller),
      body(variant, cookie === traveller),
      cookie,
      key === null ? {} : keyed(key),
    );

  it('stores one row for one key however often it is sent: every answer is 200 with the same id', async () => {
    const key = `${name}-once`;
    const before = await rowsOf(table);
    const first = await json<{ id: string }>(await post(key));
    const added = (await rowsOf(table)) - before;
    expect(added).toBeGreaterThan(0);
    const replays = [await json<{ id: string }>(await post(key)), await json<{ id: string }>(await post(key))];
    expect(replays).toEqual([first, first]);
    expect((await rowsOf(table)) - before).toBe(added);
  });

  it('stores another row for another key', async () => {
    const before = await rowsOf(table);
    const a = await json<{ id: string }>(await post(`${name}-a`));
    const added = (await rowsOf(table)) - before;
    const b = await json<{ id: string }>(await post(`${name}-b`));
    expect(b.id).not.toBe(a.id);
    expect((await rowsOf(table)) - before).toBe(2 * added);
  });

  it('refuses the same key with another body: 422 naming Idempotency-Key, nothing stored', async () => {
    const key = `${name}-reused`;
    await json(await post(key));
    const after = await rowsOf(table);
    const error = await restError(await post(key, 1), 422, 'UNPROCESSABLE_CONTENT');
    expect(error.message).toBe(
      'Idempotency-Key: this key was already used for a different request; send a new key with a new request',
    );
    expect(await rowsOf(table)).toBe(after);
  });

  it("keeps one user's key apart from another user's", async () => {
    const key = `${name}-shared`;
    const before = await rowsOf(table);
    const mine = await json<{ id: string }>(await post(key));
    const added = (await rowsOf(table)) - before;
    const theirs = await json<{ id: string }>(await post(key, 0, traveller2));
    expect(theirs.id).not.toBe(mine.id);
    expect((await rowsOf(table)) - before).toBe(2 * added);
  });

  it('stores one row when the same key arrives three times at once', async () => {
    const key = `${name}-raced`;
    const before = await rowsOf(table);
    const answers = await Promise.all(
      [post(key), post(key), post(key)].map(async (res) => json<{ id: string }>(await res)),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const single = (await rowsOf(table)) - before;
    await json(await post(`${name}-raced-2`));
    expect((await rowsOf(table)) - before).toBe(2 * single);
  });
});

/** A tRPC mutation over HTTP as the web app's keyed link sends it: not batched, the key in the header. */
const trpcMutation = (procedure: string, input: unknown, key: string, cookie = traveller) =>
  server.request(`/trpc/${procedure}`, {
    method: 'POST',
    headers: { origin: testOrigin, 'content-type': 'application/json', cookie, ...keyed(key) },
    body: JSON.stringify({ json: input }),
  });

describe('Idempotency-Key over tRPC', () => {
  it('a tRPC replay answers the first answer and stores nothing; the key is the same call over REST', async () => {
    const before = await rowsOf(conciergeRequests);
    const input = { type: 'activity', notes: 'Surf lesson for two' };
    const first = await json<{ result: { data: { json: { id: string } } } }>(
      await trpcMutation('concierge.createRequest', input, 'trpc-1'),
    );
    const again = await json<{ result: { data: { json: { id: string } } } }>(
      await trpcMutation('concierge.createRequest', input, 'trpc-1'),
    );
    expect(again.result.data.json.id).toBe(first.result.data.json.id);
    const overRest = await json<{ id: string }>(
      await send('POST', '/api/concierge/requests', input, traveller, keyed('trpc-1')),
    );
    expect(overRest.id).toBe(first.result.data.json.id);
    expect((await rowsOf(conciergeRequests)) - before).toBe(1);
  });

  it('the same key with another body is 422 over tRPC too', async () => {
    await json(await trpcMutation('concierge.send', { message: 'Hello' }, 'trpc-2'));
    const res = await trpcMutation('concierge.send', { message: 'Hello again' }, 'trpc-2');
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { json: { message: string; data: { code: string } } } };
    expect(body.error.json.data.code).toBe('UNPROCESSABLE_CONTENT');
    expect(body.error.json.message).toMatch(/^Idempotency-Key: /);
  });
});

describe('Idempotency-Key on writes that set a state', () => {
  it('PUT /api/expenses/{id} replayed after a later edit answers the first answer and keeps the later edit', async () => {
    const created = await json<{ id: string }>(
      await send('POST', '/api/expenses', creates['POST /api/expenses']!.body(0, true)),
    );
    const edit = (title: string) => ({ ...creates['POST /api/expenses']!.body(0, true), title });
    const first = await json<{ title: string }>(
      await send('PUT', `/api/expenses/${created.id}`, edit('Palace tickets, two'), traveller, keyed('edit-1')),
    );
    await json(
      await send('PUT', `/api/expenses/${created.id}`, edit('Palace tickets, three'), traveller, keyed('edit-2')),
    );
    expect(
      await json(
        await send('PUT', `/api/expenses/${created.id}`, edit('Palace tickets, two'), traveller, keyed('edit-1')),
      ),
    ).toEqual(first);
    const [row] = await server.db.select({ title: expenses.title }).from(expenses).where(eq(expenses.id, created.id));
    expect(row!.title).toBe('Palace tickets, three');
  });

  it('PUT /api/documents/{id} (saving notes) replayed answers the first answer and keeps the later notes', async () => {
    const doc = await json<Record<string, unknown>>(await send('GET', '/api/documents/doc-passport'));
    const save = (notes: string) => ({
      documentType: doc['documentType'],
      documentName: doc['documentName'],
      documentNumber: doc['documentNumber'],
      issueDate: doc['issueDate'],
      expiryDate: doc['expiryDate'],
      issuingCountry: doc['issuingCountry'],
      notes,
    });
    const first = await json(
      await send('PUT', '/api/documents/doc-passport', save('Copy in the safe'), traveller, keyed('notes-1')),
    );
    await json(
      await send('PUT', '/api/documents/doc-passport', save('Copy in the day bag'), traveller, keyed('notes-2')),
    );
    expect(
      await json(
        await send('PUT', '/api/documents/doc-passport', save('Copy in the safe'), traveller, keyed('notes-1')),
      ),
    ).toEqual(first);
    expect((await json<{ notes: string }>(await send('GET', '/api/documents/doc-passport'))).notes).toBe(
      'Copy in the day bag',
    );
    await restError(
      await send('PUT', '/api/documents/doc-passport', save('Something else'), traveller, keyed('notes-1')),
      422,
      'UNPROCESSABLE_CONTENT',
    );
  });

  it('PUT /api/documents/{id}/notes (notes saved offline) replayed answers the first answer and keeps the later notes; 404 for another traveller', async () => {
    const put = (notes: string, key: string, cookie = traveller) =>
      send('PUT', '/api/documents/doc-passport/notes', { notes }, cookie, keyed(key));
    const first = await json<{ notes: string }>(await put('Copy in the safe', 'doc-notes-1'));
    expect(first).toMatchObject({ id: 'doc-passport', notes: 'Copy in the safe' });
    expect(first).not.toHaveProperty('documentNumber');
    await json(await put('Copy in the day bag', 'doc-notes-2'));
    expect(await json(await put('Copy in the safe', 'doc-notes-1'))).toEqual(first);
    expect((await json<{ notes: string }>(await send('GET', '/api/documents/doc-passport'))).notes).toBe(
      'Copy in the day bag',
    );
    await restError(await put('Something else', 'doc-notes-1'), 422, 'UNPROCESSABLE_CONTENT');
    await restError(await put('Copy in the safe', 'doc-notes-1', traveller2), 404, 'NOT_FOUND');
    expect((await json<{ notes: string }>(await send('GET', '/api/documents/doc-passport'))).notes).toBe(
      'Copy in the day bag',
    );
  });

  it('the heart: PUT {isFavourite}, POST and DELETE /api/inspirations/{id}/favourite replayed never undo a later change', async () => {
    const isFavourite = async () =>
      (
        await server.db
          .select({ n: count() })
          .from(inspirationFavourites)
          .where(eq(inspirationFavourites.inspirationId, 'insp-amalfi'))
      )[0]!.n > 0;
    expect(
      await json(
        await send(
          'PUT',
          '/api/inspirations/insp-amalfi/favourite',
          { isFavourite: true },
          traveller,
          keyed('heart-1'),
        ),
      ),
    ).toEqual({ inspirationId: 'insp-amalfi', isFavourite: true });
    await json(
      await send('PUT', '/api/inspirations/insp-amalfi/favourite', { isFavourite: false }, traveller, keyed('heart-2')),
    );
    expect(
      await json(
        await send(
          'PUT',
          '/api/inspirations/insp-amalfi/favourite',
          { isFavourite: true },
          traveller,
          keyed('heart-1'),
        ),
      ),
    ).toEqual({ inspirationId: 'insp-amalfi', isFavourite: true });
    expect(await isFavourite()).toBe(false);
    await json(await send('POST', '/api/inspirations/insp-amalfi/favourite', undefined, traveller, keyed('heart-3')));
    await json(await send('DELETE', '/api/inspirations/insp-amalfi/favourite', undefined, traveller, keyed('heart-4')));
    await json(await send('POST', '/api/inspirations/insp-amalfi/favourite', undefined, traveller, keyed('heart-3')));
    expect(await isFavourite()).toBe(false);
    await restError(
      await send('PUT', '/api/inspirations/insp-nowhere/favourite', { isFavourite: true }, traveller, keyed('heart-5')),
      404,
      'NOT_FOUND',
    );
  });

  it('an empty or over-long key is 400 naming Idempotency-Key', async () => {
    const error = await restError(
      await send('POST', '/api/concierge/chat', { message: 'Hi' }, traveller, keyed('x'.repeat(201))),
      400,
      'BAD_REQUEST',
    );
    expect(error.message).toBe('Idempotency-Key: must be 1 to 200 characters');
    expect(error.issues).toEqual([{ path: ['Idempotency-Key'], message: 'must be 1 to 200 characters' }]);
  });

  it('/api/openapi.json documents the header and the 409 and 422 answers on each keyed write', async () => {
    const doc = await json<{
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>
      >;
    }>(await send('GET', '/api/openapi.json'));
    const keyedOps = [
      ['/expenses', 'post'],
      ['/expenses/{id}', 'put'],
      ['/trips/{id}/events', 'post'],
      ['/concierge/chat', 'post'],
      ['/concierge/requests', 'post'],
      ['/travels/history', 'post'],
      ['/documents/{id}', 'put'],
      ['/documents/{id}/notes', 'put'],
      ['/inspirations/{id}/favourite', 'put'],
      ['/inspirations/{id}/favourite', 'post'],
      ['/inspirations/{id}/favourite', 'delete'],
    ] as const;
    for (const [path, method] of keyedOps) {
      const op = doc.paths[path]![method]!;
      expect(
        op.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
        `${method} ${path}`,
      ).toBe(true);
      expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['409', '422']));
    }
    // Every POST that creates something or acts takes a key; a preview stores nothing and takes none,
    // nor do the public links that work once by their own token (an invitation, an unsubscribe), nor
    // the two answers that carry a secret shown once (a recorded answer would keep it in the database).
    const keyless = [
      '/tokens',
      '/webhooks',
      '/trips/{id}/bookings/preview',
      '/calendar-trips/preview',
      '/invitations/{token}/accept',
      '/notifications/unsubscribe',
    ];
    for (const [path, item] of Object.entries(doc.paths)) {
      const post = item['post'];
      if (!post || path.startsWith('/auth/') || path === '/trips/{id}/photos') continue;
      expect(
        post.parameters?.some((p) => p.name === 'Idempotency-Key'),
        `post ${path}`,
      ).toBe(!keyless.includes(path));
    }
  });
});

describe('Idempotency-Key on the other creates', () => {
  it('two POST /api/proposals with one key make one draft, answered twice with the same id', async () => {
    const agent = await server.signIn('agent@naav.example');
    const body = {
      clientId: 'user-traveller',
      title: 'Azores in spring',
      destination: 'Ponta Delgada',
      startDate: '2026-05-02',
      endDate: '2026-05-09',
      expiryDate: '2026-04-01',
      budget: 4200,
    };
    const before = await rowsOf(proposals);
    const first = await json<{ id: string }>(await send('POST', '/api/proposals', body, agent, keyed('azores-1')));
    const again = await json<{ id: string }>(await send('POST', '/api/proposals', body, agent, keyed('azores-1')));
    expect(again.id).toBe(first.id);
    expect(await rowsOf(proposals)).toBe(before + 1);
    // Another key is another draft.
    await json(await send('POST', '/api/proposals', body, agent, keyed('azores-2')));
    expect(await rowsOf(proposals)).toBe(before + 2);
  });

  it('POST /api/trips and POST /api/trips/{id}/todos replayed store one row each', async () => {
    const trip = {
      title: 'Porto weekend',
      destination: 'Porto',
      location: 'Porto, Portugal',
      startDate: '2026-06-05',
      endDate: '2026-06-07',
    };
    const before = await rowsOf(trips);
    const first = await json<{ id: string }>(await send('POST', '/api/trips', trip, traveller, keyed('porto-1')));
    const again = await json<{ id: string }>(await send('POST', '/api/trips', trip, traveller, keyed('porto-1')));
    expect(again.id).toBe(first.id);
    expect(await rowsOf(trips)).toBe(before + 1);
    const todo = { title: 'Book the train' };
    const a = await json<{ id: string }>(
      await send('POST', `/api/trips/${first.id}/todos`, todo, traveller, keyed('t-1')),
    );
    const b = await json<{ id: string }>(
      await send('POST', `/api/trips/${first.id}/todos`, todo, traveller, keyed('t-1')),
    );
    expect(b.id).toBe(a.id);
  });
});

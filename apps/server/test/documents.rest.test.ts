import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, type TestServer } from './harness';
import { json, restError } from './http';

// Noon UTC: the demo's Kyoto trip runs from day 30 to day 40.
const NOW = new Date('2026-03-10T12:00:00Z');

let server: TestServer;
let traveller: string;
let traveller2: string;

const { get, send } = restCalls(
  () => server,
  () => traveller,
);

interface Row {
  id: string;
  [key: string]: unknown;
}

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

// The documented body of the add/edit dialog.
const body = {
  documentType: 'visa',
  documentName: 'Japan visa',
  documentNumber: 'JPV-0099-8812',
  issueDate: '2026-01-05',
  expiryDate: '2026-04-15',
  issuingCountry: 'Japan',
  notes: 'Single entry',
};

describe('/api/documents', () => {
  it('POST stores the documented body; lists show only the last four characters; GET /api/documents/{id} shows the number', async () => {
    const created = await json<Row>(await send('POST', '/api/documents', body));
    const { documentNumber: _full, ...visible } = body;
    expect(created).toMatchObject({
      ...visible,
      documentNumberLast4: '8812',
      expiryStatus: 'expiring_soon',
      daysUntilExpiry: 36,
    });
    expect(created).not.toHaveProperty('documentNumber');
    const list = await json<Row[]>(await get('/api/documents'));
    expect(list.map((d) => d.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain('JPV-0099-8812');
    const expiring = (await json<Row[]>(await get('/api/documents/expiring'))).map((d) => d.id);
    expect(expiring).toContain(created.id);
    expect(expiring).not.toContain('doc-passport');
    expect(await json<Row>(await get(`/api/documents/${created.id}`))).toMatchObject({
      documentNumber: 'JPV-0099-8812',
    });
    // The visa expires during the Kyoto trip.
    const warnings = await json<Row[]>(await get('/api/documents/trip-warnings?tripId=trip-kyoto'));
    expect(warnings).toEqual([
      expect.objectContaining({ documentId: created.id, tripId: 'trip-kyoto', rule: 'expires_before_trip_ends' }),
    ]);
    expect(String(warnings[0]?.message)).toMatch(/Japan visa.*Kyoto in Autumn/);
  });

  it('PUT replaces a document and DELETE removes it', async () => {
    const created = await json<Row>(await send('POST', '/api/documents', body));
    const updated = await json<Row>(
      await send('PUT', `/api/documents/${created.id}`, { ...body, expiryDate: '2027-01-01', notes: '' }),
    );
    expect(updated).toMatchObject({ expiryDate: '2027-01-01', notes: null, expiryStatus: 'valid' });
    expect(await json<Row>(await send('DELETE', `/api/documents/${created.id}`))).toEqual({
      id: created.id,
      deleted: true,
    });
    await restError(await get(`/api/documents/${created.id}`), 404, 'NOT_FOUND');
  });

  it('PUT /api/documents/{id}/notes sets the notes alone and answers the list form; over-long notes are 400 naming notes', async () => {
    const created = await json<Row>(await send('POST', '/api/documents', body));
    const saved = await json<Row>(
      await send('PUT', `/api/documents/${created.id}/notes`, { notes: 'Multiple entry after all' }),
    );
    expect(saved).toMatchObject({
      id: created.id,
      notes: 'Multiple entry after all',
      documentNumberLast4: '8812',
      expiryDate: '2026-04-15',
    });
    expect(saved).not.toHaveProperty('documentNumber');
    expect(await json<Row>(await get(`/api/documents/${created.id}`))).toMatchObject({
      documentNumber: 'JPV-0099-8812',
      documentName: 'Japan visa',
    });
    const error = await restError(
      await send('PUT', `/api/documents/${created.id}/notes`, { notes: 'x'.repeat(2001) }),
      400,
      'BAD_REQUEST',
    );
    expect(error.issues?.map((i) => i.path.join('.'))).toEqual(['notes']);
    expect((await json<Row>(await send('PUT', `/api/documents/${created.id}/notes`, { notes: '' }))).notes).toBeNull();
  });

  it.each([
    ['documentType', { documentType: '' }],
    ['documentName', { documentName: '' }],
    ['documentNumber', { documentNumber: undefined }],
    ['expiryDate', { issueDate: '2026-05-01', expiryDate: '2026-04-01' }],
  ])('POST is 400 naming %s and stores nothing', async (field, change) => {
    const before = await json<Row[]>(await get('/api/documents'));
    const error = await restError(await send('POST', '/api/documents', { ...body, ...change }), 400, 'BAD_REQUEST');
    expect(error.issues?.map((i) => i.path.join('.'))).toEqual([field]);
    expect(await json<Row[]>(await get('/api/documents'))).toEqual(before);
  });

  it("another traveller's document is 404 for GET, PUT and DELETE, and nothing changes", async () => {
    await restError(await get('/api/documents/doc-passport', traveller2), 404, 'NOT_FOUND');
    await restError(await send('PUT', '/api/documents/doc-passport', body, traveller2), 404, 'NOT_FOUND');
    await restError(
      await send('PUT', '/api/documents/doc-passport/notes', { notes: 'Mine now' }, traveller2),
      404,
      'NOT_FOUND',
    );
    await restError(await send('DELETE', '/api/documents/doc-passport', undefined, traveller2), 404, 'NOT_FOUND');
    await restError(await get('/api/documents/trip-warnings?tripId=trip-kyoto', traveller2), 404, 'NOT_FOUND');
    expect(await json<Row>(await get('/api/documents/doc-passport'))).toMatchObject({
      documentName: 'UK Passport',
      documentNumber: '533380006',
    });
  });

  it('signed out, the list is 401', async () => {
    await restError(await get('/api/documents', null), 401, 'UNAUTHORIZED');
  });
});

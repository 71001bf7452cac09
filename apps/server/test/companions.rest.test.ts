import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { json, restError, sendAs } from './http';

const NOW = new Date('2025-06-15T12:00:00Z');

interface CompanionBody {
  id: string;
  name: string;
  relationship: string;
  imageUrl: string | null;
}

let server: TestServer;
let traveller: string;
let traveller2: string;

/** A same-origin request; POST and PATCH are JSON (the REST adapter answers 415 without the header). */
const send = (method: string, path: string, cookie?: string, body?: unknown) =>
  sendAs(server, method, path, cookie, body);
const listCompanions = async (trip = 'trip-lisbon', cookie = traveller) =>
  json<CompanionBody[]>(await send('GET', `/api/trips/${trip}/companions`, cookie));

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

describe('PATCH /api/companions/{id}', () => {
  it('changes only the fields sent and answers the companion, as the trip’s list then shows it', async () => {
    const rose = await json<CompanionBody>(
      await send('POST', '/api/trips/trip-lisbon/companions', traveller, {
        name: 'Rose Morgan',
        relationship: 'Grandmother',
      }),
    );
    const changed = await json<CompanionBody>(
      await send('PATCH', `/api/companions/${rose.id}`, traveller, {
        relationship: 'Grandma',
        imageUrl: '/images/lisbon.svg',
      }),
    );
    expect(changed).toEqual({
      id: rose.id,
      name: 'Rose Morgan',
      relationship: 'Grandma',
      imageUrl: '/images/lisbon.svg',
    });
    expect((await listCompanions()).find((c) => c.id === rose.id)).toEqual(changed);
  });

  it('is 400 naming name when it is blank, and the companion stays as it was', async () => {
    const before = await listCompanions();
    const body = await restError(
      await send('PATCH', '/api/companions/companion-noah', traveller, { name: '  ' }),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues?.map((i) => i.path)).toEqual([['name']]);
    expect(await listCompanions()).toEqual(before);
  });

  it("is 404 for another traveller's companion or a missing one, and 401 signed out", async () => {
    await restError(
      await send('PATCH', '/api/companions/companion-jamie', traveller2, { name: 'Mallory' }),
      404,
      'NOT_FOUND',
    );
    await restError(
      await send('PATCH', '/api/companions/no-such-companion', traveller, { name: 'Mallory' }),
      404,
      'NOT_FOUND',
    );
    await restError(
      await send('PATCH', '/api/companions/companion-jamie', undefined, { name: 'Mallory' }),
      401,
      'UNAUTHORIZED',
    );
    expect((await listCompanions()).map((c) => c.name)).toContain('Jamie Morgan');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, type TestServer } from './harness';
import { json, restError } from './http';

const NOW = new Date('2026-03-10T09:00:00Z');

let server: TestServer;
let traveller: string;
let traveller2: string;

const { get, send } = restCalls(
  () => server,
  () => traveller,
);

interface Member {
  id: string;
  name: string;
  email: string | null;
  permissions: string[];
  registered: boolean;
}
interface Group {
  id: string;
  name: string;
  type: string;
  access: string;
  members: Member[];
  trips: { id: string }[];
}

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

describe('/api/family/groups', () => {
  it('GET lists the demo groups with their members; someone in no group gets an empty list', async () => {
    const groups = await json<Group[]>(await get('/api/family/groups'));
    expect(groups.map((g) => g.name).sort()).toEqual(['Hiking Friends', 'Morgan Family']);
    expect(groups.every((g) => g.access === 'owner')).toBe(true);
    expect(groups.find((g) => g.name === 'Morgan Family')?.members.map((m) => m.name)).toEqual(
      expect.arrayContaining(['Alex Morgan', 'Jamie Morgan', 'Riley Morgan']),
    );
    expect(await json(await get('/api/family/groups', traveller2))).toEqual([]);
  });

  it('POST creates a group from the documented body {name, description, type}', async () => {
    const created = await json<Group>(
      await send('POST', '/api/family/groups', { name: 'Book Club', description: 'Reading trips', type: 'friends' }),
    );
    expect(created).toMatchObject({
      name: 'Book Club',
      description: 'Reading trips',
      type: 'friends',
      access: 'owner',
      members: [],
    });
    expect((await json<Group[]>(await get('/api/family/groups'))).map((g) => g.id)).toContain(created.id);
  });

  it.each([
    ['name', { name: '' }],
    ['type', { name: 'Crew', type: 'band' }],
  ])('POST is 400 naming %s and stores nothing', async (field, body) => {
    const before = (await json<Group[]>(await get('/api/family/groups'))).length;
    const error = await restError(await send('POST', '/api/family/groups', body), 400, 'BAD_REQUEST');
    expect(error.issues?.map((i) => i.path.join('.'))).toEqual([field]);
    expect((await json<Group[]>(await get('/api/family/groups'))).length).toBe(before);
  });

  it('signed out is 401', async () => {
    await restError(await get('/api/family/groups', null), 401, 'UNAUTHORIZED');
  });
});

describe('/api/family/groups/{id}/members', () => {
  it('POST adds a member from the documented body and answers the group', async () => {
    const group = await json<Group>(
      await send('POST', '/api/family/groups/group-hiking-friends/members', {
        name: 'Robin Park',
        email: 'robin@example.com',
        phone: '+44 20 7946 0000',
        relationship: 'friend',
        permissions: ['view', 'edit'],
      }),
    );
    expect(group.members).toContainEqual(
      expect.objectContaining({
        name: 'Robin Park',
        email: 'robin@example.com',
        permissions: ['view', 'edit'],
        registered: false,
      }),
    );
  });

  it.each([
    ['email', { name: 'Robin', email: 'robin-at-example' }],
    ['name', { name: ' ', email: 'robin@example.com' }],
    ['permissions', { name: 'Robin', permissions: [] }],
  ])('POST is 400 naming %s and stores nothing', async (field, body) => {
    const count = async () =>
      (await json<Group[]>(await get('/api/family/groups'))).find((g) => g.id === 'group-hiking-friends')!.members
        .length;
    const before = await count();
    const error = await restError(
      await send('POST', '/api/family/groups/group-hiking-friends/members', body),
      400,
      'BAD_REQUEST',
    );
    expect(error.issues?.map((i) => i.path.join('.'))).toEqual([field]);
    expect(await count()).toBe(before);
  });

  it("another user's group is 404, as a missing one", async () => {
    await restError(
      await send('POST', '/api/family/groups/group-morgan-family/members', { name: 'Intruder' }, traveller2),
      404,
      'NOT_FOUND',
    );
    await restError(
      await send('POST', '/api/family/groups/group-missing/members', { name: 'Nobody' }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('shared trips over REST, enforced by the server', () => {
  it('a member added with View & Edit sees the group and the trip, edits it, and is refused once downgraded to view', async () => {
    const group = await json<Group>(
      await send('POST', '/api/family/groups/group-morgan-family/members', {
        name: 'Sam Rivera',
        email: 'traveller2@naav.example',
        relationship: 'friend',
        permissions: ['view', 'edit'],
      }),
    );
    const sam = group.members.find((m) => m.name === 'Sam Rivera')!;
    // Adding an address does not tell whether it has an account…
    expect(sam.registered).toBe(false);

    const shared = await json<Group[]>(await get('/api/family/groups', traveller2));
    expect(shared).toEqual([expect.objectContaining({ id: 'group-morgan-family', access: 'edit' })]);
    // …until its (verified) account has opened the group.
    const seen = await json<Group[]>(await get('/api/family/groups'));
    expect(seen.find((g) => g.id === 'group-morgan-family')?.members.find((m) => m.id === sam.id)?.registered).toBe(
      true,
    );
    const trips = await json<{ id: string; access: string }[]>(await get('/api/family/shared-trips', traveller2));
    expect(trips).toEqual([expect.objectContaining({ id: 'trip-kyoto', access: 'edit' })]);
    expect(await json(await get('/api/family/trip-access/trip-kyoto', traveller2))).toEqual({
      tripId: 'trip-kyoto',
      access: 'edit',
    });

    const edited = await json<{ notes: string }>(
      await send('PATCH', '/api/trips/trip-kyoto', { notes: 'Bring the rail passes' }, traveller2),
    );
    expect(edited.notes).toBe('Bring the rail passes');

    await json(
      await send('PATCH', `/api/family/groups/group-morgan-family/members/${sam.id}`, { permissions: ['view'] }),
    );
    await restError(await send('PATCH', '/api/trips/trip-kyoto', { notes: 'Refused' }, traveller2), 403, 'FORBIDDEN');
    expect((await json<{ notes: string }>(await get('/api/trips/trip-kyoto', traveller2))).notes).toBe(
      'Bring the rail passes',
    );
    // Not shared with the group: as if it did not exist.
    await restError(await get('/api/trips/trip-lisbon', traveller2), 404, 'NOT_FOUND');
    // Managing the group needs admin.
    await restError(
      await send('PATCH', '/api/family/groups/group-morgan-family', { name: 'Mine now' }, traveller2),
      403,
      'FORBIDDEN',
    );
  });

  it('PUT and DELETE /api/family/groups/{id}/trips/{tripId} share and unshare the owner’s trip', async () => {
    const shared = await json<Group>(await send('PUT', '/api/family/groups/group-hiking-friends/trips/trip-patagonia'));
    expect(shared.trips.map((t) => t.id)).toContain('trip-patagonia');
    const unshared = await json<Group>(
      await send('DELETE', '/api/family/groups/group-hiking-friends/trips/trip-patagonia'),
    );
    expect(unshared.trips.map((t) => t.id)).not.toContain('trip-patagonia');
    // Someone else's trip cannot be shared into my group.
    await restError(
      await send('PUT', '/api/family/groups/group-hiking-friends/trips/trip-barcelona'),
      404,
      'NOT_FOUND',
    );
  });

  it('POST /api/family/trips/{id}/people shares the owner’s trip with a person by e-mail, through a group for the trip', async () => {
    const group = await json<Group>(
      await send('POST', '/api/family/trips/trip-patagonia/people', {
        name: 'Pat Lee',
        email: 'Pat@Example.test',
        permissions: ['view', 'edit'],
      }),
    );
    expect(group.name).toMatch(/^Shared: /);
    expect(group.trips.map((t) => t.id)).toEqual(['trip-patagonia']);
    expect(group.members.map((m) => [m.name, m.email, m.permissions])).toEqual([
      ['Pat Lee', 'pat@example.test', ['view', 'edit']],
    ]);
    const error = await restError(
      await send('POST', '/api/family/trips/trip-patagonia/people', { name: 'Pat Lee', email: 'nope' }),
      400,
      'BAD_REQUEST',
    );
    expect(error.message).toContain('email');
    // Only the trip's owner shares it; someone else's trip is a 404.
    await restError(
      await send('POST', '/api/family/trips/trip-barcelona/people', { name: 'Pat Lee', email: 'pat@example.test' }),
      404,
      'NOT_FOUND',
    );
  });

  it('GET /api/family/events lists members’ upcoming occasions and trip starts, soonest first', async () => {
    const events = await json<{ date: string; kind: string }[]>(await get('/api/family/events'));
    expect(events.length).toBeGreaterThan(0);
    expect(events.map((e) => e.date)).toEqual(events.map((e) => e.date).sort());
    expect(new Set(events.map((e) => e.kind))).toEqual(new Set(['occasion', 'trip']));
  });

  it('PATCH renames and DELETE removes a group; only the owner deletes', async () => {
    const created = await json<Group>(await send('POST', '/api/family/groups', { name: 'Temp' }));
    expect((await json<Group>(await send('PATCH', `/api/family/groups/${created.id}`, { name: 'Renamed' }))).name).toBe(
      'Renamed',
    );
    await restError(await send('DELETE', `/api/family/groups/${created.id}`, undefined, traveller2), 404, 'NOT_FOUND');
    expect(await json(await send('DELETE', `/api/family/groups/${created.id}`))).toEqual({
      id: created.id,
      deleted: true,
    });
    await restError(await send('PATCH', `/api/family/groups/${created.id}`, { name: 'Gone' }), 404, 'NOT_FOUND');
  });

  it('DELETE /api/family/groups/{id}/membership lets a member leave; the owner gets 409, a stranger 404', async () => {
    const created = await json<Group>(
      await send('POST', '/api/family/groups', { name: 'Weekend crew', type: 'friends' }),
    );
    await json(
      await send('POST', `/api/family/groups/${created.id}/members`, {
        name: 'Sam Rivera',
        email: 'traveller2@naav.example',
      }),
    );
    expect((await json<Group[]>(await get('/api/family/groups', traveller2))).map((g) => g.id)).toContain(created.id);
    await restError(await send('DELETE', `/api/family/groups/${created.id}/membership`), 409, 'CONFLICT');
    expect(
      await json(await send('DELETE', `/api/family/groups/${created.id}/membership`, undefined, traveller2)),
    ).toEqual({ id: created.id, left: true });
    expect((await json<Group[]>(await get('/api/family/groups', traveller2))).map((g) => g.id)).not.toContain(
      created.id,
    );
    await restError(
      await send('DELETE', `/api/family/groups/${created.id}/membership`, undefined, traveller2),
      404,
      'NOT_FOUND',
    );
  });
});

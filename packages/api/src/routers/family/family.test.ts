import type { Database } from '@naav/db';
import { user } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

// Kyoto starts 30 days after NOW and is shared with the Morgan Family in the seed.
const NOW = new Date('2026-03-10T09:00:00Z');
const now = () => NOW;
const owner = actors.traveller;
const member = actors.traveller2;
const GROUP = 'group-morgan-family';
const KYOTO = 'trip-kyoto';

type Permission = 'view' | 'edit' | 'admin';
const presets: Record<Permission, Permission[]> = {
  view: ['view'],
  edit: ['view', 'edit'],
  admin: ['view', 'edit', 'admin'],
};

/** A seeded database where the second traveller belongs to the group with `permission`, plus an event and a companion on Kyoto. */
async function withMember(permission: Permission) {
  const db = await createSeededDatabase(NOW);
  const own = callerFor(db, owner, now);
  const kyoto = await own.trips.byId({ id: KYOTO });
  const event = await own.events.create({ id: KYOTO, title: 'Tea ceremony', type: 'activity', date: kyoto.startDate });
  const companion = await own.companions.create({ id: KYOTO, name: 'Jamie', relationship: 'Spouse' });
  const group = await own.family.addMember({
    id: GROUP,
    name: 'Sam Rivera',
    email: 'Traveller2@NAAV.example',
    relationship: 'friend',
    permissions: presets[permission],
  });
  const memberId = group.members.find((m) => m.name === 'Sam Rivera')!.id;
  const otherMemberId = group.members.find((m) => m.name === 'Riley Morgan')!.id;
  return { db, kyoto, event, companion, memberId, otherMemberId, as: callerFor(db, member, now) };
}

const outcome = async (call: Promise<unknown>) => {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

type Setup = Awaited<ReturnType<typeof withMember>>;
// Each operation, and who may do it: 'ok' for the levels allowed, FORBIDDEN for the others.
const operations: [string, Permission, (s: Setup) => Promise<unknown>][] = [
  ['read the trip', 'view', (s) => s.as.trips.byId({ id: KYOTO })],
  ['read its events', 'view', (s) => s.as.trips.events({ id: KYOTO })],
  ['read its companions', 'view', (s) => s.as.trips.companions({ id: KYOTO })],
  ['read its photos', 'view', (s) => s.as.photos.list({ id: KYOTO })],
  ['download its calendar', 'view', (s) => s.as.trips.calendar({ id: KYOTO })],
  [
    'see the group',
    'view',
    (s) => s.as.family.groups().then((g) => (g.some((x) => x.id === GROUP) ? g : Promise.reject({ code: 'MISSING' }))),
  ],
  ['change the trip', 'edit', (s) => s.as.trips.update({ id: KYOTO, title: 'Kyoto in spring' })],
  [
    'add an event',
    'edit',
    (s) => s.as.events.create({ id: KYOTO, title: 'Temple walk', type: 'activity', date: s.kyoto.startDate }),
  ],
  ['change an event', 'edit', (s) => s.as.events.update({ id: s.event.id, title: 'Tea, later' })],
  ['delete an event', 'edit', (s) => s.as.events.delete({ id: s.event.id })],
  ['add a companion', 'edit', (s) => s.as.companions.create({ id: KYOTO, name: 'Robin', relationship: 'Friend' })],
  ['change a companion', 'edit', (s) => s.as.companions.update({ id: s.companion.id, relationship: 'Partner' })],
  ['remove a companion', 'edit', (s) => s.as.companions.delete({ id: s.companion.id })],
  ['rename the group', 'admin', (s) => s.as.family.updateGroup({ id: GROUP, name: 'The Morgans' })],
  ['add a member', 'admin', (s) => s.as.family.addMember({ id: GROUP, name: 'Pat Morgan' })],
  [
    "change a member's permissions",
    'admin',
    (s) => s.as.family.updateMember({ id: GROUP, memberId: s.otherMemberId, permissions: ['view', 'edit'] }),
  ],
  ['remove a member', 'admin', (s) => s.as.family.removeMember({ id: GROUP, memberId: s.otherMemberId })],
  [
    'share their own trip with the group',
    'admin',
    (s) => s.as.family.shareTrip({ id: GROUP, tripId: 'trip-barcelona' }),
  ],
];
// Whatever their permission, these stay with the owner.
const ownerOnly: [string, (s: Setup) => Promise<unknown>][] = [
  ['cancel the trip', (s) => s.as.trips.cancel({ id: KYOTO })],
  ['create its share link', (s) => s.as.trips.share({ id: KYOTO })],
  ['delete the group', (s) => s.as.family.deleteGroup({ id: GROUP })],
  ['unshare the trip', (s) => s.as.family.unshareTrip({ id: GROUP, tripId: KYOTO })],
];
const level: Record<Permission, number> = { view: 1, edit: 2, admin: 3 };

describe('permission matrix: a group member on a trip shared with the group', () => {
  for (const permission of ['view', 'edit', 'admin'] as const) {
    describe(`a ${permission} member`, () => {
      it.each(operations)('%s (needs %s)', async (_name, needs, call) => {
        const setup = await withMember(permission);
        expect(await outcome(call(setup))).toBe(level[permission] >= level[needs] ? 'ok' : 'FORBIDDEN');
      });
      it.each(ownerOnly)('may not %s', async (_name, call) => {
        expect(await outcome(call(await withMember(permission)))).toBe('FORBIDDEN');
      });
    });
  }

  it('a view member’s refused writes change nothing', async () => {
    const s = await withMember('view');
    await errorOf(s.as.trips.update({ id: KYOTO, title: 'Hijacked' }));
    await errorOf(s.as.events.update({ id: s.event.id, title: 'Hijacked' }));
    const own = callerFor(s.db, owner, now);
    expect((await own.trips.byId({ id: KYOTO })).title).toBe(s.kyoto.title);
    expect((await own.trips.events({ id: KYOTO })).map((e) => e.title)).toEqual(['Tea ceremony']);
  });

  it('an edit member’s change is what the owner then sees', async () => {
    const s = await withMember('edit');
    await s.as.events.update({ id: s.event.id, title: 'Tea at four' });
    expect((await callerFor(s.db, owner, now).trips.events({ id: KYOTO })).map((e) => e.title)).toEqual([
      'Tea at four',
    ]);
  });
});

describe('strangers and trips not shared', () => {
  it('a non-member gets NOT_FOUND on the shared trip, its events and the group, as for a missing id', async () => {
    const db = await createSeededDatabase(NOW);
    const stranger = callerFor(db, member, now);
    expect(await outcome(stranger.trips.byId({ id: KYOTO }))).toBe('NOT_FOUND');
    expect(await outcome(stranger.trips.events({ id: KYOTO }))).toBe('NOT_FOUND');
    expect(await outcome(stranger.family.updateGroup({ id: GROUP, name: 'x' }))).toBe('NOT_FOUND');
    expect(await outcome(stranger.family.addMember({ id: GROUP, name: 'Sneaky' }))).toBe('NOT_FOUND');
    expect(await outcome(stranger.family.tripAccess({ id: KYOTO }))).toBe('NOT_FOUND');
    expect(await stranger.family.groups()).toEqual([]);
    expect(await stranger.family.sharedTrips()).toEqual([]);
  });

  it('a member sees only the trips shared with the group, not the owner’s others', async () => {
    const s = await withMember('admin');
    expect(await outcome(s.as.trips.byId({ id: 'trip-lisbon' }))).toBe('NOT_FOUND');
    // Their own trip, and the one shared with the group (whose owner's others stay hidden).
    expect((await s.as.trips.list()).map((t) => [t.id, t.access, t.sharedBy])).toEqual([
      ['trip-barcelona', 'owner', null],
      [KYOTO, 'admin', { name: 'Alex Morgan' }],
    ]);
  });

  it('removing the member or unsharing the trip takes the access away', async () => {
    const s = await withMember('edit');
    const own = callerFor(s.db, owner, now);
    await own.family.removeMember({ id: GROUP, memberId: s.memberId });
    expect(await outcome(s.as.trips.byId({ id: KYOTO }))).toBe('NOT_FOUND');
    await own.family.addMember({ id: GROUP, name: 'Sam', email: member.email, permissions: ['view', 'edit'] });
    expect(await outcome(s.as.trips.byId({ id: KYOTO }))).toBe('ok');
    await own.family.unshareTrip({ id: GROUP, tripId: KYOTO });
    expect(await outcome(s.as.trips.byId({ id: KYOTO }))).toBe('NOT_FOUND');
  });

  it('a member who leaves loses the group and its trips; the owner cannot leave, only delete', async () => {
    const { db, as } = await withMember('edit');
    expect(await as.family.leaveGroup({ id: GROUP })).toEqual({ id: GROUP, left: true });
    expect((await as.family.groups()).map((g) => g.id)).not.toContain(GROUP);
    expect(await outcome(as.trips.byId({ id: KYOTO }))).toBe('NOT_FOUND');
    expect(await outcome(as.family.leaveGroup({ id: GROUP }))).toBe('NOT_FOUND');
    const own = callerFor(db, owner, now);
    expect(await outcome(own.family.leaveGroup({ id: GROUP }))).toBe('CONFLICT');
    expect((await own.family.groups()).find((g) => g.id === GROUP)?.members.map((m) => m.name)).not.toContain(
      'Sam Rivera',
    );
  });

  it('downgrading a member from edit to view refuses their next change', async () => {
    const s = await withMember('edit');
    await s.as.events.update({ id: s.event.id, title: 'Allowed' });
    await callerFor(s.db, owner, now).family.updateMember({ id: GROUP, memberId: s.memberId, permissions: ['view'] });
    expect(await outcome(s.as.events.update({ id: s.event.id, title: 'Refused' }))).toBe('FORBIDDEN');
    expect((await s.as.family.tripAccess({ id: KYOTO })).access).toBe('view');
  });
});

describe('groups', () => {
  it('creates a group with the documented defaults, owned by the caller', async () => {
    const db = await createSeededDatabase(NOW);
    const group = await callerFor(db, owner, now).family.createGroup({ name: '  Weekend Crew ', description: '' });
    expect(group).toEqual({
      id: expect.any(String),
      name: 'Weekend Crew',
      description: null,
      type: 'family',
      access: 'owner',
      ownerName: owner.name,
      members: [],
      trips: [],
    });
  });

  it('adds a member with the View Only preset by default, lower-casing the e-mail', async () => {
    const db = await createSeededDatabase(NOW);
    const group = await callerFor(db, owner, now).family.addMember({
      id: 'group-hiking-friends',
      name: 'Sam',
      email: ' Sam@Example.COM ',
      phone: '',
    });
    expect(group.members.find((m) => m.name === 'Sam')).toEqual({
      id: expect.any(String),
      name: 'Sam',
      email: 'sam@example.com',
      phone: null,
      relationship: 'other',
      permissions: ['view'],
      imageUrl: null,
      registered: false,
    });
  });

  it('lists the second traveller’s membership under their groups with their permission and the owner’s name', async () => {
    const s = await withMember('edit');
    const [shared] = await s.as.family.groups();
    expect(shared).toMatchObject({ id: GROUP, access: 'edit', ownerName: owner.name });
    expect(shared?.members.find((m) => m.id === s.memberId)).toMatchObject({
      registered: true,
      permissions: ['view', 'edit'],
    });
    expect(shared?.trips.map((t) => t.id)).toEqual([KYOTO]);
    expect(await s.as.family.sharedTrips()).toEqual([
      expect.objectContaining({
        id: KYOTO,
        access: 'edit',
        ownerName: owner.name,
        status: 'upcoming',
        groups: [{ id: GROUP, name: 'Morgan Family' }],
      }),
    ]);
  });

  it('shows members’ e-mails and phones to those who manage the group only', async () => {
    const viewer = await withMember('view');
    const [seen] = await viewer.as.family.groups();
    expect(seen?.members.find((m) => m.name === 'Jamie Morgan')).toMatchObject({ email: null, phone: null });
    const admin = await withMember('admin');
    const [managed] = await admin.as.family.groups();
    expect(managed?.members.find((m) => m.name === 'Jamie Morgan')).toMatchObject({
      email: 'jamie.morgan@example.com',
      phone: '+1 555 0142',
    });
  });

  it.each([
    [{ name: '   ' }, 'name'],
    [{ name: 'A', type: 'club' }, 'type'],
    [{ name: 'x'.repeat(101) }, 'name'],
  ])('refuses the group %o naming %s, storing nothing', async (input, field) => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, owner, now);
    const error = await errorOf(caller.family.createGroup(input as never));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual([field]);
    expect((await caller.family.groups()).length).toBe(2);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'Sam', email: 'not-an-email' }, 'email'],
    [{ name: 'Sam', relationship: 'cousin' }, 'relationship'],
    [{ name: 'Sam', permissions: [] }, 'permissions'],
    [{ name: 'Sam', permissions: ['owner'] }, 'permissions.0'],
  ])('refuses the member %o naming %s, storing nothing', async (input, field) => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, owner, now);
    const error = await errorOf(caller.family.addMember({ id: GROUP, ...input } as never));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual([field]);
    const group = (await caller.family.groups()).find((g) => g.id === GROUP);
    expect(group?.members.length).toBe(3);
  });

  it('a member id from another group is NOT_FOUND', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, owner, now);
    expect(await outcome(caller.family.removeMember({ id: GROUP, memberId: 'member-casey' }))).toBe('NOT_FOUND');
  });

  it('the owner deletes a group, its members and shares with it', async () => {
    const s = await withMember('admin');
    await callerFor(s.db, owner, now).family.deleteGroup({ id: GROUP });
    expect(await s.as.family.groups()).toEqual([]);
    expect(await outcome(s.as.trips.byId({ id: KYOTO }))).toBe('NOT_FOUND');
  });
});

describe('events of the group’s members', () => {
  it('lists upcoming occasions and trip starts of everyone with an account in the groups, soonest first', async () => {
    const s = await withMember('view');
    const events = await s.as.family.events();
    const dates = events.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((d) => d >= '2026-03-10')).toBe(true);
    // The owner's trips and occasions, and the member's own trip.
    expect(events).toContainEqual(
      expect.objectContaining({
        id: `trip:${KYOTO}`,
        kind: 'trip',
        personName: owner.name,
        destination: expect.any(String),
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        id: 'occasion:occasion-anniversary',
        kind: 'occasion',
        date: '2026-05-19',
        personName: owner.name,
      }),
    );
    // Past trips and cancelled ones are not events.
    expect(events.map((e) => e.id)).not.toContain('trip:trip-santorini');
  });

  it('is empty for someone in no group', async () => {
    const db: Database = await createSeededDatabase(NOW);
    expect(await callerFor(db, member, now).family.events()).toEqual([]);
  });
});

describe('linking a member entry to an account', () => {
  /** An account that signed up with `email` and has not confirmed it. */
  async function unverifiedAccount(db: Database, email: string) {
    const stamp = new Date();
    await db.insert(user).values({
      id: 'user-claimant',
      name: 'Claimant',
      email,
      emailVerified: false,
      role: 'client',
      createdAt: stamp,
      updatedAt: stamp,
    });
    return { id: 'user-claimant', name: 'Claimant', email, role: 'client' as const, emailVerified: false };
  }

  it('gives an unverified account nothing through an entry with its address, and everything once the address is verified', async () => {
    const db = await createSeededDatabase(NOW);
    await callerFor(db, owner, now).family.addMember({
      id: GROUP,
      name: 'X',
      email: 'x@example.org',
      permissions: presets.admin,
    });
    const claimant = await unverifiedAccount(db, 'X@example.org');
    const as = callerFor(db, claimant, now);
    expect(await as.family.groups()).toEqual([]);
    expect(await as.family.sharedTrips()).toEqual([]);
    expect(await outcome(as.trips.byId({ id: KYOTO }))).toBe('NOT_FOUND');
    expect(
      await outcome(
        as.family.addMember({
          id: GROUP,
          name: 'Accomplice',
          email: 'accomplice@example.org',
          permissions: presets.admin,
        }),
      ),
    ).toBe('NOT_FOUND');
    expect(await outcome(as.trips.update({ id: KYOTO, title: 'Mine' }))).toBe('NOT_FOUND');

    await db.update(user).set({ emailVerified: true }).where(eq(user.id, claimant.id));
    expect((await as.family.groups()).map((g) => [g.id, g.access])).toEqual([[GROUP, 'admin']]);
    expect((await as.trips.byId({ id: KYOTO })).id).toBe(KYOTO);
  });

  it('does not tell the owner whether an added address has an account until that account has opened the group', async () => {
    const db = await createSeededDatabase(NOW);
    const own = callerFor(db, owner, now);
    const added = await own.family.addMember({
      id: GROUP,
      name: 'Sam Rivera',
      email: member.email,
      permissions: presets.view,
    });
    const unknown = await own.family.addMember({
      id: GROUP,
      name: 'Nobody',
      email: 'nobody@example.org',
      permissions: presets.view,
    });
    // An address with an account and one without answer alike.
    const entryOf = (g: typeof added, name: string) => g.members.find((m) => m.name === name);
    expect(entryOf(added, 'Sam Rivera')?.registered).toBe(false);
    expect(entryOf(unknown, 'Sam Rivera')).toEqual({ ...entryOf(unknown, 'Sam Rivera'), registered: false });
    expect(entryOf(unknown, 'Nobody')?.registered).toBe(false);
    // Nor do the person's occasions and trips show in the group's events yet.
    const personal = (events: { personName: string }[]) => events.filter((e) => e.personName === member.name);
    expect(personal(await own.family.events())).toEqual([]);

    await callerFor(db, member, now).family.groups();
    const [group] = (await own.family.groups()).filter((g) => g.id === GROUP);
    expect(entryOf(group!, 'Sam Rivera')?.registered).toBe(true);
    expect(entryOf(group!, 'Nobody')?.registered).toBe(false);
    expect(personal(await own.family.events())).toContainEqual(
      expect.objectContaining({ id: 'occasion:occasion-traveller2-birthday' }),
    );
  });
});

describe('family.shareTripWithPerson', () => {
  it('shares the trip with a person by e-mail through the owner’s group for the trip, with the chosen permission', async () => {
    const db = await createSeededDatabase(NOW);
    const own = callerFor(db, owner, now);
    const group = await own.family.shareTripWithPerson({
      id: KYOTO,
      name: 'Sam Rivera',
      email: ' Traveller2@NAAV.example ',
      permissions: ['view', 'edit'],
    });
    expect(group).toMatchObject({
      name: expect.stringMatching(/^Shared: /),
      type: 'custom',
      access: 'owner',
      trips: [{ id: KYOTO }],
    });
    expect(group.members.map((m) => [m.name, m.email, m.permissions])).toEqual([
      ['Sam Rivera', 'traveller2@naav.example', ['view', 'edit']],
    ]);
    // The person finds it among their trips and may edit it.
    const sam = callerFor(db, member, now);
    expect((await sam.trips.list()).find((t) => t.id === KYOTO)).toMatchObject({
      access: 'edit',
      sharedBy: { name: 'Alex Morgan' },
    });

    // The same person again: the same group, the new permission, no second entry; a second person joins it.
    const again = await own.family.shareTripWithPerson({
      id: KYOTO,
      name: 'Sam R.',
      email: 'traveller2@naav.example',
      permissions: ['view'],
    });
    expect(again.id).toBe(group.id);
    expect(again.members.map((m) => m.permissions)).toEqual([['view']]);
    const third = await own.family.shareTripWithPerson({ id: KYOTO, name: 'Pat Lee', email: 'pat@example.test' });
    expect(third.id).toBe(group.id);
    expect(third.members.map((m) => [m.name, m.permissions]).sort()).toEqual([
      ['Pat Lee', ['view']],
      ['Sam Rivera', ['view']],
    ]);
    expect((await sam.trips.byId({ id: KYOTO })).access).toBe('view');
  });

  it('is for the trip’s owner: a member gets FORBIDDEN, a stranger NOT_FOUND, and nothing is stored', async () => {
    const s = await withMember('admin');
    expect(await outcome(s.as.family.shareTripWithPerson({ id: KYOTO, name: 'Eve', email: 'eve@example.test' }))).toBe(
      'FORBIDDEN',
    );
    const stranger = callerFor(s.db, actors.agent, now);
    expect(
      await outcome(stranger.family.shareTripWithPerson({ id: KYOTO, name: 'Eve', email: 'eve@example.test' })),
    ).toBe('NOT_FOUND');
    const groups = await callerFor(s.db, owner, now).family.groups();
    expect(groups.some((g) => g.name.startsWith('Shared: '))).toBe(false);
  });

  it('names the field of a bad e-mail or a missing name (400), storing nothing', async () => {
    const db = await createSeededDatabase(NOW);
    const own = callerFor(db, owner, now);
    expect(
      invalidFields(await errorOf(own.family.shareTripWithPerson({ id: KYOTO, name: 'Eve', email: 'not-an-address' }))),
    ).toEqual(['email']);
    expect(
      invalidFields(await errorOf(own.family.shareTripWithPerson({ id: KYOTO, name: ' ', email: 'eve@example.test' }))),
    ).toEqual(['name']);
    expect((await own.family.groups()).some((g) => g.name.startsWith('Shared: '))).toBe(false);
  });
});

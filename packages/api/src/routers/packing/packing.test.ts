import { describe, expect, it } from 'vitest';
import { changeFeed } from '@naav/db/schema';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { snapshotChanges, snapshotDatabase } from '../../test-support/db-snapshot';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;

/** The seeded database, the owner, and Sam Rivera (traveller2) in the Morgan family group with the given permission, the Lisbon trip shared with it. */
async function sharedLisbon(permissions: ('view' | 'edit')[]) {
  const db = await createSeededDatabase(NOW);
  const owner = callerFor(db, actors.traveller, now);
  await owner.family.addMember({
    id: 'group-morgan-family',
    name: 'Sam Rivera',
    email: actors.traveller2.email,
    permissions,
  });
  await owner.family.shareTrip({ id: 'group-morgan-family', tripId: 'trip-lisbon' });
  return { db, owner, member: callerFor(db, actors.traveller2, now), stranger: callerFor(db, actors.agent, now) };
}

async function newTrip(location: string, startDate: string, endDate: string, title = 'Away') {
  const db = await createSeededDatabase(NOW);
  const owner = callerFor(db, actors.traveller, now);
  const trip = await owner.trips.create({
    title,
    destination: location.split(', ').at(-1)!,
    location,
    startDate,
    endDate,
    baseCurrency: 'EUR',
  });
  return { db, owner, trip };
}

describe('packing list', () => {
  it('lists the trip’s items by category with who brings each, and adds, changes, ticks and removes them', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const list = await owner.packing.list({ id: 'trip-lisbon' });
    expect(list.map((i) => i.category)).toEqual(['Clothing', 'Toiletries', 'Documents', 'Electronics', 'Kids']);
    expect(list.find((i) => i.name === 'T-shirts')).toMatchObject({
      quantity: 6,
      assigneeId: 'companion-jamie',
      assigneeName: 'Jamie Morgan',
      packed: false,
    });
    expect(list.find((i) => i.name === 'Sun cream')).toMatchObject({ assigneeId: null, assigneeName: null });

    const added = await owner.packing.create({
      id: 'trip-lisbon',
      name: '  Rain jacket ',
      category: 'Clothing',
      quantity: 2,
      assigneeId: actors.traveller.id,
    });
    expect(added).toMatchObject({
      tripId: 'trip-lisbon',
      name: 'Rain jacket',
      quantity: 2,
      assigneeName: 'Alex Morgan',
      packed: false,
    });
    const ticked = await owner.packing.update({ id: added.id, packed: true });
    expect(ticked).toMatchObject({ name: 'Rain jacket', quantity: 2, packed: true });
    const shared = await owner.packing.update({ id: added.id, assigneeId: null, quantity: 1 });
    expect(shared).toMatchObject({ assigneeId: null, quantity: 1, packed: true });
    expect(await owner.packing.delete({ id: added.id })).toEqual({ id: added.id, deleted: true });
    expect((await owner.packing.list({ id: 'trip-lisbon' })).map((i) => i.id)).not.toContain(added.id);
  });

  it('reports every change on the trip’s live topic as a packing change', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    await db.delete(changeFeed);
    const item = await owner.packing.create({ id: 'trip-lisbon', name: 'Hat', category: 'Clothing' });
    await owner.packing.update({ id: item.id, packed: true });
    await owner.packing.delete({ id: item.id });
    const rows = await db
      .select({ topic: changeFeed.topic, kind: changeFeed.kind, rowId: changeFeed.rowId })
      .from(changeFeed);
    expect(rows).toEqual([0, 1, 2].map(() => ({ topic: 'trip:trip-lisbon', kind: 'packing', rowId: item.id })));
  });

  it('refuses a bad quantity, a long name, an unknown category or someone not on the trip, naming the field, and stores nothing', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const before = await snapshotDatabase(db);
    const base = { id: 'trip-lisbon', name: 'Hat', category: 'Clothing' as const };
    expect(invalidFields(await errorOf(owner.packing.create({ ...base, quantity: 0 })))).toEqual(['quantity']);
    expect(invalidFields(await errorOf(owner.packing.create({ ...base, quantity: 100 })))).toEqual(['quantity']);
    expect(invalidFields(await errorOf(owner.packing.create({ ...base, name: 'x'.repeat(121) })))).toEqual(['name']);
    expect(invalidFields(await errorOf(owner.packing.create({ ...base, category: 'Snacks' as never })))).toEqual([
      'category',
    ]);
    // Sam is on no group the Lisbon trip is shared with; Ana is a companion of another trip.
    const outsider = await errorOf(owner.packing.create({ ...base, assigneeId: actors.traveller2.id }));
    expect(outsider.code).toBe('BAD_REQUEST');
    expect(invalidFields(outsider)).toEqual(['assigneeId']);
    expect(
      invalidFields(await errorOf(owner.packing.update({ id: 'packing-t-shirts', assigneeId: 'companion-ana' }))),
    ).toEqual(['assigneeId']);
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });

  it('lets an edit member change the list and give items to members; a view member reads it and is refused changes (403); a stranger gets 404', async () => {
    const { db, member, stranger } = await sharedLisbon(['view']);
    expect((await member.packing.list({ id: 'trip-lisbon' })).length).toBe(5);
    const before = await snapshotDatabase(db);
    expect((await errorOf(member.packing.update({ id: 'packing-t-shirts', packed: true }))).code).toBe('FORBIDDEN');
    expect((await errorOf(member.packing.create({ id: 'trip-lisbon', name: 'Hat', category: 'Clothing' }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await errorOf(member.packing.delete({ id: 'packing-t-shirts' }))).code).toBe('FORBIDDEN');
    expect((await errorOf(member.packing.fromTemplate({ id: 'trip-lisbon', templateId: 'starter-city' }))).code).toBe(
      'FORBIDDEN',
    );
    for (const call of [
      stranger.packing.list({ id: 'trip-lisbon' }),
      stranger.packing.people({ id: 'trip-lisbon' }),
      stranger.packing.update({ id: 'packing-t-shirts', packed: true }),
      stranger.packing.delete({ id: 'packing-t-shirts' }),
      stranger.packing.update({ id: 'no-such-item', packed: true }),
    ]) {
      expect((await errorOf(call)).code).toBe('NOT_FOUND');
    }
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);

    const { member: edit } = await sharedLisbon(['view', 'edit']);
    const people = await edit.packing.people({ id: 'trip-lisbon' });
    expect(people.map((p) => [p.name, p.kind])).toEqual(
      expect.arrayContaining([
        ['Alex Morgan', 'owner'],
        ['Sam Rivera', 'member'],
        ['Lily Morgan', 'companion'],
      ]),
    );
    const mine = await edit.packing.create({
      id: 'trip-lisbon',
      name: 'Camera',
      category: 'Electronics',
      assigneeId: actors.traveller2.id,
    });
    expect(mine.assigneeName).toBe('Sam Rivera');
    expect((await edit.packing.update({ id: 'packing-t-shirts', packed: true })).packed).toBe(true);
  });
});

describe('packing templates', () => {
  it('suggests a starter from the destination’s usual weather and the trip’s company, first in the list', async () => {
    // Reykjavík in January: highs of 2 °C.
    const cold = await newTrip('Reykjavik, Iceland', '2026-01-10', '2026-01-14');
    const coldList = await cold.owner.packingTemplates.list({ tripId: cold.trip.id });
    expect(coldList[0]).toMatchObject({ id: 'starter-winter', builtIn: true, suggested: true });
    expect(coldList[0]!.reason).toContain('2 °C');
    expect(coldList.filter((t) => t.suggested)).toHaveLength(1);
    // Kyoto in August: highs of 34 °C.
    const warm = await newTrip('Kyoto, Japan', '2026-08-01', '2026-08-04');
    expect((await warm.owner.packingTemplates.list({ tripId: warm.trip.id }))[0]).toMatchObject({
      id: 'starter-beach',
      suggested: true,
    });
    // Lisbon in June is warm, but a daughter and a son are coming.
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const lisbon = await owner.packingTemplates.list({ tripId: 'trip-lisbon' });
    expect(lisbon[0]).toMatchObject({ id: 'starter-children', suggested: true });
    const business = await newTrip('Lisbon, Portugal', '2026-03-02', '2026-03-04', 'Web Summit conference');
    expect((await business.owner.packingTemplates.list({ tripId: business.trip.id }))[0]).toMatchObject({
      id: 'starter-business',
    });
    // Without a trip: the five starters and the traveller's own template, nothing suggested.
    const plain = await owner.packingTemplates.list({});
    expect(plain.map((t) => t.name)).toEqual(['Beach', 'City', 'Winter', 'Business', 'With children', 'Long weekend']);
    expect(plain.some((t) => t.suggested)).toBe(false);
  });

  it('starts a trip’s list from a starter with clothing counted for the trip’s length (capped), and skips what is already on it', async () => {
    const short = await newTrip('Reykjavik, Iceland', '2026-01-10', '2026-01-12');
    const three = await short.owner.packing.fromTemplate({ id: short.trip.id, templateId: 'starter-winter' });
    expect(three.find((i) => i.name === 'Warm socks')?.quantity).toBe(3);
    expect(three.find((i) => i.name === 'Warm coat')?.quantity).toBe(1);
    expect(three.every((i) => !i.packed && i.assigneeId === null)).toBe(true);
    const long = await newTrip('Reykjavik, Iceland', '2026-01-01', '2026-01-21');
    const weeks = await long.owner.packing.fromTemplate({ id: long.trip.id, templateId: 'starter-winter' });
    expect(weeks.find((i) => i.name === 'Warm socks')?.quantity).toBe(7);
    expect(weeks.find((i) => i.name === 'Underwear')?.quantity).toBe(8);
    // Again, with the city starter: the shared essentials are not added twice.
    const again = await long.owner.packing.fromTemplate({ id: long.trip.id, templateId: 'starter-city' });
    expect(again.filter((i) => i.name === 'Underwear')).toHaveLength(1);
    expect(again.length).toBeGreaterThan(weeks.length);
  });

  it('saves a trip’s list as the traveller’s own template and scales its clothing to another trip’s length', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    // The Lisbon trip is 7 days with 6 T-shirts.
    const saved = await owner.packingTemplates.create({ name: 'Family summer', tripId: 'trip-lisbon' });
    expect(saved).toMatchObject({ name: 'Family summer', builtIn: false });
    expect(saved.items).toContainEqual({ name: 'T-shirts', category: 'Clothing', quantity: 6 });
    const trip = await owner.trips.create({
      title: 'Short',
      destination: 'Spain',
      location: 'Madrid, Spain',
      startDate: '2026-05-01',
      endDate: '2026-05-03',
      baseCurrency: 'EUR',
    });
    const list = await owner.packing.fromTemplate({ id: trip.id, templateId: saved.id });
    expect(list.find((i) => i.name === 'T-shirts')?.quantity).toBe(3);
    expect(list.find((i) => i.name === 'Passports')?.quantity).toBe(4);
    expect((await owner.packingTemplates.list({})).map((t) => t.name)).toContain('Family summer');
  });

  it('refuses a blank name, an empty list and someone else’s template', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const other = callerFor(db, actors.traveller2, now);
    expect(invalidFields(await errorOf(owner.packingTemplates.create({ name: '  ', tripId: 'trip-lisbon' })))).toEqual([
      'name',
    ]);
    expect(
      invalidFields(await errorOf(owner.packingTemplates.create({ name: 'Empty', tripId: 'trip-kyoto' }))),
    ).toEqual(['tripId']);
    expect((await errorOf(other.packingTemplates.create({ name: 'Mine now', tripId: 'trip-lisbon' }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await errorOf(other.packingTemplates.list({ tripId: 'trip-lisbon' }))).code).toBe('NOT_FOUND');
    expect((await other.packingTemplates.list({})).map((t) => t.id)).not.toContain('template-long-weekend');
    const theirs = await other.trips.create({
      title: 'Mine',
      destination: 'Spain',
      location: 'Madrid, Spain',
      startDate: '2026-05-01',
      endDate: '2026-05-03',
      baseCurrency: 'EUR',
    });
    expect(
      (await errorOf(other.packing.fromTemplate({ id: theirs.id, templateId: 'template-long-weekend' }))).code,
    ).toBe('NOT_FOUND');
  });
});

describe('the trip’s activity', () => {
  it('a member ticking an item and finishing a to-do are lines of the trip’s activity, with their name; unticking is not', async () => {
    const { owner, member } = await sharedLisbon(['edit']);
    const shirts = (await owner.packing.list({ id: 'trip-lisbon' })).find((i) => i.name === 'T-shirts')!;
    await member.packing.update({ id: shirts.id, packed: true });
    await member.packing.update({ id: shirts.id, packed: false });
    const todo = await owner.todos.create({
      id: 'trip-lisbon',
      title: 'Book the airport taxi',
      dueDate: null,
      assigneeId: null,
    });
    await member.todos.update({ id: todo.id, done: true });
    const { items } = await owner.trips.activity({ id: 'trip-lisbon' });
    expect(items.slice(0, 2).map((i) => `${i.actorName} ${i.summary}`)).toEqual([
      'Sam Rivera finished Book the airport taxi',
      'Sam Rivera packed T-shirts',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

// 12:00 in Lisbon: the demo's Lisbon trip is under way; every expense made here has this createdAt.
const NOW = new Date('2026-03-10T12:00:00Z');
const now = () => NOW;

type Db = Awaited<ReturnType<typeof createSeededDatabase>>;
const traveller = (db: Db) => callerFor(db, actors.traveller, now);
const body = {
  tripId: 'trip-lisbon',
  title: 'Taxi to the airport',
  amount: 3_550,
  currency: 'EUR' as const,
  categoryId: 2,
  date: '2026-03-10',
  notes: '',
  paymentMethod: '' as const,
  location: '',
  isReimbursable: false,
  allowOutsideTrip: true,
};

/** Days from 2026-03-01 on: several expenses share each date (and, made at NOW, their createdAt). */
const dayOf = (i: number) => `2026-03-${String(1 + (i % 9)).padStart(2, '0')}`;

describe('expenses paged by cursor', () => {
  it('walks every expense once, in the list order, while expenses are added between pages', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    for (let i = 0; i < 40; i++) await caller.expenses.create({ ...body, title: `Ride ${i}`, date: dayOf(i) });
    const before = await caller.expenses.list({ id: 'trip-lisbon' });

    const seen: string[] = [];
    const added: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await caller.expenses.search({ id: 'trip-lisbon', limit: 7, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(7);
      expect(page.page).toBeUndefined();
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor ?? undefined;
      // Between pages someone adds one at the top (before the cursor) and one at the very end.
      const newest = await caller.expenses.create({ ...body, title: `Newer ${pages}`, date: '2026-04-01' });
      const oldest = await caller.expenses.create({
        ...body,
        title: `Older ${pages}`,
        date: `2025-01-${String(20 - pages).padStart(2, '0')}`,
      });
      added.push(newest.id, oldest.id);
      pages += 1;
    } while (cursor && pages < 50);

    expect(new Set(seen).size).toBe(seen.length);
    // Every expense there at the start is seen, in the list's order.
    const startIds = before.map((e) => e.id);
    expect(seen.filter((id) => startIds.includes(id))).toEqual(startIds);
    // Those added after the last page read are at the end of the list now: the order holds across pages.
    const after = (await caller.expenses.list({ id: 'trip-lisbon' })).map((e) => e.id);
    expect(seen).toEqual(after.filter((id) => seen.includes(id)));
    // The older ones added while walking were reached at the end; the newer ones were behind the cursor.
    expect(seen.filter((id) => added.includes(id)).length).toBeGreaterThan(0);
    expect(seen.some((id) => added.indexOf(id) % 2 === 0)).toBe(false);
  });

  it('a numbered page hands a cursor to the next; both kinds of page agree', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    for (let i = 0; i < 12; i++) await caller.expenses.create({ ...body, title: `Ride ${i}`, date: dayOf(i) });
    const first = await caller.expenses.search({ id: 'trip-lisbon', page: 1, pageSize: 5 });
    const second = await caller.expenses.search({ id: 'trip-lisbon', page: 2, pageSize: 5 });
    expect(first.nextCursor).toEqual(expect.any(String));
    const byCursor = await caller.expenses.search({ id: 'trip-lisbon', limit: 5, cursor: first.nextCursor! });
    expect(byCursor.items).toEqual(second.items);
    expect(byCursor.total).toBe(first.total);
    const last = await caller.expenses.search({ id: 'trip-lisbon', page: Math.ceil(first.total! / 5), pageSize: 5 });
    expect(last.nextCursor).toBeNull();
    // The unpaged list with limit and cursor answers that page.
    expect(await caller.expenses.list({ id: 'trip-lisbon', limit: 5, cursor: first.nextCursor! })).toEqual(
      second.items,
    );
  });

  it('counts every match unless told not to (withTotal: false), on pages by cursor and by number', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    for (let i = 0; i < 7; i++) await caller.expenses.create({ ...body, title: `Ride ${i}`, date: dayOf(i) });
    const first = await caller.expenses.search({ id: 'trip-lisbon', limit: 3 });
    const counted = await caller.expenses.search({ id: 'trip-lisbon', limit: 3, cursor: first.nextCursor! });
    const uncounted = await caller.expenses.search({
      id: 'trip-lisbon',
      limit: 3,
      cursor: first.nextCursor!,
      withTotal: false,
    });
    expect(counted.total).toBe(first.total);
    expect(first.total).toBeGreaterThanOrEqual(7);
    expect(uncounted).toEqual({ items: counted.items, pageSize: 3, nextCursor: counted.nextCursor });
    expect('total' in uncounted).toBe(false);
    const numbered = await caller.expenses.search({ id: 'trip-lisbon', page: 2, pageSize: 3, withTotal: false });
    expect(numbered.items).toEqual(counted.items);
    expect(numbered.total).toBeUndefined();
    // With a date range the trip's time zone is read first; the count is still left out.
    const ranged = await caller.expenses.search({ id: 'trip-lisbon', limit: 3, range: 'month', withTotal: false });
    expect(ranged.total).toBeUndefined();
    expect((await caller.expenses.search({ id: 'trip-lisbon', limit: 3, range: 'month' })).items).toEqual(ranged.items);
  });

  it('refuses a cursor it did not give, and page with cursor, naming the field', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    for (const cursor of [
      'nonsense',
      Buffer.from('[1,2,3]').toString('base64url'),
      Buffer.from('{"date":"x"}').toString('base64url'),
    ]) {
      expect(invalidFields(await errorOf(caller.expenses.search({ id: 'trip-lisbon', cursor })))).toEqual(['cursor']);
    }
    const first = await caller.expenses.search({ id: 'trip-lisbon', limit: 2 });
    expect(
      invalidFields(await errorOf(caller.expenses.search({ id: 'trip-lisbon', page: 2, cursor: first.nextCursor! }))),
    ).toEqual(['page']);
    expect(
      (await errorOf(callerFor(db, actors.traveller2, now).expenses.search({ id: 'trip-lisbon', limit: 2 }))).code,
    ).toBe('NOT_FOUND');
  });
});

describe('expense search (q)', () => {
  const titles = async (db: Db, q: string) =>
    (await traveller(db).expenses.list({ id: 'trip-lisbon', q })).map((e) => e.title).sort();

  it('matches whole words and word beginnings in the description, notes and location, every word required', async () => {
    const db = await createSeededDatabase(NOW);
    expect(await titles(db, 'fado')).toEqual(['Fado dinner']);
    expect(await titles(db, 'din')).toEqual(['Fado dinner']);
    expect(await titles(db, 'PASTE')).toEqual(['Pastéis de Belém']);
    expect(await titles(db, 'belem')).toEqual(['Pastéis de Belém']);
    expect(await titles(db, 'conference')).toEqual(['TAP flight TP 202']);
    expect(await titles(db, 'lisb')).toEqual(['Memmo Alfama, 3 nights']);
    expect(await titles(db, 'fado din')).toEqual(['Fado dinner']);
    expect(await titles(db, 'fado tram')).toEqual([]);
    // Inside a word is not a word's beginning.
    expect(await titles(db, 'ado')).toEqual([]);
  });

  it('quotes, stars, minus signs and operator words are plain text, never query syntax', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    await caller.expenses.create({ ...body, title: 'Taxi "Lisboa" - NEAR airport*', notes: 'AND OR NOT (night fare)' });
    for (const q of ['"', '*', '-', '"*"', '(', ')', ':', '^', '+', "'", '()', '-(', '"-*"']) {
      expect(await titles(db, q)).toEqual([]);
    }
    expect(await titles(db, '"fado')).toEqual(['Fado dinner']);
    expect(await titles(db, 'fado*')).toEqual(['Fado dinner']);
    expect(await titles(db, '-fado')).toEqual(['Fado dinner']);
    expect(await titles(db, 'fado"')).toEqual(['Fado dinner']);
    expect(await titles(db, '"lisboa"')).toEqual(['Taxi "Lisboa" - NEAR airport*']);
    expect(await titles(db, 'NEAR')).toEqual(['Taxi "Lisboa" - NEAR airport*']);
    expect(await titles(db, 'NEAR(taxi airport)')).toEqual(['Taxi "Lisboa" - NEAR airport*']);
    expect(await titles(db, 'fare NOT')).toEqual(['Taxi "Lisboa" - NEAR airport*']);
    expect(await titles(db, 'fado OR tram')).toEqual([]);
    expect(await titles(db, 'title:fado')).toEqual([]);
  });

  it('follows changes and deletions, and searches only the trip asked for', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = traveller(db);
    const made = await caller.expenses.create({ ...body, title: 'Ferry to Cacilhas' });
    expect(await titles(db, 'cacil')).toEqual(['Ferry to Cacilhas']);
    await caller.expenses.update({ ...body, id: made.id, title: 'Boat to Seixal' });
    expect(await titles(db, 'cacil')).toEqual([]);
    expect(await titles(db, 'seixal')).toEqual(['Boat to Seixal']);
    await caller.expenses.delete({ id: made.id });
    expect(await titles(db, 'seixal')).toEqual([]);
    // Barcelona's tapas are not Lisbon's.
    expect(await titles(db, 'tapas')).toEqual([]);
    const page = await caller.expenses.search({ id: 'trip-lisbon', q: 'fado', page: 1 });
    expect(page.total).toBe(1);
  });
});

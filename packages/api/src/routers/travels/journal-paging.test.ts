import { travels } from '@naav/db/schema';
import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const pinned = () => NOW;

type Db = Awaited<ReturnType<typeof createSeededDatabase>>;
const entry = (title: string, startDate: string) => ({ title, location: 'Porto', startDate, endDate: startDate });

/** A journal of 7 demo entries and 60 more, several starting on the same day. */
async function longJournal(): Promise<Db> {
  const db = await createSeededDatabase(NOW);
  await db.insert(travels).values(
    Array.from({ length: 60 }, (_, i) => ({
      id: `travel-bulk-${String(i).padStart(2, '0')}`,
      ownerId: actors.traveller.id,
      ...entry(`Weekend ${i}`, `2019-0${1 + (i % 9)}-1${i % 3}`),
    })),
  );
  return db;
}

describe('the journal paged by cursor', () => {
  it('walks every entry once, newest first, while entries are added between pages', async () => {
    const db = await longJournal();
    const caller = callerFor(db, actors.traveller, pinned);
    const before = (await caller.travels.history()).map((t) => t.id);
    const seen: string[] = [];
    const newer: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await caller.travels.page({ limit: 9, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(9);
      seen.push(...page.items.map((t) => t.id));
      cursor = page.nextCursor ?? undefined;
      // Someone adds a newer entry (behind the cursor) and a much older one (ahead of it).
      newer.push((await caller.travels.create(entry(`Newer ${pages}`, '2025-05-01'))).id);
      await caller.travels.create(entry(`Older ${pages}`, `2001-01-${String(20 - pages).padStart(2, '0')}`));
      pages += 1;
    } while (cursor && pages < 40);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
    const after = (await caller.travels.history()).map((t) => t.id);
    expect(seen).toEqual(after.filter((id) => seen.includes(id)));
    expect(seen.some((id) => newer.includes(id))).toBe(false);
    expect(seen.length).toBeGreaterThan(before.length);
  });

  it('without limit or cursor the history is the whole list; with them, one page of it', async () => {
    const db = await longJournal();
    const caller = callerFor(db, actors.traveller, pinned);
    const all = await caller.travels.history();
    expect(all).toHaveLength(67);
    const first = await caller.travels.page({ limit: 20 });
    expect(first.items).toEqual(all.slice(0, 20));
    expect(await caller.travels.history({ limit: 20, cursor: first.nextCursor! })).toEqual(all.slice(20, 40));
    const last = await caller.travels.page({ limit: 200 });
    expect(last.items).toEqual(all);
    expect(last.nextCursor).toBeNull();
  });

  it('the latest three are the first three of the journal, and only the asker’s', async () => {
    const db = await longJournal();
    const caller = callerFor(db, actors.traveller, pinned);
    const all = await caller.travels.history();
    expect(await caller.travels.latest()).toEqual(all.slice(0, 3));
    expect(await caller.travels.latest({ count: 5 })).toEqual(all.slice(0, 5));
    const other = callerFor(db, actors.traveller2, pinned);
    expect((await other.travels.latest()).map((t) => t.id)).not.toContain(all[0]!.id);
    expect((await other.travels.page({ limit: 200 })).items.some((t) => t.id.startsWith('travel-bulk-'))).toBe(false);
  });

  it('refuses a cursor it did not give and limits out of range, naming the field', async () => {
    const caller = callerFor(await createSeededDatabase(NOW), actors.traveller, pinned);
    expect(invalidFields(await errorOf(caller.travels.page({ cursor: 'nonsense' })))).toEqual(['cursor']);
    expect(invalidFields(await errorOf(caller.travels.page({ cursor: Buffer.from('["x",1]').toString('base64url') })))).toEqual(['cursor']);
    expect(invalidFields(await errorOf(caller.travels.page({ limit: 0 })))).toEqual(['limit']);
    expect(invalidFields(await errorOf(caller.travels.latest({ count: 13 })))).toEqual(['count']);
  });
});

describe('the journal filtered, counted and mapped on the server', () => {
  const walk = async (caller: ReturnType<typeof callerFor>, filters: { q?: string; year?: number; tag?: 'Family' | 'Solo' | 'Romantic' | 'Adventure' }) => {
    const titles: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await caller.travels.page({ limit: 7, ...filters, ...(cursor ? { cursor } : {}) });
      titles.push(...page.items.map((t) => t.title));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return titles;
  };

  it('filters pages by words (ignoring case and accents), a year touched and a tag, across cursors', async () => {
    const db = await longJournal();
    const caller = callerFor(db, actors.traveller, pinned);
    await caller.travels.create({ ...entry('New Year in Ghent', '2025-12-30'), location: 'Ghent, Belgium', endDate: '2026-01-02', tags: ['Romantic'] });
    const all = await caller.travels.history();
    expect(await walk(caller, { q: 'REYKJAVIK' })).toEqual(all.filter((t) => t.location.startsWith('Reykjavík')).map((t) => t.title));
    expect(await walk(caller, { q: 'weekend 1' })).toEqual(all.filter((t) => /^Weekend 1\d?$/.test(t.title)).map((t) => t.title));
    expect(await walk(caller, { q: 'porto' })).toHaveLength(60);
    expect(await walk(caller, { q: '"*(' })).toEqual([]);
    expect(await walk(caller, { year: 2026 })).toEqual(['New Year in Ghent']);
    expect(await walk(caller, { year: 2025 })).toEqual(all.filter((t) => t.startDate <= '2025-12-31' && t.endDate >= '2025-01-01').map((t) => t.title));
    expect(await walk(caller, { tag: 'Romantic' })).toEqual(all.filter((t) => t.tags.includes('Romantic')).map((t) => t.title));
    expect(await walk(caller, { year: 2019, tag: 'Solo' })).toEqual([]);
    const fromTrip = all.find((t) => t.tripId !== null)!;
    expect((await caller.travels.page({ limit: 5, tripId: fromTrip.tripId! })).items).toEqual([fromTrip]);
    expect((await callerFor(db, actors.traveller2, pinned).travels.page({ tripId: fromTrip.tripId! })).items).toEqual([]);
  });

  it('counts the matches on the first page, and on a later page only when asked (withTotal)', async () => {
    const db = await longJournal();
    const caller = callerFor(db, actors.traveller, pinned);
    const first = await caller.travels.page({ limit: 10, q: 'weekend' });
    expect(first.total).toBe(60);
    const second = await caller.travels.page({ limit: 10, q: 'weekend', cursor: first.nextCursor! });
    expect(second.total).toBeUndefined();
    expect((await caller.travels.page({ limit: 10, q: 'weekend', cursor: first.nextCursor!, withTotal: true })).total).toBe(60);
    expect((await caller.travels.page({ limit: 10, withTotal: false })).total).toBeUndefined();
  });

  it('the overview counts the whole journal and names the years it touches, newest first', async () => {
    const db = await longJournal();
    const caller = callerFor(db, actors.traveller, pinned);
    await caller.travels.create({ ...entry('New Year in Ghent', '2025-12-30'), location: 'Ghent, Belgium', endDate: '2027-01-02' });
    const all = await caller.travels.history();
    const overview = await caller.travels.overview();
    expect(overview.count).toBe(all.length);
    const years = new Set(all.flatMap((t) => [Number(t.startDate.slice(0, 4)), Number(t.endDate.slice(0, 4))]));
    years.add(2026); // inside the Ghent span
    expect(overview.years).toEqual([...years].sort((a, b) => b - a));
    expect((await callerFor(db, actors.traveller2, pinned).travels.overview()).count).toBeLessThan(all.length);
  });

  it('answers the pins inside the bounds, clustered when zoomed out, and the travels without a place', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, pinned);
    // Twelve in Lisbon and one in Sintra (about 25 km apart), one in a place not on the list.
    for (let i = 0; i < 12; i++) await caller.travels.create({ ...entry(`Pinme Lisbon ${i}`, '2018-03-01'), location: 'Lisbon, Portugal' });
    const sintra = await caller.travels.create({ ...entry('Pinme Sintra', '2018-04-01'), location: 'Sintra, Portugal' });
    await caller.travels.create({ ...entry('Pinme Nowhere', '2018-05-01'), location: 'Atlantis' });
    const around = { west: -9.5, south: 38.6, east: -9, north: 38.9, q: 'pinme' };

    const zoomedOut = await caller.travels.pins({ ...around, zoom: 0 });
    expect(zoomedOut.pins).toHaveLength(1);
    // The cluster names its newest travel: Sintra, a month after the Lisbon ones.
    expect(zoomedOut.pins[0]).toMatchObject({ count: 13, travel: { id: sintra.id } });

    const zoomedIn = await caller.travels.pins({ ...around, zoom: 6 });
    expect(zoomedIn.pins.map((p) => p.count).sort((a, b) => a - b)).toEqual([1, 12]);
    const single = zoomedIn.pins.find((p) => p.count === 1)!;
    expect(single.travel).toEqual({ id: sintra.id, title: 'Pinme Sintra', location: 'Sintra, Portugal' });
    expect(single.latitude).toBeCloseTo(sintra.latitude!, 5);
    expect(zoomedIn.unplaced.map((t) => t.title)).toEqual(['Pinme Nowhere']);
    expect(zoomedIn.unplacedCount).toBe(1);

    // Outside the bounds nothing comes back; the filters apply to pins and unplaced alike.
    expect((await caller.travels.pins({ west: 100, south: -50, east: 180, north: 0, zoom: 3, q: 'pinme' })).pins).toEqual([]);
    const sintraOnly = await caller.travels.pins({ ...around, zoom: 0, q: 'sintra' });
    expect(sintraOnly.pins).toHaveLength(1);
    expect(sintraOnly.unplacedCount).toBe(0);
    // The whole world by default; other travellers' entries never count.
    expect((await caller.travels.pins({ q: 'pinme' })).pins.reduce((n, p) => n + p.count, 0)).toBe(13);
    expect((await callerFor(db, actors.traveller2, pinned).travels.pins({ q: 'pinme' })).pins).toEqual([]);
  });

  it('refuses bounds the wrong way round and a zoom out of range, naming the field', async () => {
    const caller = callerFor(await createSeededDatabase(NOW), actors.traveller, pinned);
    expect(invalidFields(await errorOf(caller.travels.pins({ south: 10, north: 0 })))).toEqual(['north']);
    expect(invalidFields(await errorOf(caller.travels.pins({ zoom: 13 })))).toEqual(['zoom']);
    expect(invalidFields(await errorOf(caller.travels.pins({ west: -200 })))).toEqual(['west']);
  });
});

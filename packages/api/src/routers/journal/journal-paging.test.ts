import { travels, user } from '@naav/db/schema';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';
import { openJournalStream } from './journal.service';

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
    const before = (await caller.journal.history()).map((t) => t.id);
    const seen: string[] = [];
    const newer: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await caller.journal.page({ limit: 9, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(9);
      seen.push(...page.items.map((t) => t.id));
      cursor = page.nextCursor ?? undefined;
      // Someone adds a newer entry (behind the cursor) and a much older one (ahead of it).
      newer.push((await caller.journal.create(entry(`Newer ${pages}`, '2025-05-01'))).id);
      await caller.journal.create(entry(`Older ${pages}`, `2001-01-${String(20 - pages).padStart(2, '0')}`));
      pages += 1;
    } while (cursor && pages < 40);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
    const after = (await caller.journal.history()).map((t) => t.id);
    expect(seen).toEqual(after.filter((id) => seen.includes(id)));
    expect(seen.some((id) => newer.includes(id))).toBe(false);
    expect(seen.length).toBeGreaterThan(before.length);
  });

  it('without limit or cursor the history is the whole list; with them, one page of it', async () => {
    const db = await longJournal();
    const caller = callerFor(db, actors.traveller, pinned);
    const all = await caller.journal.history();
    expect(all).toHaveLength(67);
    const first = await caller.journal.page({ limit: 20 });
    expect(first.items).toEqual(all.slice(0, 20));
    expect(await caller.journal.history({ limit: 20, cursor: first.nextCursor! })).toEqual(all.slice(20, 40));
    const last = await caller.journal.page({ limit: 200 });
    expect(last.items).toEqual(all);
    expect(last.nextCursor).toBeNull();
  });

  it('the latest three are the first three of the journal, and only the asker’s', async () => {
    const db = await longJournal();
    const caller = callerFor(db, actors.traveller, pinned);
    const all = await caller.journal.history();
    expect(await caller.journal.latest()).toEqual(all.slice(0, 3));
    expect(await caller.journal.latest({ count: 5 })).toEqual(all.slice(0, 5));
    const other = callerFor(db, actors.traveller2, pinned);
    expect((await other.journal.latest()).map((t) => t.id)).not.toContain(all[0]!.id);
    expect((await other.journal.page({ limit: 200 })).items.some((t) => t.id.startsWith('travel-bulk-'))).toBe(false);
  });

  it('refuses a cursor it did not give and limits out of range, naming the field', async () => {
    const caller = callerFor(await createSeededDatabase(NOW), actors.traveller, pinned);
    expect(invalidFields(await errorOf(caller.journal.page({ cursor: 'nonsense' })))).toEqual(['cursor']);
    expect(
      invalidFields(await errorOf(caller.journal.page({ cursor: Buffer.from('["x",1]').toString('base64url') }))),
    ).toEqual(['cursor']);
    expect(invalidFields(await errorOf(caller.journal.page({ limit: 0 })))).toEqual(['limit']);
    expect(invalidFields(await errorOf(caller.journal.latest({ count: 13 })))).toEqual(['count']);
  });
});

describe('the journal filtered, counted and mapped on the server', () => {
  const walk = async (
    caller: ReturnType<typeof callerFor>,
    filters: { q?: string; year?: number; tag?: 'Family' | 'Solo' | 'Romantic' | 'Adventure' },
  ) => {
    const titles: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await caller.journal.page({ limit: 7, ...filters, ...(cursor ? { cursor } : {}) });
      titles.push(...page.items.map((t) => t.title));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return titles;
  };

  it('filters pages by words (ignoring case and accents), a year touched and a tag, across cursors', async () => {
    const db = await longJournal();
    const caller = callerFor(db, actors.traveller, pinned);
    await caller.journal.create({
      ...entry('New Year in Ghent', '2025-12-30'),
      location: 'Ghent, Belgium',
      endDate: '2026-01-02',
      tags: ['Romantic'],
    });
    const all = await caller.journal.history();
    expect(await walk(caller, { q: 'REYKJAVIK' })).toEqual(
      all.filter((t) => t.location.startsWith('Reykjavík')).map((t) => t.title),
    );
    expect(await walk(caller, { q: 'weekend 1' })).toEqual(
      all.filter((t) => /^Weekend 1\d?$/.test(t.title)).map((t) => t.title),
    );
    expect(await walk(caller, { q: 'porto' })).toHaveLength(60);
    expect(await walk(caller, { q: '"*(' })).toEqual([]);
    expect(await walk(caller, { year: 2026 })).toEqual(['New Year in Ghent']);
    expect(await walk(caller, { year: 2025 })).toEqual(
      all.filter((t) => t.startDate <= '2025-12-31' && t.endDate >= '2025-01-01').map((t) => t.title),
    );
    expect(await walk(caller, { tag: 'Romantic' })).toEqual(
      all.filter((t) => t.tags.includes('Romantic')).map((t) => t.title),
    );
    expect(await walk(caller, { year: 2019, tag: 'Solo' })).toEqual([]);
    const fromTrip = all.find((t) => t.tripId !== null)!;
    expect((await caller.journal.page({ limit: 5, tripId: fromTrip.tripId! })).items).toEqual([fromTrip]);
    expect((await callerFor(db, actors.traveller2, pinned).journal.page({ tripId: fromTrip.tripId! })).items).toEqual(
      [],
    );
  });

  it('counts the matches on the first page, and on a later page only when asked (withTotal)', async () => {
    const db = await longJournal();
    const caller = callerFor(db, actors.traveller, pinned);
    const first = await caller.journal.page({ limit: 10, q: 'weekend' });
    expect(first.total).toBe(60);
    const second = await caller.journal.page({ limit: 10, q: 'weekend', cursor: first.nextCursor! });
    expect(second.total).toBeUndefined();
    expect(
      (await caller.journal.page({ limit: 10, q: 'weekend', cursor: first.nextCursor!, withTotal: true })).total,
    ).toBe(60);
    expect((await caller.journal.page({ limit: 10, withTotal: false })).total).toBeUndefined();
  });

  it('the overview counts the whole journal and names the years it touches, newest first', async () => {
    const db = await longJournal();
    const caller = callerFor(db, actors.traveller, pinned);
    await caller.journal.create({
      ...entry('New Year in Ghent', '2025-12-30'),
      location: 'Ghent, Belgium',
      endDate: '2027-01-02',
    });
    const all = await caller.journal.history();
    const overview = await caller.journal.overview();
    expect(overview.count).toBe(all.length);
    const years = new Set(all.flatMap((t) => [Number(t.startDate.slice(0, 4)), Number(t.endDate.slice(0, 4))]));
    years.add(2026); // inside the Ghent span
    expect(overview.years).toEqual([...years].sort((a, b) => b - a));
    expect((await callerFor(db, actors.traveller2, pinned).journal.overview()).count).toBeLessThan(all.length);
  });

  it('answers the pins inside the bounds, clustered when zoomed out, and the travels without a place', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, pinned);
    // Twelve in Lisbon and one in Sintra (about 25 km apart), one in a place not on the list.
    for (let i = 0; i < 12; i++)
      await caller.journal.create({ ...entry(`Pinme Lisbon ${i}`, '2018-03-01'), location: 'Lisbon, Portugal' });
    const sintra = await caller.journal.create({
      ...entry('Pinme Sintra', '2018-04-01'),
      location: 'Sintra, Portugal',
    });
    await caller.journal.create({ ...entry('Pinme Nowhere', '2018-05-01'), location: 'Atlantis' });
    const around = { west: -9.5, south: 38.6, east: -9, north: 38.9, q: 'pinme' };

    const zoomedOut = await caller.journal.pins({ ...around, zoom: 0 });
    expect(zoomedOut.pins).toHaveLength(1);
    // The cluster names its newest travel: Sintra, a month after the Lisbon ones.
    expect(zoomedOut.pins[0]).toMatchObject({ count: 13, travel: { id: sintra.id } });

    const zoomedIn = await caller.journal.pins({ ...around, zoom: 6 });
    expect(zoomedIn.pins.map((p) => p.count).sort((a, b) => a - b)).toEqual([1, 12]);
    const single = zoomedIn.pins.find((p) => p.count === 1)!;
    expect(single.travel).toEqual({ id: sintra.id, title: 'Pinme Sintra', location: 'Sintra, Portugal' });
    expect(single.latitude).toBeCloseTo(sintra.latitude!, 5);
    expect(zoomedIn.unplaced.map((t) => t.title)).toEqual(['Pinme Nowhere']);
    expect(zoomedIn.unplacedCount).toBe(1);

    // Outside the bounds nothing comes back; the filters apply to pins and unplaced alike.
    expect(
      (await caller.journal.pins({ west: 100, south: -50, east: 180, north: 0, zoom: 3, q: 'pinme' })).pins,
    ).toEqual([]);
    const sintraOnly = await caller.journal.pins({ ...around, zoom: 0, q: 'sintra' });
    expect(sintraOnly.pins).toHaveLength(1);
    expect(sintraOnly.unplacedCount).toBe(0);
    // The whole world by default; other travellers' entries never count.
    expect((await caller.journal.pins({ q: 'pinme' })).pins.reduce((n, p) => n + p.count, 0)).toBe(13);
    expect((await callerFor(db, actors.traveller2, pinned).journal.pins({ q: 'pinme' })).pins).toEqual([]);
  });

  it('refuses bounds the wrong way round and a zoom out of range, naming the field', async () => {
    const caller = callerFor(await createSeededDatabase(NOW), actors.traveller, pinned);
    expect(invalidFields(await errorOf(caller.journal.pins({ south: 10, north: 0 })))).toEqual(['north']);
    expect(invalidFields(await errorOf(caller.journal.pins({ zoom: 13 })))).toEqual(['zoom']);
    expect(invalidFields(await errorOf(caller.journal.pins({ west: -200 })))).toEqual(['west']);
  });
});

describe('the journal map and overview without filters, from the places and years visited', () => {
  /** travel_places as the triggers keep it, against the same figures counted from the travels. */
  async function placesAgreeWithTravels(db: Db) {
    const kept = await db.all<{
      ownerId: string;
      latitude: number;
      longitude: number;
      count: number;
      newestId: string;
    }>(
      sql`SELECT ownerId, latitude, longitude, count, newestId FROM travel_places ORDER BY ownerId, latitude, longitude`,
    );
    const counted = await db.all<{
      ownerId: string;
      latitude: number;
      longitude: number;
      count: number;
      newestId: string;
    }>(sql`
      SELECT ownerId, latitude, longitude, count(*) AS count,
        (SELECT u.id FROM travels u WHERE u.ownerId = t.ownerId AND u.latitude = t.latitude AND u.longitude = t.longitude ORDER BY u.startDate DESC, u.id DESC LIMIT 1) AS newestId
      FROM travels t WHERE latitude IS NOT NULL AND longitude IS NOT NULL
      GROUP BY ownerId, latitude, longitude ORDER BY ownerId, latitude, longitude`);
    expect(kept).toEqual(counted);
    // travel_years likewise, and the overview it answers agrees with the travels.
    const years = sql`SELECT ownerId, startYear, endYear, count FROM travel_years ORDER BY 1, 2, 3`;
    const yearsCounted = sql`
      SELECT ownerId, CAST(substr(startDate, 1, 4) AS INTEGER) AS startYear, CAST(substr(endDate, 1, 4) AS INTEGER) AS endYear, count(*) AS count
      FROM travels GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
    expect(await db.all(years)).toEqual(await db.all(yearsCounted));
    const mine = await db.all<{ startDate: string; endDate: string }>(
      sql`SELECT startDate, endDate FROM travels WHERE ownerId = ${actors.traveller.id}`,
    );
    const touched = new Set(
      mine.flatMap((t) =>
        Array.from(
          { length: Number(t.endDate.slice(0, 4)) - Number(t.startDate.slice(0, 4)) + 1 },
          (_, i) => Number(t.startDate.slice(0, 4)) + i,
        ),
      ),
    );
    const caller = callerFor(db, actors.traveller, pinned);
    expect(await caller.journal.overview()).toEqual({ count: mine.length, years: [...touched].sort((a, b) => b - a) });
    // The first page's count of the whole journal comes from travel_years too.
    expect((await caller.journal.page({ limit: 1 })).total).toBe(mine.length);
    return kept.length;
  }

  /** The pins unfiltered (from travel_places) and through a filter every travel passes (from the travels): the same marks. */
  async function bothWays(
    db: Db,
    bounds: { west?: number; south?: number; east?: number; north?: number; zoom?: number } = {},
  ) {
    const caller = callerFor(db, actors.traveller, pinned);
    const unfiltered = await caller.journal.pins(bounds);
    const scanned = await caller.journal.pins({ ...bounds, tag: 'Solo' });
    expect(unfiltered.pins.map((p) => [p.count, p.travel])).toEqual(scanned.pins.map((p) => [p.count, p.travel]));
    unfiltered.pins.forEach((p, i) => {
      expect(p.latitude).toBeCloseTo(scanned.pins[i]!.latitude, 9);
      expect(p.longitude).toBeCloseTo(scanned.pins[i]!.longitude, 9);
    });
    expect(unfiltered.unplacedCount).toBe(scanned.unplacedCount);
    return unfiltered;
  }

  it('keeps each place’s count and newest travel and each year’s count through adds, moves and deletes, and answers the same pins and overview as the travels', async () => {
    const db = await createSeededDatabase(NOW);
    // Every travel Solo, so the tag filter passes them all and takes the other path.
    await db.update(travels).set({ tags: ['Solo'] });
    const places = [
      [38.72, -9.14],
      [38.8, -9.38],
      [41.15, -8.61],
      [35.68, 139.69],
      [-33.87, 151.21],
    ] as const;
    // 200 travels over five places, many on the same day (ties broken by id), some without a place.
    await db.insert(travels).values(
      Array.from({ length: 200 }, (_, i) => ({
        id: `travel-place-${String((i * 7919) % 1000).padStart(3, '0')}`,
        ownerId: i % 10 === 9 ? actors.traveller2.id : actors.traveller.id,
        title: `Placed ${i}`,
        location: 'Somewhere',
        startDate: `20${10 + (i % 7)}-0${1 + (i % 3)}-01`,
        endDate: `20${10 + (i % 7)}-0${1 + (i % 3)}-01`,
        tags: ['Solo'],
        latitude: i % 13 === 0 ? null : places[i % 5]![0],
        longitude: i % 13 === 0 ? null : places[i % 5]![1],
      })),
    );
    expect(await placesAgreeWithTravels(db)).toBeGreaterThan(5);
    for (const zoom of [0, 3, 8]) await bothWays(db, { zoom });
    await bothWays(db, { west: -10, south: 38, east: -8, north: 42, zoom: 6 });

    // The newest travel of a place goes: the next newest takes its place on the map.
    const newestInLisbon = await db.all<{ newestId: string }>(
      sql`SELECT newestId FROM travel_places WHERE ownerId = ${actors.traveller.id} AND latitude = 38.72`,
    );
    await db.delete(travels).where(eq(travels.id, newestInLisbon[0]!.newestId));
    await placesAgreeWithTravels(db);
    // Moved to another place and to another day; a place emptied goes from the table.
    await db
      .update(travels)
      .set({ latitude: 41.15, longitude: -8.61, startDate: '2030-01-01', endDate: '2031-01-02' })
      .where(like(travels.id, 'travel-place-1%'));
    await db.delete(travels).where(and(eq(travels.latitude, -33.87), eq(travels.ownerId, actors.traveller.id)));
    await placesAgreeWithTravels(db);
    const after = await bothWays(db, { zoom: 8 });
    expect(after.pins.some((p) => p.latitude === -33.87)).toBe(false);
    // A traveller who leaves takes their places along.
    await db.delete(user).where(eq(user.id, actors.traveller2.id));
    await placesAgreeWithTravels(db);
  });

  it('the migration filled the table from the journal as it stood', async () => {
    const db = await createSeededDatabase(NOW);
    expect(await placesAgreeWithTravels(db)).toBeGreaterThan(0);
  });
});

describe('the whole journal, streamed', () => {
  it('comes in pages of the asked size, which put together are the history', async () => {
    const db = await longJournal();
    const pages: string[][] = [];
    for await (const page of await openJournalStream(db, actors.traveller, NOW, 9)) pages.push(page.map((t) => t.id));
    expect(pages.map((p) => p.length)).toEqual([9, 9, 9, 9, 9, 9, 9, 4]);
    expect(pages.flat()).toEqual((await callerFor(db, actors.traveller, pinned).journal.history()).map((t) => t.id));
  });
});

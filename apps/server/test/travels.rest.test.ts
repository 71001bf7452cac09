import { travels, user } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { isoDate, json, restError } from './http';

const NOW = new Date('2025-06-15T12:00:00Z');

interface TravelBody {
  id: string;
  tripId: string | null;
  startDate: string;
  endDate: string;
  highlights: unknown;
  tags: unknown;
  [key: string]: unknown;
}

let server: TestServer;
let traveller: string;
const get = (path: string, cookie?: string) => server.request(path, cookie ? { headers: { cookie } } : undefined);

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
});

describe('GET /api/travels/history', () => {
  it('returns the journal newest first, highlights and tags as JSON arrays', async () => {
    const list = await json<TravelBody[]>(await get('/api/travels/history', traveller));
    expect(list).toHaveLength(7);
    const starts = list.map((t) => t.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    for (const t of list) {
      expect(t.startDate).toMatch(isoDate);
      expect(t.endDate).toMatch(isoDate);
      expect(Array.isArray(t.highlights)).toBe(true);
      expect(Array.isArray(t.tags)).toBe(true);
    }
    expect(list[0]).toMatchObject({
      id: 'travel-santorini',
      tripId: 'trip-santorini',
      title: 'Santorini Sunset Escape',
      highlights: ['Sunset from the Oia castle', 'Catamaran to the hot springs', 'Wine tasting at Santo Wines'],
      tags: ['Romantic'],
    });
  });

  it("never includes another traveller's entries", async () => {
    const mine = await json<TravelBody[]>(await get('/api/travels/history', traveller));
    expect(mine.map((t) => t.id)).not.toContain('travel-traveller2-porto');
    const other = await server.signIn('traveller2@naav.example');
    const theirs = await json<TravelBody[]>(await get('/api/travels/history', other));
    expect(theirs.map((t) => t.id)).toEqual(['travel-traveller2-porto']);
  });

  it('is 401 when signed out', async () => {
    await restError(await get('/api/travels/history'), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/inspirations', () => {
  it('returns the catalogue with whole-dollar prices and nullable ratings', async () => {
    const list = await json<Record<string, unknown>[]>(await get('/api/inspirations', traveller));
    expect(list).toHaveLength(9);
    expect(list[0]).toEqual({
      id: 'insp-maldives',
      title: 'Maldives Overwater Villas',
      destination: 'Maldives',
      description: expect.any(String),
      imageUrl: '/images/maldives.svg',
      category: 'beach',
      type: 'honeymoon',
      duration: 7,
      price: 8900,
      rating: 4.9,
      isFavourite: false,
    });
    expect(list.find((i) => i.id === 'insp-bali')).toMatchObject({ rating: null });
    for (const i of list) expect(['beach', 'cultural', 'adventure', 'wellness']).toContain(i.category);
  });

  it('is 401 when signed out', async () => {
    await restError(await get('/api/inspirations'), 401, 'UNAUTHORIZED');
  });
});

describe('the journal in pages, and the latest few', () => {
  it('GET /api/travels/history/page follows nextCursor through the same list; /latest answers the first three', async () => {
    const all = await json<TravelBody[]>(await get('/api/travels/history', traveller));
    const seen: TravelBody[] = [];
    let url: string | null = '/api/travels/history/page?limit=3';
    while (url) {
      const page: { items: TravelBody[]; nextCursor: string | null } = await json(await get(url, traveller));
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items);
      url = page.nextCursor ? `/api/travels/history/page?limit=3&cursor=${page.nextCursor}` : null;
    }
    expect(seen).toEqual(all);
    expect(await json(await get('/api/travels/history/latest', traveller))).toEqual(all.slice(0, 3));
    expect(await json(await get('/api/travels/history?limit=2', traveller))).toEqual(all.slice(0, 2));
    const bad = await restError(await get('/api/travels/history/page?cursor=zzz', traveller), 400, 'BAD_REQUEST');
    expect(bad.issues?.[0]?.path).toEqual(['cursor']);
    await restError(await get('/api/travels/history/latest'), 401, 'UNAUTHORIZED');
  });

  it('GET /api/travels/history/page filters (q, year, tag) and counts on the first page; /overview and /pins answer the screen', async () => {
    const all = await json<TravelBody[]>(await get('/api/travels/history', traveller));
    const first = await json<{ items: TravelBody[]; nextCursor: string | null; total?: number }>(
      await get('/api/travels/history/page?limit=1&tag=Family&withTotal=true', traveller),
    );
    const family = all.filter((t) => (t.tags as string[]).includes('Family'));
    expect(first.total).toBe(family.length);
    expect(first.items).toEqual(family.slice(0, 1));
    const later = await json<{ total?: number }>(
      await get(`/api/travels/history/page?limit=1&tag=Family&cursor=${first.nextCursor}`, traveller),
    );
    expect(later.total).toBeUndefined();
    const rome = await json<{ items: TravelBody[] }>(await get('/api/travels/history/page?q=rome', traveller));
    expect(rome.items.map((t) => t.title)).toContain('Roman Holiday');
    expect(
      (await restError(await get('/api/travels/history/page?withTotal=yes', traveller), 400, 'BAD_REQUEST')).issues?.[0]
        ?.path,
    ).toEqual(['withTotal']);
    expect(
      (await restError(await get('/api/travels/history/page?year=twenty', traveller), 400, 'BAD_REQUEST')).issues?.[0]
        ?.path,
    ).toEqual(['year']);

    const overview = await json<{ count: number; years: number[] }>(
      await get('/api/travels/history/overview', traveller),
    );
    expect(overview.count).toBe(all.length);
    expect(overview.years).toEqual([...overview.years].sort((a, b) => b - a));

    const pins = await json<{
      pins: { count: number; travel: { title: string }; latitude: number; longitude: number }[];
      unplacedCount: number;
    }>(await get('/api/travels/history/pins?west=0&south=30&east=30&north=50&zoom=3', traveller));
    expect(pins.pins.filter((p) => p.count === 1).map((p) => p.travel.title)).toContain('Roman Holiday');
    expect(pins.pins.every((p) => p.longitude >= 0 && p.longitude <= 30 && p.latitude >= 30 && p.latitude <= 50)).toBe(
      true,
    );
    expect(
      (await restError(await get('/api/travels/history/pins?south=40&north=10', traveller), 400, 'BAD_REQUEST'))
        .issues?.[0]?.path,
    ).toEqual(['north']);
    await restError(await get('/api/travels/history/pins'), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/travels/history, a long journal streamed', () => {
  it('answers every entry of a journal longer than two of the server’s reads: the same JSON as the pages put together', async () => {
    const email = 'long-journal@example.org';
    const cookie = await server.signUp({ name: 'Lee Longjournal', email, password: 'a-long-password' });
    const [owner] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    // 1,234 entries, many sharing a start date, so the reads meet inside a day.
    const rows = Array.from({ length: 1_234 }, (_, i) => ({
      id: `long-${String(i).padStart(4, '0')}`,
      ownerId: owner!.id,
      title: `Journey ${i}`,
      location: 'Lisbon, Portugal',
      startDate: `20${String(10 + (i % 15))}-0${1 + (i % 9)}-1${i % 10}`,
      endDate: `20${String(10 + (i % 15))}-0${1 + (i % 9)}-1${i % 10}`,
    }));
    for (let i = 0; i < rows.length; i += 200) await server.db.insert(travels).values(rows.slice(i, i + 200));

    const res = await get('/api/travels/history', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('content-length')).toBeNull();
    const text = await res.text();
    const paged: TravelBody[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: TravelBody[]; nextCursor: string | null } = await json(
        await get(`/api/travels/history/page?limit=200&withTotal=false${cursor ? `&cursor=${cursor}` : ''}`, cookie),
      );
      paged.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toHaveLength(1_234);
    expect(text).toBe(JSON.stringify(paged));
    expect(new Set(paged.map((t) => t.id)).size).toBe(1_234);
    // The traveller's own journal is untouched by it.
    expect(await json<TravelBody[]>(await get('/api/travels/history', traveller))).toHaveLength(7);
  });
});

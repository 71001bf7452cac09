import { expenses, travels, user } from '@naav/db/schema';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, listen, restCalls, type TestServer } from './harness';
import { json, restError } from './http';

// 12:00 in Lisbon: the demo's Lisbon trip is under way.
const NOW = new Date('2026-03-10T12:00:00Z');
/** More than two of the server's 500-row reads: the list and the CSV come in several pages. */
const rows = 1_234;

let server: TestServer;
let traveller: string;
const { get } = restCalls(
  () => server,
  () => traveller,
);

interface Expense {
  id: string;
  title: string;
  date: string;
  amount: number;
  amountInBase: number;
  currency: string;
  categoryId: number | null;
}
interface Page {
  items: Expense[];
  total: number;
  page?: number;
  pageSize: number;
  nextCursor: string | null;
}

beforeAll(async () => {
  // In process even in pair mode: one test serves this app over a socket of its own.
  server = await createTestServer({ now: () => NOW, inProcess: true });
  traveller = await server.signIn('traveller@naav.example');
  // Kyoto gets 1,234 expenses, many sharing a date and an entry time.
  const values = Array.from({ length: rows }, (_, i) => ({
    id: `bulk-${String(i).padStart(5, '0')}`,
    tripId: 'trip-kyoto',
    title: i % 10 === 0 ? `Ramen, bowl ${i}` : `Metro ticket ${i}`,
    amount: 100 + i,
    currency: i % 3 === 0 ? 'JPY' : 'EUR',
    categoryId: (i % 9) + 1,
    date: `2026-0${1 + (i % 6)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    notes: i % 7 === 0 ? 'with "quotes", commas\nand a new line' : null,
    location: i % 5 === 0 ? '=Gion' : null,
    rateToBase: 1.25,
    amountBase: Math.round((100 + i) * 1.25),
    createdAt: new Date(NOW.getTime() - (i % 4) * 1000),
    updatedAt: NOW,
  }));
  for (let i = 0; i < values.length; i += 200) await server.db.insert(expenses).values(values.slice(i, i + 200));
});

/** The body as it arrives: in more than one piece, the first of them before the whole. */
async function arrivesInPieces(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  expect(chunks.length).toBeGreaterThan(1);
  const body = Buffer.concat(chunks).toString('utf8');
  expect(chunks[0]!.byteLength).toBeLessThan(body.length);
  return body;
}

/** Every matching expense through the paged endpoint, following nextCursor (limit 200). */
async function allByCursor(filters: string): Promise<Expense[]> {
  const items: Expense[] = [];
  let cursor: string | null = null;
  do {
    const page: Page = await json<Page>(
      await get(`/api/trips/trip-kyoto/expenses/page?${filters}&limit=200${cursor ? `&cursor=${cursor}` : ''}`),
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

describe('GET /api/trips/{id}/expenses, every expense streamed', () => {
  it.each(['', 'categoryId=3', 'q=ramen', 'q=metro&categoryId=2'])(
    'answers the same JSON as the pages put together (%s)',
    async (filters) => {
      const res = await get(`/api/trips/trip-kyoto/expenses?${filters}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.headers.get('content-length')).toBeNull();
      const text = await res.text();
      const pages = await allByCursor(filters);
      expect(text).toBe(JSON.stringify(pages));
      if (filters === '') expect(pages.length).toBeGreaterThanOrEqual(rows);
      expect(new Set(pages.map((e) => e.id)).size).toBe(pages.length);
    },
  );

  it('over a socket, gzipped: the first bytes come before the whole body, which is complete', async () => {
    const { url, close } = await listen(server.app!);
    try {
      // A change since the list was last read: it is read anew, page by page.
      await server.db.update(expenses).set({ title: 'Metro ticket 1, again' }).where(eq(expenses.id, 'bulk-00001'));
      const res = await fetch(`${url}/api/trips/trip-kyoto/expenses`, {
        headers: { cookie: traveller, 'accept-encoding': 'gzip' },
      });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      const body = await arrivesInPieces(res);
      expect(JSON.parse(body)).toHaveLength((await allByCursor('')).length);
    } finally {
      await close();
    }
  });

  it('read again before any change, comes whole from what was kept; a change made since is in it', async () => {
    const first = await (await get('/api/trips/trip-kyoto/expenses?categoryId=4')).text();
    const again = await get('/api/trips/trip-kyoto/expenses?categoryId=4');
    expect(again.headers.get('content-length')).toBe(String(Buffer.byteLength(first)));
    expect(again.headers.get('content-type')).toBe('application/json');
    expect(await again.text()).toBe(first);
    const gzipped = await server.request('/api/trips/trip-kyoto/expenses?categoryId=4', {
      headers: { cookie: traveller, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toContain('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(first);
    await server.db.update(expenses).set({ amount: 999_999 }).where(eq(expenses.id, 'bulk-00003'));
    const changed = await get('/api/trips/trip-kyoto/expenses?categoryId=4');
    expect(changed.headers.get('content-length')).toBeNull();
    const list = await json<Expense[]>(changed);
    expect(list.find((e) => e.id === 'bulk-00003')?.amount).toBe(999_999);
    expect(list).toEqual(await allByCursor('categoryId=4'));
  });

  it('a page by number or cursor still answers a plain list; bad input is 400 naming the field; others get 404', async () => {
    const first = await json<Expense[]>(await get('/api/trips/trip-kyoto/expenses?page=1&pageSize=3'));
    expect(first).toHaveLength(3);
    const page = await json<Page>(await get('/api/trips/trip-kyoto/expenses/page?page=1&pageSize=3'));
    expect(page.items).toEqual(first);
    const next = await json<Expense[]>(await get(`/api/trips/trip-kyoto/expenses?limit=3&cursor=${page.nextCursor}`));
    expect(next).toEqual((await json<Page>(await get('/api/trips/trip-kyoto/expenses/page?page=2&pageSize=3'))).items);
    expect(
      (await restError(await get('/api/trips/trip-kyoto/expenses/page?cursor=abc'), 400, 'BAD_REQUEST')).issues?.[0]
        ?.path,
    ).toEqual(['cursor']);
    expect(
      (await restError(await get('/api/trips/trip-kyoto/expenses/page?limit=201'), 400, 'BAD_REQUEST')).message,
    ).toContain('limit');
    expect(
      (await restError(await get('/api/trips/trip-kyoto/expenses?categoryId=12'), 400, 'BAD_REQUEST')).message,
    ).toContain('categoryId');
    const other = await server.signIn('traveller2@naav.example');
    await restError(await get('/api/trips/trip-kyoto/expenses', other), 404, 'NOT_FOUND');
    await restError(await get('/api/trips/trip-kyoto/expenses.csv', other), 404, 'NOT_FOUND');
  });
});

describe('GET /api/trips/{id}/expenses.csv, streamed', () => {
  it('has a line per expense in the list order, each CRLF-terminated, formulas and quotes made safe', async () => {
    const res = await get('/api/trips/trip-kyoto/expenses.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    const text = await res.text();
    const list = await allByCursor('');
    expect(text.endsWith('\r\n')).toBe(true);
    // Quoted notes hold a bare \n, never \r\n: every CRLF ends a line.
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines).toHaveLength(list.length + 1);
    expect(lines[0]).toBe(
      'Date,Description,Category,Amount,Currency,Amount (JPY),Exchange rate,Payment method,Location,Reimbursable,Notes,Paid by,Shares',
    );
    lines.slice(1).forEach((line, i) => {
      const e = list[i]!;
      const description = /[",]/.test(e.title) ? `"${e.title.replace(/"/g, '""')}"` : e.title;
      expect(line.startsWith(`${e.date},${description},`)).toBe(true);
      expect(line).toContain(`,${(e.amount / 100).toFixed(2)},${e.currency},${(e.amountInBase / 100).toFixed(2)},`);
    });
    expect(text).toContain(`"with ""quotes"", commas\nand a new line"`);
    expect(text).toContain(",'=Gion,");
  });
});

describe('GET /api/travels/history, the whole journal streamed', () => {
  it('over a socket, gzipped: the first bytes come before the whole body, which holds every entry', async () => {
    const other = await server.signIn('traveller2@naav.example');
    const [owner] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, 'traveller2@naav.example'));
    const entries = Array.from({ length: rows }, (_, i) => ({
      id: `journal-${String(i).padStart(5, '0')}`,
      ownerId: owner!.id,
      title: `Journey ${i}`,
      location: 'Porto, Portugal',
      startDate: `20${String(10 + (i % 15))}-0${1 + (i % 9)}-1${i % 10}`,
      endDate: `20${String(10 + (i % 15))}-0${1 + (i % 9)}-1${i % 10}`,
    }));
    for (let i = 0; i < entries.length; i += 200) await server.db.insert(travels).values(entries.slice(i, i + 200));
    const { url, close } = await listen(server.app!);
    try {
      const res = await fetch(`${url}/api/travels/history`, { headers: { cookie: other, 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      const body = await arrivesInPieces(res);
      // The demo's Porto entry and every one added, newest first.
      const journal = JSON.parse(body) as { id: string; startDate: string }[];
      expect(journal).toHaveLength(rows + 1);
      expect(new Set(journal.map((t) => t.id)).size).toBe(rows + 1);
      const starts = journal.map((t) => t.startDate);
      expect(starts).toEqual([...starts].sort().reverse());
    } finally {
      await close();
    }
  });
});

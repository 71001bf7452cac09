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

import { travels } from '@naav/db/schema';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const pinned = () => NOW;

describe('journal.history', () => {
  it("returns the traveller's journal, newest first", async () => {
    const db = await createSeededDatabase(NOW);
    const list = await callerFor(db, actors.traveller, pinned).journal.history();
    expect(list).toHaveLength(7);
    const starts = list.map((t) => t.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(new Set(starts).size).toBe(starts.length);
    // The newest entry is the Santorini trip, 200 days before the pinned date, linked to its trip.
    expect(list[0]).toMatchObject({
      id: 'travel-santorini',
      tripId: 'trip-santorini',
      startDate: '2024-11-27',
      endDate: '2024-12-04',
    });
  });

  it('returns highlights and tags as arrays of strings, not JSON text', async () => {
    const db = await createSeededDatabase(NOW);
    await db.insert(travels).values({
      id: 'travel-bare',
      ownerId: actors.traveller.id,
      title: 'A weekend with no notes',
      location: 'Ghent, Belgium',
      startDate: '2020-01-03',
      endDate: '2020-01-05',
    });
    const list = await callerFor(db, actors.traveller, pinned).journal.history();
    for (const t of list) {
      expect(Array.isArray(t.highlights)).toBe(true);
      expect(Array.isArray(t.tags)).toBe(true);
      expect(t.highlights.every((h) => typeof h === 'string')).toBe(true);
    }
    expect(list[0]?.highlights).toEqual([
      'Sunset from the Oia castle',
      'Catamaran to the hot springs',
      'Wine tasting at Santo Wines',
    ]);
    // A travel stored without highlights or tags gets empty arrays, and is the oldest entry.
    expect(list.at(-1)).toMatchObject({ id: 'travel-bare', highlights: [], tags: [], tripId: null, imageUrl: null });
  });

  it("returns only the signed-in user's travels", async () => {
    const db = await createSeededDatabase(NOW);
    const mine = await callerFor(db, actors.traveller, pinned).journal.history();
    expect(mine.map((t) => t.id)).not.toContain('travel-traveller2-porto');
    const theirs = await callerFor(db, actors.traveller2, pinned).journal.history();
    expect(theirs.map((t) => t.id)).toEqual(['travel-traveller2-porto']);
    expect(await callerFor(db, actors.agent, pinned).journal.history()).toEqual([]);
  });

  it('is UNAUTHORIZED when signed out', async () => {
    const db = await createSeededDatabase(NOW);
    await expect(callerFor(db, null, pinned).journal.history()).rejects.toSatisfy(
      (e: unknown) => e instanceof TRPCError && e.code === 'UNAUTHORIZED',
    );
  });
});

import { availability } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2026-03-10T09:00:00Z');
const now = () => NOW;
const window = { startDate: '2026-05-01', endDate: '2026-05-08' };

describe('availability', () => {
  it('creates a window with the documented defaults, owned by the caller whatever userId says', async () => {
    const db = await createSeededDatabase(NOW);
    const created = await callerFor(db, actors.traveller, now).availability.create({
      ...window,
      userId: 1,
    } as typeof window);
    expect(created).toEqual({
      id: expect.any(String),
      userId: 'user-traveller',
      ...window,
      isFlexible: false,
      flexibilityDays: 3,
      preferredDuration: 7,
      priority: 3,
      status: 'active',
      notes: null,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    const spoofed = await callerFor(db, actors.traveller, now).availability.create({
      ...window,
      userId: 'user-traveller2',
    } as typeof window);
    expect(spoofed.userId).toBe('user-traveller');
  });

  it('cuts a full ISO timestamp to its calendar date', async () => {
    const db = await createSeededDatabase(NOW);
    const created = await callerFor(db, actors.traveller, now).availability.create({
      startDate: '2026-05-01T00:00:00.000Z',
      endDate: '2026-05-03T00:00:00.000Z',
    });
    expect([created.startDate, created.endDate]).toEqual(['2026-05-01', '2026-05-03']);
  });

  it('lists only the caller’s windows, earliest first', async () => {
    const db = await createSeededDatabase(NOW);
    const mine = await callerFor(db, actors.traveller, now).availability.list();
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.every((w) => w.userId === 'user-traveller')).toBe(true);
    expect(mine.map((w) => w.startDate)).toEqual([...mine.map((w) => w.startDate)].sort());
    const theirs = await callerFor(db, actors.traveller2, now).availability.list();
    expect(theirs.map((w) => w.id)).toEqual(['avail-traveller2-autumn']);
  });

  it.each([
    [{ ...window, endDate: '2026-04-30' }, 'endDate'],
    [{ ...window, flexibilityDays: 0 }, 'flexibilityDays'],
    [{ ...window, flexibilityDays: 15 }, 'flexibilityDays'],
    [{ ...window, priority: 6 }, 'priority'],
    [{ ...window, priority: 0 }, 'priority'],
    [{ ...window, preferredDuration: 8 }, 'preferredDuration'],
    [{ ...window, startDate: '2026-02-30' }, 'startDate'],
    [{ ...window, status: 'archived' }, 'status'],
  ])('rejects %o naming %s, storing nothing', async (input, field) => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const before = (await caller.availability.list()).length;
    const error = await errorOf(caller.availability.create(input as never));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual([field]);
    expect((await caller.availability.list()).length).toBe(before);
  });

  it('refuses a window that has already ended, naming endDate and storing nothing; one ending today is fine anywhere on Earth', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const before = (await caller.availability.list()).length;
    const error = await errorOf(caller.availability.create({ startDate: '2026-03-01', endDate: '2026-03-08' }));
    expect([error.code, invalidFields(error), error.message]).toEqual([
      'BAD_REQUEST',
      ['endDate'],
      'endDate: This window has already ended: choose dates from today on',
    ]);
    expect((await caller.availability.list()).length).toBe(before);
    // Already begun but not over yet.
    expect((await caller.availability.create({ startDate: '2026-03-01', endDate: '2026-03-10' })).endDate).toBe(
      '2026-03-10',
    );
    // 02:00 UTC on the 11th is still the 10th west of UTC: a window ending on the 10th may be added.
    const lateInHonolulu = callerFor(db, actors.traveller, () => new Date('2026-03-11T02:00:00Z'));
    expect((await lateInHonolulu.availability.create({ startDate: '2026-03-10', endDate: '2026-03-10' })).endDate).toBe(
      '2026-03-10',
    );
    const nextDay = callerFor(db, actors.traveller, () => new Date('2026-03-11T13:00:00Z'));
    expect(
      invalidFields(await errorOf(nextDay.availability.create({ startDate: '2026-03-10', endDate: '2026-03-10' }))),
    ).toEqual(['endDate']);
  });

  it('accepts a one-day window and every documented duration', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    for (const preferredDuration of [3, 5, 7, 10, 14, 21, 30] as const) {
      const w = await caller.availability.create({ startDate: '2026-06-01', endDate: '2026-06-01', preferredDuration });
      expect(w.preferredDuration).toBe(preferredDuration);
    }
  });

  it('deletes the caller’s own window; someone else’s or a missing one is NOT_FOUND and stays', async () => {
    const db = await createSeededDatabase(NOW);
    const other = await errorOf(callerFor(db, actors.traveller2, now).availability.delete({ id: 'avail-summer' }));
    expect(other.code).toBe('NOT_FOUND');
    expect(other.message).toBe('Availability not found');
    expect(await db.select().from(availability).where(eq(availability.id, 'avail-summer'))).toHaveLength(1);
    const missing = await errorOf(callerFor(db, actors.traveller, now).availability.delete({ id: 'avail-nope' }));
    expect(missing.code).toBe('NOT_FOUND');
    expect(await callerFor(db, actors.traveller, now).availability.delete({ id: 'avail-summer' })).toEqual({
      id: 'avail-summer',
      deleted: true,
    });
    expect(await db.select().from(availability).where(eq(availability.id, 'avail-summer'))).toHaveLength(0);
  });

  it('needs a session', async () => {
    const db = await createSeededDatabase(NOW);
    expect((await errorOf(callerFor(db, null, now).availability.list())).code).toBe('UNAUTHORIZED');
  });
});

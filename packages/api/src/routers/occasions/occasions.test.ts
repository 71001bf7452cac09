import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';
import { nextOccurrence, occurrenceInYear } from './occasion-dates';

const NOW = new Date('2026-03-10T09:00:00Z');
const now = () => NOW;

describe('recurring occasions projected into a year', () => {
  const birthday = { date: '1990-07-14', isRecurring: true };
  const once = { date: '2026-07-14', isRecurring: false };
  const leapDay = { date: '2024-02-29', isRecurring: true };

  it('puts a recurring occasion on the same month and day of every year from its first', () => {
    expect(occurrenceInYear(birthday, 2026)).toBe('2026-07-14');
    expect(occurrenceInYear(birthday, 2031)).toBe('2031-07-14');
    expect(occurrenceInYear(birthday, 1990)).toBe('1990-07-14');
    expect(occurrenceInYear(birthday, 1989)).toBeNull();
  });

  it('shows a one-off occasion only in its own year', () => {
    expect(occurrenceInYear(once, 2026)).toBe('2026-07-14');
    expect(occurrenceInYear(once, 2027)).toBeNull();
  });

  it('moves 29 February to the 28th in other years', () => {
    expect(occurrenceInYear(leapDay, 2025)).toBe('2025-02-28');
    expect(occurrenceInYear(leapDay, 2028)).toBe('2028-02-29');
  });

  it('finds the next day it falls on, today included', () => {
    expect(nextOccurrence(birthday, '2026-07-14')).toBe('2026-07-14');
    expect(nextOccurrence(birthday, '2026-07-15')).toBe('2027-07-14');
    expect(nextOccurrence(once, '2026-07-15')).toBeNull();
    expect(nextOccurrence({ date: '2030-01-01', isRecurring: true }, '2026-03-10')).toBe('2030-01-01');
  });
});

describe('occasions', () => {
  const anniversary = { title: 'Anniversary', date: '2015-06-20' };

  it('creates an occasion with the documented defaults: birthday, importance 3, no participants, not celebrated', async () => {
    const db = await createSeededDatabase(NOW);
    const created = await callerFor(db, actors.traveller, now).occasions.create({
      ...anniversary,
      userId: 1,
      celebrated: true,
    } as typeof anniversary);
    expect(created).toEqual({
      id: expect.any(String),
      userId: 'user-traveller',
      title: 'Anniversary',
      description: null,
      date: '2015-06-20',
      occasionType: 'birthday',
      isRecurring: false,
      participants: [],
      importance: 3,
      celebrated: false,
      nextDate: null,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
  });

  it('trims participants, drops blank ones, and gives a recurring occasion its next date', async () => {
    const db = await createSeededDatabase(NOW);
    const created = await callerFor(db, actors.traveller, now).occasions.create({
      ...anniversary,
      occasionType: 'anniversary',
      isRecurring: true,
      participants: ['  Alex ', '', ' Jordan'],
      importance: 5,
    });
    expect(created).toMatchObject({ participants: ['Alex', 'Jordan'], nextDate: '2026-06-20', importance: 5 });
  });

  it.each([
    [{ ...anniversary, title: '   ' }, 'title'],
    [{ ...anniversary, date: '' }, 'date'],
    [{ ...anniversary, occasionType: 'party' }, 'occasionType'],
    [{ ...anniversary, importance: 6 }, 'importance'],
    [{ ...anniversary, importance: 0 }, 'importance'],
    [{ ...anniversary, participants: Array.from({ length: 51 }, (_, i) => `Guest ${i}`) }, 'participants'],
    [{ ...anniversary, participants: ['x'.repeat(101)] }, 'participants.0'],
  ])('rejects %o naming %s, storing nothing', async (input, field) => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const before = (await caller.occasions.list()).length;
    const error = await errorOf(caller.occasions.create(input as never));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual([field]);
    expect((await caller.occasions.list()).length).toBe(before);
  });

  it('lists only the caller’s occasions; delete is NOT_FOUND for another’s or a missing id', async () => {
    const db = await createSeededDatabase(NOW);
    const mine = await callerFor(db, actors.traveller, now).occasions.list();
    expect(mine.map((o) => o.id).sort()).toEqual(['occasion-anniversary', 'occasion-birthday', 'occasion-graduation']);
    expect(mine.find((o) => o.id === 'occasion-anniversary')?.nextDate).toBe('2026-05-19');
    const theirs = callerFor(db, actors.traveller2, now);
    expect((await errorOf(theirs.occasions.delete({ id: 'occasion-birthday' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(theirs.occasions.delete({ id: 'occasion-missing' }))).code).toBe('NOT_FOUND');
    expect(await callerFor(db, actors.traveller, now).occasions.delete({ id: 'occasion-birthday' })).toEqual({
      id: 'occasion-birthday',
      deleted: true,
    });
    expect((await callerFor(db, actors.traveller, now).occasions.list()).map((o) => o.id)).not.toContain(
      'occasion-birthday',
    );
  });
});

import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysIso, todayIn } from '@naav/schemas/dates';
import {
  availability,
  events,
  foodPreferences,
  inspirations,
  interestCategories,
  interests,
  occasions,
  proposalFeedback,
  proposalItems,
  proposals,
  travelDocuments,
  packingItems,
  packingTemplates,
  packingTemplateItems,
  todos,
  travels,
  trips,
  user,
  wishlistItems,
} from '../schema/index';
import { createTestDatabase } from '../testing';
import { demoUsers, isDatabaseEmpty, seedDemo } from './index';

const hashPassword = async (p: string) => `test:${p}`;

async function counts(db: Awaited<ReturnType<typeof createTestDatabase>>) {
  const tables = {
    ...{
      user,
      trips,
      events,
      travels,
      inspirations,
      availability,
      occasions,
      proposals,
      proposalItems,
      proposalFeedback,
    },
    ...{ interestCategories, interests, wishlistItems, foodPreferences, travelDocuments },
    ...{ packingItems, packingTemplates, packingTemplateItems, todos },
  };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    result[name] = row?.n ?? 0;
  }
  return result;
}

describe('demo seed', () => {
  it('loads into an empty database and is idempotent', async () => {
    const db = await createTestDatabase();
    expect(await isDatabaseEmpty(db)).toBe(true);
    await seedDemo(db, { hashPassword });
    expect(await isDatabaseEmpty(db)).toBe(false);
    const first = await counts(db);
    await seedDemo(db, { hashPassword });
    expect(await counts(db)).toEqual(first);
  });

  it('moves the dates to the day it runs, so the traveller always has a trip under way', async () => {
    const db = await createTestDatabase();
    await seedDemo(db, { hashPassword, now: new Date('2026-01-10T12:00:00Z') });
    await seedDemo(db, { hashPassword, now: new Date('2027-06-01T12:00:00Z') });
    const [lisbon] = await db.select().from(trips).where(eq(trips.id, 'trip-lisbon'));
    const today = '2027-06-01';
    expect(lisbon && lisbon.startDate <= today && today <= lisbon.endDate).toBe(true);
    const todays = await db
      .select()
      .from(events)
      .where(eq(events.date, todayIn('Europe/Lisbon', new Date('2027-06-01T12:00:00Z'))));
    expect(todays.length).toBeGreaterThanOrEqual(4);
    expect(new Set(todays.map((e) => e.type)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(todays.map((e) => e.status)).size).toBeGreaterThanOrEqual(2);
  });

  it('gives the traveller a journal over three years, upcoming trips and ideas in every category', async () => {
    const db = await createTestDatabase();
    const now = new Date('2026-11-22T09:00:00Z');
    await seedDemo(db, { hashPassword, now });
    const journal = await db.select().from(travels).where(eq(travels.ownerId, demoUsers.traveller.id));
    expect(journal.length).toBeGreaterThanOrEqual(6);
    expect(new Set(journal.map((t) => t.startDate.slice(0, 4))).size).toBeGreaterThanOrEqual(3);
    expect(journal.every((t) => t.highlights.length > 0)).toBe(true);
    const upcoming = (await db.select().from(trips).where(eq(trips.ownerId, demoUsers.traveller.id))).filter(
      (t) => t.startDate > addDaysIso('2026-11-22', 0),
    );
    expect(upcoming).toHaveLength(2);
    const ideas = await db.select().from(inspirations);
    expect(ideas.length).toBeGreaterThanOrEqual(8);
    expect(new Set(ideas.map((i) => i.category))).toEqual(new Set(['beach', 'cultural', 'adventure', 'wellness']));
    const own = await db.select().from(trips).where(eq(trips.ownerId, demoUsers.traveller2.id));
    expect(own.map((t) => t.id)).toEqual(['trip-barcelona']);
  });
});

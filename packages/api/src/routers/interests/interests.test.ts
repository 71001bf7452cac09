import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase, snapshotChanges, snapshotDatabase } from '../../testing';
import { getFoodPreferences, listInterestProfile } from './interests.service';

const NOW = new Date('2026-03-10T09:00:00Z');
const now = () => NOW;

describe('interest categories', () => {
  it('lists the seven categories with colours, icon names and six suggestions each', async () => {
    const db = await createSeededDatabase(NOW);
    const categories = await callerFor(db, actors.traveller, now).interests.categories();
    expect(categories.map((c) => [c.name, c.iconName])).toEqual([
      ['Cuisine', 'utensils'],
      ['Activities', 'hiking'],
      ['Culture', 'landmark'],
      ['Accommodation', 'bed'],
      ['Shopping', 'shopping-bag'],
      ['Nature', 'tree'],
      ['Sport', 'volleyball-ball'],
    ]);
    for (const c of categories) {
      expect(c.suggestions).toHaveLength(6);
      expect(new Set(c.suggestions).size).toBe(6);
      expect(c.color).toMatch(/^#[0-9A-F]{6}$/i);
    }
  });
});

describe('interests', () => {
  it('adds an interest with priority 3 by default, and lists it in the profile with its category', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller2, now);
    const created = await caller.interests.create({ categoryId: 6, name: '  Waterfalls ', description: '' });
    expect(created).toEqual({
      id: expect.any(String),
      categoryId: 6,
      categoryName: 'Nature',
      name: 'Waterfalls',
      description: null,
      priority: 3,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    const profile = await caller.interests.profile();
    expect(profile.interests.map((i) => i.name)).toEqual(['Museums', 'Waterfalls']);
    expect(profile.wishlist).toEqual([]);
  });

  it.each([
    [{ categoryId: 0, name: 'Hiking' }, 'categoryId', 'Please select a category'],
    [{ categoryId: 99, name: 'Hiking' }, 'categoryId', 'Please select a category'],
    [{ categoryId: 2, name: ' H ' }, 'name', 'Name must be at least 2 characters'],
    [{ categoryId: 2, name: 'Hiking', priority: 6 }, 'priority', undefined],
  ])('refuses %o naming %s, storing nothing', async (input, field, message) => {
    const db = await createSeededDatabase(NOW);
    const before = await snapshotDatabase(db);
    const error = await errorOf(callerFor(db, actors.traveller, now).interests.create(input));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual([field]);
    if (message) expect(error.message).toContain(message);
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });

  it('edits only the given fields and deletes; another traveller gets NOT_FOUND for both', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const updated = await owner.interests.update({
      id: 'interest-street-food',
      priority: 2,
      description: 'Markets at night',
    });
    expect(updated).toMatchObject({
      name: 'Street food',
      categoryName: 'Cuisine',
      priority: 2,
      description: 'Markets at night',
    });
    const moved = await owner.interests.update({ id: 'interest-street-food', categoryId: '3' as unknown as number });
    expect(moved).toMatchObject({ categoryId: 3, categoryName: 'Culture', priority: 2 });

    const other = callerFor(db, actors.traveller2, now);
    expect((await errorOf(other.interests.update({ id: 'interest-street-food', priority: 5 }))).code).toBe('NOT_FOUND');
    expect((await errorOf(other.interests.delete({ id: 'interest-street-food' }))).code).toBe('NOT_FOUND');

    expect(await owner.interests.delete({ id: 'interest-street-food' })).toEqual({
      id: 'interest-street-food',
      deleted: true,
    });
    expect((await owner.interests.profile()).interests.map((i) => i.id)).not.toContain('interest-street-food');
    expect((await errorOf(owner.interests.delete({ id: 'interest-street-food' }))).code).toBe('NOT_FOUND');
  });

  it('gives other domains the profile as category, name and priority', async () => {
    const db = await createSeededDatabase(NOW);
    expect(await listInterestProfile(db, actors.traveller.id)).toEqual([
      { category: 'Cuisine', name: 'Street food', priority: 4 },
      { category: 'Activities', name: 'Cycling', priority: 5 },
    ]);
    expect(await listInterestProfile(db, actors.agent.id)).toEqual([]);
  });
});

describe('wishlist', () => {
  it('adds an experience with trimmed tags, newest first, and removes it', async () => {
    const db = await createSeededDatabase(NOW);
    // Later than the wall-clock time the seeded item was written at.
    const later = new Date('2099-01-01T00:00:00Z');
    const caller = callerFor(db, actors.traveller, () => later);
    const item = await caller.wishlist.create({
      title: 'Safari',
      location: 'Kenya',
      tags: [' wildlife ', '', 'family '],
    });
    expect(item).toEqual({
      id: expect.any(String),
      title: 'Safari',
      description: null,
      location: 'Kenya',
      itemType: 'experience',
      tags: ['wildlife', 'family'],
      latitude: null,
      longitude: null,
      createdAt: later.toISOString(),
    });
    expect((await caller.interests.profile()).wishlist.map((w) => w.title)).toEqual([
      'Safari',
      'See the Northern Lights',
    ]);
    expect((await errorOf(callerFor(db, actors.traveller2, now).wishlist.delete({ id: item.id }))).code).toBe(
      'NOT_FOUND',
    );
    await caller.wishlist.delete({ id: item.id });
    expect((await caller.interests.profile()).wishlist.map((w) => w.title)).toEqual(['See the Northern Lights']);
  });

  it('requires a title', async () => {
    const db = await createSeededDatabase(NOW);
    const error = await errorOf(callerFor(db, actors.traveller, now).wishlist.create({ title: '  ' }));
    expect(invalidFields(error)).toEqual(['title']);
  });
});

describe('food preferences', () => {
  it('are empty until saved, then replaced as a whole; agents read a client’s', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller2, now);
    expect(await caller.interests.foodPreferences()).toEqual({
      diets: [],
      allergies: null,
      notes: null,
      updatedAt: null,
    });
    const saved = await caller.interests.saveFoodPreferences({
      diets: ['gluten_free', 'vegan', 'vegan'],
      allergies: ' shellfish ',
    });
    expect(saved).toEqual({
      diets: ['vegan', 'gluten_free'],
      allergies: 'shellfish',
      notes: null,
      updatedAt: NOW.toISOString(),
    });
    await caller.interests.saveFoodPreferences({ diets: ['halal'] });
    expect(await getFoodPreferences(db, actors.traveller2.id)).toMatchObject({ diets: ['halal'], allergies: null });

    const agent = callerFor(db, actors.agent, now);
    expect(await agent.interests.clientFoodPreferences({ id: actors.traveller2.id })).toMatchObject({
      diets: ['halal'],
    });
    expect(await agent.interests.clientFoodPreferences({ id: actors.traveller.id })).toMatchObject({
      diets: ['vegetarian'],
      allergies: 'Peanuts',
    });
    expect((await errorOf(agent.interests.clientFoodPreferences({ id: actors.agent.id }))).code).toBe('NOT_FOUND');
    expect((await errorOf(caller.interests.clientFoodPreferences({ id: actors.traveller.id }))).code).toBe('FORBIDDEN');
  });

  it('refuses an unknown diet naming the field', async () => {
    const db = await createSeededDatabase(NOW);
    const error = await errorOf(
      callerFor(db, actors.traveller, now).interests.saveFoodPreferences({ diets: ['paleo' as 'vegan'] }),
    );
    expect(invalidFields(error)).toEqual(['diets.0']);
  });
});

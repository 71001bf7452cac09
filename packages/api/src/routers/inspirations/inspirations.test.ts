import { inspirations } from '@naav/db/schema';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { actors, callerFor, createSeededDatabase } from '../../testing';

describe('inspirations.list', () => {
  it('returns the catalogue in its curated order', async () => {
    const db = await createSeededDatabase();
    const list = await callerFor(db, actors.traveller).inspirations.list();
    expect(list.map((i) => i.id)).toEqual([
      'insp-maldives',
      'insp-kyoto',
      'insp-patagonia',
      'insp-bali',
      'insp-amalfi',
      'insp-peru',
      'insp-morocco',
      'insp-swiss-spa',
      'insp-seychelles',
    ]);
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
    // Unrated ideas and ideas without a picture are kept, with nulls.
    expect(list.find((i) => i.id === 'insp-bali')?.rating).toBeNull();
    expect(list.find((i) => i.id === 'insp-peru')?.imageUrl).toBeNull();
  });

  it('puts a newly added idea where its sort order says, not at the end', async () => {
    const db = await createSeededDatabase();
    await db.insert(inspirations).values({
      id: 'insp-new',
      title: 'Norwegian Fjords',
      destination: 'Bergen, Norway',
      description: 'Ferries between waterfalls.',
      category: 'adventure',
      type: 'family',
      duration: 6,
      price: 5100,
      sortOrder: 0,
    });
    const list = await callerFor(db, actors.traveller).inspirations.list();
    expect(list[0]?.id).toBe('insp-new');
    expect(list).toHaveLength(10);
  });

  it('is the same catalogue for every signed-in user, and UNAUTHORIZED when signed out', async () => {
    const db = await createSeededDatabase();
    const forClient = await callerFor(db, actors.traveller).inspirations.list();
    expect(await callerFor(db, actors.agent).inspirations.list()).toEqual(forClient);
    await expect(callerFor(db, null).inspirations.list()).rejects.toSatisfy(
      (e: unknown) => e instanceof TRPCError && e.code === 'UNAUTHORIZED',
    );
  });
});

describe('inspiration favourites', () => {
  it('are kept per user: marked in the list, still there on the next read, removable, and nobody else sees them', async () => {
    const db = await createSeededDatabase();
    const alex = callerFor(db, actors.traveller);
    expect(await alex.inspirations.favourite({ id: 'insp-kyoto' })).toEqual({
      inspirationId: 'insp-kyoto',
      isFavourite: true,
    });
    // Twice is the same as once.
    await alex.inspirations.favourite({ id: 'insp-kyoto' });
    await alex.inspirations.favourite({ id: 'insp-bali' });
    const favourites = async (caller: ReturnType<typeof callerFor>) =>
      (await caller.inspirations.list()).filter((i) => i.isFavourite).map((i) => i.id);
    // A new caller is a new request (a reload): the hearts come from the database.
    expect(await favourites(callerFor(db, actors.traveller))).toEqual(['insp-kyoto', 'insp-bali']);
    expect(await favourites(callerFor(db, actors.traveller2))).toEqual([]);

    expect(await alex.inspirations.unfavourite({ id: 'insp-kyoto' })).toEqual({
      inspirationId: 'insp-kyoto',
      isFavourite: false,
    });
    await alex.inspirations.unfavourite({ id: 'insp-kyoto' });
    expect(await favourites(callerFor(db, actors.traveller))).toEqual(['insp-bali']);
  });

  it('is NOT_FOUND for an idea that does not exist', async () => {
    const db = await createSeededDatabase();
    await expect(callerFor(db, actors.traveller).inspirations.favourite({ id: 'insp-atlantis' })).rejects.toSatisfy(
      (e: unknown) => e instanceof TRPCError && e.code === 'NOT_FOUND',
    );
  });
});

describe('inspirations.recommended', () => {
  it("ranks the whole catalogue against the traveller's journal, best first, with a reason", async () => {
    const db = await createSeededDatabase();
    const ranked = await callerFor(db, actors.traveller).inspirations.recommended();
    expect(ranked).toHaveLength(9);
    // Zermatt and Ubud are places the demo traveller has been; Amalfi is in Italy, like Rome.
    expect(ranked.slice(0, 3).map((r) => r.inspirationId)).toEqual(['insp-swiss-spa', 'insp-bali', 'insp-amalfi']);
    expect(ranked[2]?.reason).toBe('Because you loved Roman Holiday, nearby in Rome, Italy.');
    expect(ranked.find((r) => r.inspirationId === 'insp-swiss-spa')?.reason).toBe(
      'Because you loved Swiss Alps by Rail in Zermatt, Switzerland.',
    );
    for (const r of ranked) expect(r.reason).toMatch(/^Because you loved |^A favourite of our travellers/);
    // The same history gives the same answer.
    expect(await callerFor(db, actors.traveller).inspirations.recommended()).toEqual(ranked);
  });

  it('keeps the curated order for someone with no journal', async () => {
    const db = await createSeededDatabase();
    const ranked = await callerFor(db, actors.agent).inspirations.recommended();
    expect(ranked.map((r) => r.inspirationId)).toEqual(
      (await callerFor(db, actors.agent).inspirations.list()).map((i) => i.id),
    );
    expect(new Set(ranked.map((r) => r.score))).toEqual(new Set([0]));
  });
});

describe('inspirations.recommended with an interest profile', () => {
  it('lifts the ideas that match an interest the traveller stored on the Interests screen', async () => {
    const db = await createSeededDatabase();
    const caller = callerFor(db, actors.traveller);
    const before = await caller.inspirations.recommended();
    const maldivesBefore = before.findIndex((r) => r.inspirationId === 'insp-maldives');

    await caller.interests.create({ categoryId: 2, name: 'Snorkelling', priority: 5 });
    const after = await caller.inspirations.recommended();
    const maldives = after.find((r) => r.inspirationId === 'insp-maldives');
    expect(maldives?.score).toBe((before[maldivesBefore]?.score ?? 0) + 5);
    expect(after.findIndex((r) => r.inspirationId === 'insp-maldives')).toBeLessThan(maldivesBefore);

    // Someone else's profile does not move the first traveller's ranking.
    await callerFor(db, actors.traveller2).interests.create({ categoryId: 3, name: 'Temples', priority: 5 });
    expect(await caller.inspirations.recommended()).toEqual(after);
  });

  it('gives an interest as the reason when it is the only signal', async () => {
    const db = await createSeededDatabase();
    await callerFor(db, actors.agent).interests.create({ categoryId: 2, name: 'Snorkelling', priority: 4 });
    const ranked = await callerFor(db, actors.agent).inspirations.recommended();
    expect(ranked[0]).toEqual({
      inspirationId: 'insp-maldives',
      score: 4,
      reason: 'Because you love Snorkelling, one of your interests.',
    });
  });
});

describe('inspirations.nextTrip', () => {
  const NOW = new Date('2026-03-10T09:00:00Z');
  it('leans towards the next trip: same country first, then what suits the season there', async () => {
    const db = await createSeededDatabase(NOW);
    // The agent has no trips of their own: give them one to Tokyo in July, 12 days on.
    const agent = callerFor(db, actors.agent, () => NOW);
    await agent.trips.create({
      title: 'Tokyo summer',
      destination: 'Japan',
      location: 'Tokyo, Japan',
      startDate: '2026-07-01',
      endDate: '2026-07-05',
      baseCurrency: 'JPY',
    });
    const { trip, ideas } = await agent.inspirations.nextTrip();
    expect(trip).toMatchObject({ title: 'Tokyo summer', startDate: '2026-07-01' });
    expect(ideas[0]).toMatchObject({ id: 'insp-kyoto', reason: 'Near Tokyo, for Tokyo summer.' });
    // Tokyo's July is warm: the beach ideas come next, before the cold-weather spa.
    expect(ideas[1]?.category).toBe('beach');
    expect(ideas.findIndex((i) => i.id === 'insp-swiss-spa')).toBeGreaterThan(
      ideas.findIndex((i) => i.category === 'beach'),
    );
    expect(ideas).toHaveLength(9);
  });

  it('is the curated order, tied to no trip, for someone with no trip ahead', async () => {
    const db = await createSeededDatabase(NOW);
    const stranger = callerFor(db, actors.agent, () => NOW);
    const { trip, ideas } = await stranger.inspirations.nextTrip();
    expect(trip).toBeNull();
    expect(ideas.map((i) => i.id).slice(0, 2)).toEqual(['insp-maldives', 'insp-kyoto']);
    expect(ideas.every((i) => i.reason === null)).toBe(true);
  });
});

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

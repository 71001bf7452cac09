import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;

describe('companions.update', () => {
  it('changes the fields sent and keeps the others, as the trip’s list then shows', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const changed = await owner.companions.update({
      id: 'companion-lily',
      relationship: ' Daughter (12) ',
      imageUrl: '/images/lisbon.svg',
    });
    expect(changed).toEqual({
      id: 'companion-lily',
      name: 'Lily Morgan',
      relationship: 'Daughter (12)',
      imageUrl: '/images/lisbon.svg',
    });
    const renamed = await owner.companions.update({ id: 'companion-lily', name: 'Lily M.', imageUrl: '' });
    expect(renamed).toEqual({ id: 'companion-lily', name: 'Lily M.', relationship: 'Daughter (12)', imageUrl: null });
    expect((await owner.trips.companions({ id: 'trip-lisbon' })).find((c) => c.id === 'companion-lily')).toEqual(
      renamed,
    );
  });

  it('refuses a blank name or an outside picture, naming the field, and stores nothing', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const blank = await errorOf(owner.companions.update({ id: 'companion-noah', name: '   ' }));
    expect(blank.code).toBe('BAD_REQUEST');
    expect(invalidFields(blank)).toEqual(['name']);
    const outside = await errorOf(
      owner.companions.update({ id: 'companion-noah', imageUrl: 'https://example.com/me.jpg' }),
    );
    expect(invalidFields(outside)).toEqual(['imageUrl']);
    expect((await owner.trips.companions({ id: 'trip-lisbon' })).find((c) => c.id === 'companion-noah')).toMatchObject({
      name: 'Noah Morgan',
      imageUrl: null,
    });
  });

  it("is NOT_FOUND for someone else's companion or a missing one, and leaves it as it was", async () => {
    const db = await createSeededDatabase(NOW);
    const stranger = callerFor(db, actors.traveller2, now);
    expect((await errorOf(stranger.companions.update({ id: 'companion-jamie', name: 'Mallory' }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await errorOf(stranger.companions.update({ id: 'no-such-companion', name: 'Mallory' }))).code).toBe(
      'NOT_FOUND',
    );
    const owner = callerFor(db, actors.traveller, now);
    expect((await owner.trips.companions({ id: 'trip-lisbon' })).map((c) => c.name)).toContain('Jamie Morgan');
    expect((await errorOf(callerFor(db, null, now).companions.update({ id: 'companion-jamie', name: 'X' }))).code).toBe(
      'UNAUTHORIZED',
    );
  });
});

import { travels } from '@naav/db/schema';
import { describe, expect, it } from 'vitest';
import { findPlace } from '../../lib/places';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;

describe('the travel journal', () => {
  it('takes in a trip once it has ended, once only', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    expect((await caller.journal.history()).some((t) => t.tripId === 'trip-lisbon')).toBe(false);
    // The Lisbon trip ends on the 19th: on the 20th (in Lisbon) it is in the journal.
    const later = callerFor(db, actors.traveller, () => new Date('2025-06-20T08:00:00Z'));
    const journal = await later.journal.history();
    const lisbon = journal.filter((t) => t.tripId === 'trip-lisbon');
    expect(lisbon).toHaveLength(1);
    expect(lisbon[0]).toMatchObject({
      title: 'Lisbon & the Algarve',
      startDate: '2025-06-13',
      highlights: [],
      latitude: 38.7227,
    });
    expect((await later.journal.history()).filter((t) => t.tripId === 'trip-lisbon')).toHaveLength(1);
    // Santorini was already in the journal through its own entry.
    expect(journal.filter((t) => t.tripId === 'trip-santorini')).toHaveLength(1);
  });

  it('adds a travel that was never planned here, with a map pin from the city list', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const travel = await caller.journal.create({
      title: 'Weekend in Prague',
      location: 'Prague, Czechia',
      startDate: '2019-04-12',
      endDate: '2019-04-14',
      highlights: [' Charles Bridge at dawn '],
      tags: ['Romantic'],
    });
    expect(travel).toMatchObject({
      highlights: ['Charles Bridge at dawn'],
      tags: ['Romantic'],
      latitude: 50.0833,
      longitude: 14.466,
    });
    expect(await caller.journal.byId({ id: travel.id })).toEqual(travel);
    const unknown = await caller.journal.create({
      title: 'Somewhere',
      location: 'A village nobody knows',
      startDate: '2019-01-01',
      endDate: '2019-01-02',
    });
    expect(unknown.latitude).toBeNull();
    expect((await errorOf(callerFor(db, actors.traveller2, now).journal.byId({ id: travel.id }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('pins entries in cities only the city table knows, and on islands only the overlay knows', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const add = (location: string) =>
      caller.journal.create({ title: location, location, startDate: '2019-06-01', endDate: '2019-06-03' });
    expect(await add('Riga, Latvia')).toMatchObject({ latitude: 56.95, longitude: 24.1 });
    expect(await add('Old Town, Tbilisi, Georgia')).toMatchObject({ latitude: 41.725, longitude: 44.7908 });
    expect(await add('Bologna, Italy')).toMatchObject({ latitude: 44.5004, longitude: 11.34 });
    expect(await add('Oia, Santorini, Greece')).toMatchObject({ latitude: 36.4618, longitude: 25.3753 });
  });

  it("puts the demo journal's pins where the place lookup puts its locations", async () => {
    const db = await createSeededDatabase(NOW);
    const seeded = await db
      .select({ location: travels.location, latitude: travels.latitude, longitude: travels.longitude })
      .from(travels);
    expect(seeded.length).toBeGreaterThan(5);
    for (const travel of seeded) {
      const place = findPlace(travel.location);
      expect({ latitude: travel.latitude, longitude: travel.longitude }, travel.location).toEqual({
        latitude: place?.latitude,
        longitude: place?.longitude,
      });
    }
  });

  it('names the field for a reversed range or an unknown tag', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const base = { title: 'Backwards', location: 'Rome', startDate: '2019-05-10', endDate: '2019-05-12' };
    expect(invalidFields(await errorOf(caller.journal.create({ ...base, endDate: '2019-05-01' })))).toEqual([
      'endDate',
    ]);
    expect(invalidFields(await errorOf(caller.journal.create({ ...base, tags: ['Business' as 'Solo'] })))).toEqual([
      'tags.0',
    ]);
    expect((await caller.journal.history()).some((t) => t.title === 'Backwards')).toBe(false);
  });
});

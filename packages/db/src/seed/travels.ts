import { addDaysIso, todayIn } from '@naav/schemas/dates';
import { travels } from '../schema/index';
import type { Database } from '../client';
import { upsertRows } from './upsert';
import { demoUsers } from './users';

type TravelRow = Omit<typeof travels.$inferInsert, 'ownerId'>;

/**
 * Seven journal entries spread over the last four years, newest first by start date. Their
 * pins are where the API's place lookup puts each location (a test in the API checks it).
 */
export async function seedTravels(db: Database, now: Date): Promise<void> {
  const today = todayIn('UTC', now);
  const span = (startOffset: number, days: number) => ({
    startDate: addDaysIso(today, startOffset),
    endDate: addDaysIso(today, startOffset + days - 1),
  });
  const rows: TravelRow[] = [
    {
      id: 'travel-santorini',
      latitude: 36.4618,
      longitude: 25.3753,
      tripId: 'trip-santorini',
      title: 'Santorini Sunset Escape',
      location: 'Oia, Santorini, Greece',
      ...span(-200, 8),
      imageUrl: '/images/santorini.svg',
      description: 'A week of caldera views, volcanic beaches and long dinners in Oia.',
      highlights: ['Sunset from the Oia castle', 'Catamaran to the hot springs', 'Wine tasting at Santo Wines'],
      tags: ['Romantic'],
    },
    {
      id: 'travel-marrakech',
      latitude: 31.6295,
      longitude: -7.9811,
      title: 'Marrakech Medina Discovery',
      location: 'Marrakech, Morocco',
      ...span(-320, 6),
      imageUrl: '/images/marrakech.svg',
      description: 'Souks, riads and a night under the stars in the Agafay desert.',
      highlights: ['Jardin Majorelle at opening time', 'Cooking class in a riad', 'Camel ride at dusk'],
      tags: ['Family', 'Adventure'],
    },
    {
      id: 'travel-iceland',
      latitude: 64.15,
      longitude: -21.95,
      title: 'Iceland Ring Road',
      location: 'Reykjavík, Iceland',
      ...span(-520, 10),
      imageUrl: '/images/iceland.svg',
      description: 'Ten days around the island: waterfalls, glaciers and black-sand beaches.',
      highlights: ['Glacier hike on Sólheimajökull', 'Northern lights near Höfn', 'Soak in the Mývatn baths'],
      tags: ['Adventure'],
    },
    {
      id: 'travel-newyork',
      latitude: 40.75,
      longitude: -73.98,
      title: 'New York City Lights',
      location: 'New York, USA',
      ...span(-700, 5),
      imageUrl: null,
      description: 'Broadway, museums and bagels with the whole family.',
      highlights: ['The Lion King on Broadway', 'Cycling in Central Park', 'Top of the Rock at night'],
      tags: ['Family'],
    },
    {
      id: 'travel-bali',
      latitude: -8.5069,
      longitude: 115.2625,
      title: 'Bali Wellness Retreat',
      location: 'Ubud, Bali, Indonesia',
      ...span(-900, 9),
      imageUrl: '/images/bali.svg',
      description: 'Yoga at sunrise, rice terraces and a silent day of rest.',
      highlights: ['Sunrise trek up Mount Batur', 'Tegallalang rice terraces', 'Balinese massage'],
      tags: ['Solo'],
    },
    {
      id: 'travel-swiss',
      latitude: 46.0207,
      longitude: 7.7491,
      title: 'Swiss Alps by Rail',
      location: 'Zermatt, Switzerland',
      ...span(-1130, 7),
      imageUrl: '/images/swiss-alps.svg',
      description: 'The Glacier Express from St. Moritz to Zermatt and hikes under the Matterhorn.',
      highlights: ['Glacier Express panorama car', 'Gornergrat at sunrise', 'Fondue in Zermatt'],
      tags: ['Romantic', 'Adventure'],
    },
    {
      id: 'travel-rome',
      latitude: 41.896,
      longitude: 12.4833,
      title: 'Roman Holiday',
      location: 'Rome, Italy',
      ...span(-1400, 6),
      imageUrl: '/images/rome.svg',
      description: 'Ancient ruins by day, trattorias in Trastevere by night.',
      highlights: ['Underground tour of the Colosseum', 'Vatican Museums before hours', 'Gelato crawl'],
      tags: ['Family'],
    },
  ];
  await upsertRows(
    db,
    travels,
    rows.map((r) => ({ tripId: null, ...r, ownerId: demoUsers.traveller.id })),
  );
  await upsertRows(db, travels, [
    {
      id: 'travel-traveller2-porto',
      latitude: 41.15,
      longitude: -8.62,
      ownerId: demoUsers.traveller2.id,
      tripId: null,
      title: 'Porto and the Douro',
      location: 'Porto, Portugal',
      ...span(-260, 4),
      imageUrl: null,
      description: 'Port lodges and a river cruise.',
      highlights: ['Douro valley cruise'],
      tags: ['Solo'],
    },
  ]);
}

import { addDaysIso } from '@naav/schemas/dates';
import { proposalFeedback, proposalItems, proposals } from '../schema/index';
import type { Database } from '../client';
import { upsertRows } from './upsert';
import { demoUsers } from './users';

/**
 * Fixed ids, dates relative to today: a submitted proposal awaiting the demo traveller, a draft
 * the agent is still building for them, and one the second traveller is reviewing after a
 * round of revisions.
 */
export async function seedProposals(db: Database, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const day = (offset: number) => addDaysIso(today, offset);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  const agentId = demoUsers.agent.id;

  await upsertRows(db, proposals, [
    {
      id: 'proposal-kyoto-spring',
      userId: demoUsers.traveller.id,
      agentId,
      title: 'Kyoto in Spring',
      description: 'Temples, gardens and a ryokan stay during the school holidays.',
      destination: 'Kyoto, Japan',
      startDate: day(45),
      endDate: day(51),
      expiryDate: day(14),
      budget: 6800,
      imageUrl: '/images/kyoto.svg',
      highlights: ['Private tea ceremony', 'Arashiyama bamboo grove at dawn'],
      inclusions: ['6 nights in a ryokan', 'Daily breakfast', 'Airport transfers'],
      exclusions: ['International flights', 'Travel insurance'],
      availabilityId: 'avail-spring-break',
      occasionId: null,
      tripRequestId: null,
      status: 'submitted',
      version: 1,
      submittedAt: at(2),
      viewedAt: null,
      decidedAt: null,
      tripId: null,
      createdAt: at(5),
      updatedAt: at(2),
    },
    {
      id: 'proposal-amalfi-anniversary',
      userId: demoUsers.traveller.id,
      agentId,
      title: 'Anniversary on the Amalfi Coast',
      description: 'A long weekend of sea views and long dinners.',
      destination: 'Amalfi, Italy',
      startDate: day(80),
      endDate: day(83),
      expiryDate: day(30),
      budget: 4200,
      imageUrl: '/images/amalfi.svg',
      highlights: ['Boat day to Capri'],
      inclusions: ['3 nights in Positano'],
      exclusions: ['Flights'],
      availabilityId: 'avail-long-weekend',
      occasionId: 'occasion-anniversary',
      tripRequestId: null,
      status: 'draft',
      version: 0,
      submittedAt: null,
      viewedAt: null,
      decidedAt: null,
      tripId: null,
      createdAt: at(1),
      updatedAt: at(1),
    },
    {
      id: 'proposal-iceland-autumn',
      userId: demoUsers.traveller2.id,
      agentId,
      title: 'Northern Lights in Iceland',
      description: 'Hot springs, glaciers and a good chance of aurora.',
      destination: 'Reykjavik, Iceland',
      startDate: day(60),
      endDate: day(64),
      expiryDate: day(20),
      budget: 5200,
      imageUrl: '/images/iceland.svg',
      highlights: ['Glacier hike', 'Blue Lagoon'],
      inclusions: ['4 nights in Reykjavik', 'Northern lights tour'],
      exclusions: ['Flights', 'Dinners'],
      availabilityId: null,
      occasionId: null,
      tripRequestId: null,
      status: 'reviewing',
      version: 2,
      submittedAt: at(1),
      viewedAt: at(0.5),
      decidedAt: null,
      tripId: null,
      createdAt: at(10),
      updatedAt: at(1),
    },
  ]);

  const item = (
    id: string,
    proposalId: string,
    dayNumber: number,
    title: string,
    type: 'activity' | 'meal' | 'transportation' | 'accommodation',
    startTime: string,
    endTime: string,
    cost: number,
    included = true,
    location: string | null = null,
  ) => ({ id, proposalId, day: dayNumber, title, type, startTime, endTime, cost, included, location, description: null, notes: null, createdAt: at(5) });

  await upsertRows(db, proposalItems, [
    item('item-kyoto-arrival', 'proposal-kyoto-spring', 1, 'Airport transfer to the ryokan', 'transportation', '14:00', '16:00', 180, true, 'Kansai Airport'),
    item('item-kyoto-ryokan', 'proposal-kyoto-spring', 1, 'Check in at Hoshinoya', 'accommodation', '16:30', '17:30', 2400, true, 'Arashiyama'),
    item('item-kyoto-temples', 'proposal-kyoto-spring', 2, 'Guided temple walk', 'activity', '09:00', '12:00', 220, true, 'Higashiyama'),
    item('item-kyoto-kaiseki', 'proposal-kyoto-spring', 2, 'Kaiseki dinner', 'meal', '19:00', '21:00', 340, false, 'Gion'),
    item('item-kyoto-tea', 'proposal-kyoto-spring', 3, 'Private tea ceremony', 'activity', '10:00', '11:30', 150, true, 'Uji'),
    item('item-amalfi-boat', 'proposal-amalfi-anniversary', 2, 'Boat day to Capri', 'activity', '09:30', '17:00', 900, true, 'Positano harbour'),
    item('item-iceland-lagoon', 'proposal-iceland-autumn', 1, 'Blue Lagoon', 'activity', '15:00', '18:00', 120, true, 'Grindavík'),
    item('item-iceland-glacier', 'proposal-iceland-autumn', 3, 'Glacier hike', 'activity', '08:00', '16:00', 260, true, 'Sólheimajökull'),
  ]);

  await upsertRows(db, proposalFeedback, [
    {
      id: 'feedback-iceland-hotel',
      proposalId: 'proposal-iceland-autumn',
      userId: demoUsers.traveller2.id,
      comment: 'Could we stay somewhere quieter than the city centre?',
      rating: 4,
      itemReference: null,
      version: 1,
      requestedRevisions: true,
      status: 'addressed',
      addressedAt: at(1),
      createdAt: at(3),
    },
    {
      id: 'feedback-iceland-glacier',
      proposalId: 'proposal-iceland-autumn',
      userId: demoUsers.traveller2.id,
      comment: 'Is the glacier hike fine for a beginner?',
      rating: 5,
      itemReference: 'Glacier hike',
      version: 2,
      requestedRevisions: false,
      status: 'pending',
      addressedAt: null,
      createdAt: at(0.4),
    },
  ]);
}

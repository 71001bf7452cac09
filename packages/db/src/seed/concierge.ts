import { addDaysIso, todayIn } from '@naav/schemas/dates';
import { conciergeMessages, conciergeRequests } from '../schema/index';
import type { Database } from '../client';
import { upsertRows } from './upsert';
import { demoUsers } from './users';

const minutes = 60_000;

/** A short conversation with the concierge and three requests, one in each status. */
export async function seedConcierge(db: Database, now: Date): Promise<void> {
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * minutes);
  const traveller = demoUsers.traveller.id;
  const agent = demoUsers.agent.id;
  await upsertRows(db, conciergeMessages, [
    {
      id: 'chat-welcome',
      userId: traveller,
      sender: 'concierge',
      agentId: agent,
      message: 'Welcome to Lisbon! I am your concierge for this trip. How can I help?',
      readAt: null,
      createdAt: at(26 * 60),
    },
    {
      id: 'chat-dinner',
      userId: traveller,
      sender: 'user',
      agentId: null,
      message: 'Could you find us a table for fado and dinner tomorrow night?',
      readAt: at(25 * 60),
      createdAt: at(25 * 60 + 5),
    },
    {
      id: 'chat-dinner-reply',
      userId: traveller,
      sender: 'concierge',
      agentId: agent,
      message: 'Of course. I have booked Clube de Fado for 8:30 PM; the confirmation is in your requests.',
      readAt: null,
      createdAt: at(24 * 60),
    },
  ]);
  const today = todayIn('UTC', now);
  await upsertRows(db, conciergeRequests, [
    {
      id: 'request-fado',
      ownerId: traveller,
      title: 'Dinner and fado for two',
      type: 'reservation',
      status: 'completed',
      date: addDaysIso(today, 1),
      notes: 'A table near the stage if possible.',
      assigneeId: agent,
      agentNotes: 'Booked at Clube de Fado, 8:30 PM.',
      createdAt: at(25 * 60),
      updatedAt: at(24 * 60),
    },
    {
      id: 'request-transfer',
      ownerId: traveller,
      title: 'Airport transfer home',
      type: 'transportation',
      status: 'in_progress',
      date: addDaysIso(today, 3),
      notes: 'Four people and five suitcases.',
      assigneeId: agent,
      agentNotes: 'Checking a van with the hotel.',
      createdAt: at(10 * 60),
      updatedAt: at(9 * 60),
    },
    {
      id: 'request-sintra',
      ownerId: traveller,
      title: 'Private tour of Sintra',
      type: 'activity',
      status: 'pending',
      date: addDaysIso(today, 2),
      notes: null,
      assigneeId: null,
      agentNotes: null,
      createdAt: at(2 * 60),
      updatedAt: at(2 * 60),
    },
  ]);
}

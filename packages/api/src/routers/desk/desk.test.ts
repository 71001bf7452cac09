import { describe, expect, it } from 'vitest';
import { errorOf } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;

describe("the agent's desk", () => {
  it('lists new trip requests, revisions requested and unread chats as clients add them, and forgets them once handled', async () => {
    const db = await createSeededDatabase(NOW);
    const agent = callerFor(db, actors.agent, now);
    const traveller = callerFor(db, actors.traveller, now);
    const before = await agent.desk.summary();

    const request = await traveller.tripRequests.create({
      destination: 'Tokyo, Japan',
      startDate: '2025-08-01',
      endDate: '2025-08-08',
    });
    await traveller.proposals.requestRevisions({ id: 'proposal-kyoto-spring', comment: 'More gardens' });
    await traveller.concierge.send({ message: 'Can you book a table for two?' });
    await traveller.concierge.send({ message: 'Near the hotel, please.' });

    const after = await agent.desk.summary();
    expect(after.newTripRequests.count).toBe(before.newTripRequests.count + 1);
    expect(after.newTripRequests.items[0]).toMatchObject({
      id: request.id,
      client: { id: 'user-traveller', name: 'Alex Morgan' },
      destination: 'Tokyo, Japan',
      startDate: '2025-08-01',
    });
    expect(after.revisionsRequested.count).toBe(before.revisionsRequested.count + 1);
    expect(after.revisionsRequested.items.map((p) => p.id)).toContain('proposal-kyoto-spring');
    expect(after.revisionsRequested.items.find((p) => p.id === 'proposal-kyoto-spring')).toMatchObject({
      title: 'Kyoto in Spring',
      client: { name: 'Alex Morgan' },
      version: 1,
    });
    const alex = after.unreadChats.items.find((c) => c.traveller.id === 'user-traveller');
    expect(alex?.unreadCount).toBeGreaterThanOrEqual(2);
    expect(after.unreadChats.messages).toBe(after.unreadChats.items.reduce((n, c) => n + c.unreadCount, 0));

    // Opening the conversation reads it; a new version answers the revisions.
    await agent.concierge.markRead({ userId: 'user-traveller' });
    await agent.proposals.submit({ id: 'proposal-kyoto-spring' });
    const handled = await agent.desk.summary();
    expect(handled.unreadChats.items.find((c) => c.traveller.id === 'user-traveller')).toBeUndefined();
    expect(handled.revisionsRequested.items.map((p) => p.id)).not.toContain('proposal-kyoto-spring');
  });

  it('is for agents only', async () => {
    const db = await createSeededDatabase(NOW);
    expect((await errorOf(callerFor(db, actors.traveller, now).desk.summary())).code).toBe('FORBIDDEN');
  });
});

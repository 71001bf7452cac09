import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const at = (minutes: number) => () => new Date(NOW.getTime() + minutes * 60_000);

describe('concierge chat', () => {
  it('a traveller’s message reaches the agents’ inbox, the answer reaches the traveller', async () => {
    const db = await createSeededDatabase(NOW);
    const sam = callerFor(db, actors.traveller2, at(1));
    const agent = callerFor(db, actors.agent, at(2));
    expect(await sam.concierge.chat()).toEqual([]);

    const sent = await sam.concierge.send({ message: '  Can you book a table at Tickets for Friday?  ' });
    expect(sent).toEqual({
      id: expect.any(String),
      userId: actors.traveller2.id,
      message: 'Can you book a table at Tickets for Friday?',
      sender: 'user',
      timestamp: at(1)().toISOString(),
    });

    // Newest activity first: Sam just wrote, so Sam's conversation leads, with one unread.
    const inbox = await agent.concierge.inbox();
    expect(inbox[0]).toEqual({
      traveller: { id: actors.traveller2.id, name: actors.traveller2.name, email: actors.traveller2.email },
      lastMessage: 'Can you book a table at Tickets for Friday?',
      lastSender: 'user',
      lastMessageAt: at(1)().toISOString(),
      unreadCount: 1,
    });
    expect(inbox.map((c) => c.traveller.id)).toContain(actors.traveller.id);

    const thread = await agent.concierge.thread({ userId: actors.traveller2.id });
    expect(thread.messages).toEqual([sent]);
    const reply = await agent.concierge.reply({ userId: actors.traveller2.id, message: 'Booked for 9 PM.' });
    expect(reply).toMatchObject({ userId: actors.traveller2.id, sender: 'concierge', message: 'Booked for 9 PM.' });

    // Replying read the conversation; the traveller's next read (the chat polls) has the answer.
    expect((await agent.concierge.inbox())[0]).toMatchObject({
      unreadCount: 0,
      lastSender: 'concierge',
      lastMessage: 'Booked for 9 PM.',
    });
    expect((await sam.concierge.chat()).map((m) => [m.sender, m.message])).toEqual([
      ['user', 'Can you book a table at Tickets for Friday?'],
      ['concierge', 'Booked for 9 PM.'],
    ]);
    // …and nobody else's conversation shows it.
    expect((await callerFor(db, actors.traveller).concierge.chat()).some((m) => m.message === 'Booked for 9 PM.')).toBe(
      false,
    );
  });

  it('counts unread messages until an agent opens the conversation', async () => {
    const db = await createSeededDatabase(NOW);
    const alex = callerFor(db, actors.traveller, at(1));
    await alex.concierge.send({ message: 'Is the spa open late?' });
    await alex.concierge.send({ message: 'And the pool?' });
    const agent = callerFor(db, actors.agent, at(3));
    const mine = async () => (await agent.concierge.inbox()).find((c) => c.traveller.id === actors.traveller.id);
    expect(await mine()).toMatchObject({ unreadCount: 2, lastMessage: 'And the pool?' });
    expect(await agent.concierge.markRead({ userId: actors.traveller.id })).toEqual({
      userId: actors.traveller.id,
      unreadCount: 0,
    });
    expect(await mine()).toMatchObject({ unreadCount: 0 });
  });

  it('refuses an empty or whitespace-only message, naming the field, and stores nothing', async () => {
    const db = await createSeededDatabase(NOW);
    const sam = callerFor(db, actors.traveller2, at(1));
    const error = await errorOf(sam.concierge.send({ message: '   ' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual(['message']);
    expect(await sam.concierge.chat()).toEqual([]);
  });

  it('answers NOT_FOUND for a conversation with someone who is not a traveller', async () => {
    const db = await createSeededDatabase(NOW);
    const agent = callerFor(db, actors.agent);
    for (const userId of ['user-nobody', actors.agent.id]) {
      expect((await errorOf(agent.concierge.thread({ userId }))).code).toBe('NOT_FOUND');
      expect((await errorOf(agent.concierge.reply({ userId, message: 'Hello' }))).code).toBe('NOT_FOUND');
    }
  });

  it('keeps the agent side FORBIDDEN to travellers: nobody reads another traveller’s conversation', async () => {
    const db = await createSeededDatabase(NOW);
    const sam = callerFor(db, actors.traveller2);
    expect((await errorOf(sam.concierge.inbox())).code).toBe('FORBIDDEN');
    expect((await errorOf(sam.concierge.thread({ userId: actors.traveller.id }))).code).toBe('FORBIDDEN');
    expect((await errorOf(sam.concierge.reply({ userId: actors.traveller.id, message: 'hi' }))).code).toBe('FORBIDDEN');
    expect((await errorOf(sam.concierge.allRequests({}))).code).toBe('FORBIDDEN');
    expect((await errorOf(sam.concierge.setRequestStatus({ id: 'request-sintra', status: 'in_progress' }))).code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('concierge service requests', () => {
  it('files a request with no required fields, named after its type, listed newest first', async () => {
    const db = await createSeededDatabase(NOW);
    const sam = callerFor(db, actors.traveller2, at(1));
    const first = await sam.concierge.createRequest({});
    expect(first).toEqual({
      id: expect.any(String),
      title: 'General request',
      type: 'general',
      status: 'pending',
      date: null,
      notes: null,
      assignee: null,
      assigneeId: null,
      agentNotes: null,
      createdAt: at(1)().toISOString(),
      updatedAt: at(1)().toISOString(),
    });
    const second = await callerFor(db, actors.traveller2, at(2)).concierge.createRequest({
      title: 'Gala dinner invitation',
      type: 'special_request',
      date: '2025-07-01',
      notes: 'For two',
    });
    expect(second).toMatchObject({
      title: 'Gala dinner invitation',
      type: 'special_request',
      date: '2025-07-01',
      notes: 'For two',
    });
    expect((await sam.concierge.requests()).map((r) => r.id)).toEqual([second.id, first.id]);
    // The other traveller's list is their own.
    expect((await callerFor(db, actors.traveller).concierge.requests()).map((r) => r.id)).not.toContain(first.id);
  });

  it('names the field of a bad type or date and stores nothing', async () => {
    const db = await createSeededDatabase(NOW);
    const sam = callerFor(db, actors.traveller2);
    const error = await errorOf(sam.concierge.createRequest({ type: 'spa' as 'general', date: '15/06/2025' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error).sort()).toEqual(['date', 'type']);
    expect(await sam.concierge.requests()).toEqual([]);
  });

  it('agents assign it, move it pending → in_progress → completed and add notes the traveller sees', async () => {
    const db = await createSeededDatabase(NOW);
    const sam = callerFor(db, actors.traveller2, at(1));
    const request = await sam.concierge.createRequest({ title: 'Flamenco tickets', type: 'activity' });
    const agent = callerFor(db, actors.agent, at(5));

    expect((await agent.concierge.allRequests({ status: 'pending' })).map((r) => r.id)).toContain(request.id);
    expect(await agent.concierge.agents()).toEqual([{ id: actors.agent.id, name: actors.agent.name }]);
    const assigned = await agent.concierge.assignRequest({ id: request.id, assigneeId: actors.agent.id });
    expect(assigned).toMatchObject({
      assignee: actors.agent.name,
      traveller: { id: actors.traveller2.id, name: actors.traveller2.name },
    });
    expect(await agent.concierge.setRequestStatus({ id: request.id, status: 'in_progress' })).toMatchObject({
      status: 'in_progress',
    });
    expect((await agent.concierge.allRequests({ status: 'pending' })).map((r) => r.id)).not.toContain(request.id);
    await agent.concierge.setRequestNotes({ id: request.id, notes: 'Two seats, front row, Friday 9 PM.' });
    expect(await agent.concierge.setRequestStatus({ id: request.id, status: 'completed' })).toMatchObject({
      status: 'completed',
    });

    const [seen] = await sam.concierge.requests();
    expect(seen).toMatchObject({
      id: request.id,
      status: 'completed',
      assignee: actors.agent.name,
      agentNotes: 'Two seats, front row, Friday 9 PM.',
      updatedAt: at(5)().toISOString(),
    });
  });

  it('refuses any other transition with a CONFLICT naming the current and the requested status', async () => {
    const db = await createSeededDatabase(NOW);
    const agent = callerFor(db, actors.agent);
    const skip = await errorOf(agent.concierge.setRequestStatus({ id: 'request-sintra', status: 'completed' }));
    expect(skip.code).toBe('CONFLICT');
    expect(skip.message).toMatch(/from pending to completed/);
    const again = await errorOf(agent.concierge.setRequestStatus({ id: 'request-sintra', status: 'pending' }));
    expect(again.message).toMatch(/from pending to pending/);
    const back = await errorOf(agent.concierge.setRequestStatus({ id: 'request-fado', status: 'in_progress' }));
    expect(back.code).toBe('CONFLICT');
    expect(back.message).toMatch(/from completed to in progress/);
    expect((await agent.concierge.allRequests({})).find((r) => r.id === 'request-sintra')?.status).toBe('pending');
  });

  it('assigns only to agents and answers NOT_FOUND for a missing request', async () => {
    const db = await createSeededDatabase(NOW);
    const agent = callerFor(db, actors.agent);
    const error = await errorOf(
      agent.concierge.assignRequest({ id: 'request-sintra', assigneeId: actors.traveller.id }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual(['assigneeId']);
    expect(
      (await errorOf(agent.concierge.setRequestStatus({ id: 'request-nothing', status: 'in_progress' }))).code,
    ).toBe('NOT_FOUND');
  });
});

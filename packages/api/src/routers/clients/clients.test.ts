import { availability, user } from '@naav/db/schema';
import { describe, expect, it } from 'vitest';
import { errorOf } from '../../test-support/expect-error';
import { actors, addAdmin, callerFor, createSeededDatabase } from '../../testing';

describe('clients.list (agents only)', () => {
  it('is FORBIDDEN for a client', async () => {
    const db = await createSeededDatabase();
    const error = await errorOf(callerFor(db, actors.traveller).clients.list());
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toBe('Only travel agents can do this');
  });

  it('is UNAUTHORIZED when signed out', async () => {
    const db = await createSeededDatabase();
    expect((await errorOf(callerFor(db, null).clients.list())).code).toBe('UNAUTHORIZED');
  });

  it('lists every client, by name, and no agents, for an agent', async () => {
    const db = await createSeededDatabase();
    const now = new Date();
    await db.insert(user).values([
      {
        id: 'user-new-client',
        name: 'Billie Adams',
        email: 'billie@example.test',
        role: 'client',
        createdAt: now,
        updatedAt: now,
      },
      {
        id: 'user-second-agent',
        name: 'Aaron Agent',
        email: 'aaron@example.test',
        role: 'agent',
        createdAt: now,
        updatedAt: now,
      },
    ]);
    const list = await callerFor(db, actors.agent).clients.list();
    expect(list).toEqual([
      { id: 'user-traveller', name: 'Alex Morgan', email: 'traveller@naav.example', agent: null },
      { id: 'user-new-client', name: 'Billie Adams', email: 'billie@example.test', agent: null },
      { id: 'user-traveller2', name: 'Sam Rivera', email: 'traveller2@naav.example', agent: null },
    ]);
  });
});

describe("clients' availability and occasions (agents only)", () => {
  const NOW = new Date('2026-03-10T09:00:00Z');
  const now = () => NOW;

  it('is FORBIDDEN for a client', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    expect((await errorOf(caller.clients.availability({}))).code).toBe('FORBIDDEN');
    expect((await errorOf(caller.clients.occasions({}))).code).toBe('FORBIDDEN');
    expect((await errorOf(caller.clients.overview())).code).toBe('FORBIDDEN');
  });

  it("lists every client's windows and occasions with the client's id and name, or one client's", async () => {
    const db = await createSeededDatabase(NOW);
    const agent = callerFor(db, actors.agent, now);
    const windows = await agent.clients.availability({});
    expect(new Set(windows.map((w) => w.clientName))).toEqual(new Set(['Alex Morgan', 'Sam Rivera']));
    expect(windows.find((w) => w.id === 'avail-traveller2-autumn')).toMatchObject({
      clientId: 'user-traveller2',
      clientName: 'Sam Rivera',
      userId: 'user-traveller2',
    });
    const samOnly = await agent.clients.availability({ clientId: 'user-traveller2' });
    expect(samOnly.map((w) => w.id)).toEqual(['avail-traveller2-autumn']);
    const occasions = await agent.clients.occasions({ clientId: 'user-traveller' });
    expect(occasions.map((o) => o.clientName)).toEqual(['Alex Morgan', 'Alex Morgan', 'Alex Morgan']);
    await expect(agent.clients.occasions({ clientId: 'user-nobody' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("leaves out an agent's own rows", async () => {
    const db = await createSeededDatabase(NOW);
    await callerFor(db, actors.agent, now).availability.create({ startDate: '2026-04-01', endDate: '2026-04-02' });
    const windows = await callerFor(db, actors.agent, now).clients.availability({});
    expect(windows.some((w) => w.clientId === actors.agent.id)).toBe(false);
  });

  it('gives each client the upcoming windows, the next occasion and open trip requests', async () => {
    const db = await createSeededDatabase(NOW);
    // A window that has ended since it was added.
    await db
      .insert(availability)
      .values({ id: 'avail-january', userId: 'user-traveller', startDate: '2026-01-01', endDate: '2026-01-05' });
    await callerFor(db, actors.traveller2, now).tripRequests.create({
      destination: 'Oslo',
      startDate: '2026-08-01',
      endDate: '2026-08-09',
    });
    const overview = await callerFor(db, actors.agent, now).clients.overview();
    const alex = overview.find((c) => c.id === 'user-traveller');
    const sam = overview.find((c) => c.id === 'user-traveller2');
    expect(alex?.upcomingAvailability.map((w) => w.id)).toEqual([
      'avail-next-week',
      'avail-spring-break',
      'avail-long-weekend',
      'avail-summer',
    ]);
    expect(alex?.nextOccasion).toMatchObject({ id: 'occasion-anniversary', nextDate: '2026-05-19' });
    expect(sam?.openTripRequests.map((r) => r.destination)).toEqual(['Oslo']);
    expect(sam?.nextOccasion?.id).toBe('occasion-traveller2-birthday');
  });
});

describe('assigning a client to an agent', () => {
  const NOW = new Date('2026-03-10T09:00:00Z');
  const now = () => NOW;
  it('assigns, unassigns, refuses a non-agent, and an agent answering an unassigned traveller takes them on', async () => {
    const db = await createSeededDatabase(NOW);
    const admin = await addAdmin(db);
    const agent = callerFor(db, actors.agent, now);
    expect(await agent.clients.assignAgent({ id: 'user-traveller', agentId: actors.agent.id })).toMatchObject({
      id: 'user-traveller',
      agent: { id: actors.agent.id, name: actors.agent.name },
    });
    expect(await callerFor(db, admin, now).clients.assignAgent({ id: 'user-traveller', agentId: null })).toMatchObject({
      agent: null,
    });
    await expect(agent.clients.assignAgent({ id: 'user-traveller', agentId: 'user-traveller2' })).rejects.toMatchObject(
      {
        code: 'BAD_REQUEST',
        message: expect.stringContaining('agentId'),
      },
    );
    await expect(agent.clients.assignAgent({ id: actors.agent.id, agentId: null })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    await agent.concierge.reply({ userId: 'user-traveller2', message: 'Happy to help' });
    const sam = (await agent.clients.list()).find((c) => c.id === 'user-traveller2');
    expect(sam?.agent).toEqual({ id: actors.agent.id, name: actors.agent.name });
    // An admin answering takes nobody on.
    await callerFor(db, admin, now).concierge.reply({ userId: 'user-traveller', message: 'Hello' });
    expect((await agent.clients.list()).find((c) => c.id === 'user-traveller')?.agent).toBeNull();
  });
});

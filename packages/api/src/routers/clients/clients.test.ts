import { user } from '@naav/db/schema';
import { describe, expect, it } from 'vitest';
import { errorOf } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';


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
      { id: 'user-new-client', name: 'Billie Adams', email: 'billie@example.test', role: 'client', createdAt: now, updatedAt: now },
      { id: 'user-second-agent', name: 'Aaron Agent', email: 'aaron@example.test', role: 'agent', createdAt: now, updatedAt: now },
    ]);
    const list = await callerFor(db, actors.agent).clients.list();
    expect(list).toEqual([
      { id: 'user-traveller', name: 'Alex Morgan', email: 'traveller@naav.example' },
      { id: 'user-new-client', name: 'Billie Adams', email: 'billie@example.test' },
      { id: 'user-traveller2', name: 'Sam Rivera', email: 'traveller2@naav.example' },
    ]);
  });
});

import { account, passkey } from '@naav/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorOf } from './test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from './testing';
import { agentTwoFactorMessage } from './trpc';

// AGENT_2FA=required: an agent whose sign-in has no second factor can do nothing but find out
// who they are (me.get) until they turn it on; `prompt` (the default) only asks.
describe('AGENT_2FA', () => {
  const required = { agentTwoFactor: 'required' as const };

  it('required: an agent without two-factor sign-in is FORBIDDEN, with the reason, on agent procedures and on the shared ones that show client data', async () => {
    const db = await createSeededDatabase();
    const agent = callerFor(db, actors.agent, undefined, required);
    for (const call of [
      () => agent.clients.list(),
      () => agent.proposals.list({ filter: 'all' }),
      () => agent.trips.list(),
    ]) {
      const error = await errorOf(call());
      expect(error.code).toBe('FORBIDDEN');
      expect(error.message).toBe(agentTwoFactorMessage);
    }
    // The app can still tell who is signed in and why nothing else works.
    expect(await agent.me.get()).toMatchObject({ role: 'agent', twoFactorEnabled: false, twoFactorRequired: true });
  });

  it('required: with two-factor sign-in on, the agent works as before; travellers are never affected', async () => {
    const db = await createSeededDatabase();
    const agent = callerFor(db, { ...actors.agent, twoFactorEnabled: true }, undefined, required);
    expect((await agent.clients.list()).length).toBeGreaterThan(0);
    expect(await agent.me.get()).toMatchObject({ twoFactorEnabled: true, twoFactorRequired: false });
    const traveller = callerFor(db, actors.traveller, undefined, required);
    expect((await traveller.trips.list()).length).toBeGreaterThan(0);
    expect(await traveller.me.get()).toMatchObject({ twoFactorRequired: false });
  });

  it('required: an agent without a password (single sign-on only) counts a registered passkey as the second factor', async () => {
    const db = await createSeededDatabase();
    // As after a first sign-in through the agency's provider: the account has no password.
    await db.delete(account).where(and(eq(account.userId, actors.agent.id), eq(account.providerId, 'credential')));
    const agent = callerFor(db, actors.agent, undefined, required);
    expect(await agent.me.get()).toMatchObject({ hasPassword: false, twoFactorRequired: true });
    expect((await errorOf(agent.clients.list())).message).toBe(agentTwoFactorMessage);

    await db.insert(passkey).values({
      id: 'passkey-agent-phone',
      name: 'Phone',
      publicKey: 'pk',
      userId: actors.agent.id,
      credentialID: 'cred-agent-phone',
      counter: 0,
      deviceType: 'multiDevice',
      backedUp: true,
      createdAt: new Date(),
    });
    expect(await agent.me.get()).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: false });
    expect((await agent.clients.list()).length).toBeGreaterThan(0);
  });

  it('required: an agent with a password still needs two-factor sign-in on, a passkey alone does not count', async () => {
    const db = await createSeededDatabase();
    await db.insert(passkey).values({
      id: 'passkey-agent-laptop',
      publicKey: 'pk',
      userId: actors.agent.id,
      credentialID: 'cred-agent-laptop',
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
    });
    const agent = callerFor(db, actors.agent, undefined, required);
    expect(await agent.me.get()).toMatchObject({ hasPassword: true, twoFactorRequired: true });
    expect((await errorOf(agent.clients.list())).code).toBe('FORBIDDEN');
  });

  it('prompt (the default): an agent without two-factor sign-in is only asked', async () => {
    const db = await createSeededDatabase();
    const agent = callerFor(db, actors.agent);
    expect((await agent.clients.list()).length).toBeGreaterThan(0);
    expect(await agent.me.get()).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: false });
  });
});

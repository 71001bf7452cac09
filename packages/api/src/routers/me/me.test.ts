import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { actors, callerFor, createSeededDatabase } from '../../testing';
import { initialsOf } from './me.service';

describe('initialsOf', () => {
  it.each([
    ['Alex Morgan', 'AM'],
    ['alex morgan', 'AM'],
    ['Cher', 'C'],
    ['  Alex   Morgan  ', 'AM'],
    ['Mary Ann de la Cruz', 'MC'],
    ['Élodie Ünal', 'ÉÜ'],
  ])('%j → %s', (name, expected) => {
    expect(initialsOf(name, 'someone@example.test')).toBe(expected);
  });

  it("falls back to the e-mail's first letter when the name is blank", () => {
    expect(initialsOf('', 'zoe@example.test')).toBe('Z');
    expect(initialsOf('   ', 'zoe@example.test')).toBe('Z');
  });
});

describe('me.get', () => {
  it('describes the signed-in user with their initials', async () => {
    const db = await createSeededDatabase();
    expect(await callerFor(db, actors.traveller).me.get()).toEqual({
      id: 'user-traveller',
      name: 'Alex Morgan',
      email: 'traveller@naav.example',
      role: 'client',
      initials: 'AM',
      emailVerified: true,
      twoFactorEnabled: false,
      hasPassword: true,
      twoFactorRequired: false,
    });
    expect(await callerFor(db, actors.agent).me.get()).toMatchObject({ role: 'agent', initials: 'JL' });
  });

  it('is UNAUTHORIZED when signed out', async () => {
    const db = await createSeededDatabase();
    await expect(callerFor(db, null).me.get()).rejects.toSatisfy(
      (e: unknown) => e instanceof TRPCError && e.code === 'UNAUTHORIZED',
    );
  });
});

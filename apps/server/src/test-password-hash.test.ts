import { hashPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { testPasswordHasher } from './test-password-hash';

describe("the test servers' cheap password hash", () => {
  it('verifies the password it hashed and no other, with a fresh salt each time', async () => {
    const hash = await testPasswordHasher.hash('correct horse battery');
    expect(hash).not.toContain('correct horse battery');
    expect(await testPasswordHasher.verify({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await testPasswordHasher.verify({ hash, password: 'correct horse batterY' })).toBe(false);
    expect(await testPasswordHasher.hash('correct horse battery')).not.toBe(hash);
  });

  it("never accepts better-auth's own hashes, so it cannot stand in for them by mistake", async () => {
    const production = await hashPassword('naav-demo');
    expect(await testPasswordHasher.verify({ hash: production, password: 'naav-demo' })).toBe(false);
  });
});

import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

/** Marks a hash made here, so that no other hasher can mistake one for its own. */
const prefix = 'test-scrypt$';
// 1/64 of the work of better-auth's own scrypt (N 16384, r 16): the unit tests sign in hundreds of
// times, and at production cost the hashing alone took minutes of CPU on a 2-core machine.
const cost = { N: 1024, r: 8, p: 1 };

/**
 * Tests only (TEST_FAST_PASSWORD_HASH, NODE_ENV=test; the in-process test servers): a real
 * salted scrypt hash, cheap enough for suites that sign in hundreds of times. Production and
 * the browser tests keep better-auth's own, and a hash of this kind never verifies there.
 */
export const testPasswordHasher = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scryptAsync(password.normalize('NFKC'), salt, 32, cost);
    return `${prefix}${salt.toString('hex')}$${key.toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    if (!hash.startsWith(prefix)) return false;
    const [saltHex = '', keyHex = ''] = hash.slice(prefix.length).split('$');
    const expected = Buffer.from(keyHex, 'hex');
    const key = await scryptAsync(password.normalize('NFKC'), Buffer.from(saltHex, 'hex'), expected.length || 32, cost);
    return key.length === expected.length && timingSafeEqual(key, expected);
  },
};

export type PasswordHasher = typeof testPasswordHasher;

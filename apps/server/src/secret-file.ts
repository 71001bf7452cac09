import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const secretFileName = 'auth-secret';

/**
 * The secret that signs sessions when AUTH_SECRET is not set: made from 32 random bytes on
 * the first start and kept in the data folder (mode 0600), so sessions survive restarts and
 * nothing signs with a value anyone else knows. Several app servers need AUTH_SECRET instead
 * (or the same data folder).
 */
export function loadOrCreateSecret(dataDir: string): { secret: string; file: string; created: boolean } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, secretFileName);
  let fd: number;
  try {
    // 'wx' fails when the file exists, so two servers starting at once cannot both write one.
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < 32)
      throw new Error(
        `${file} holds no usable secret (32+ characters): delete it to have a new one made, or set AUTH_SECRET`,
      );
    return { secret, file, created: false };
  }
  const secret = randomBytes(32).toString('hex');
  try {
    fchmodSync(fd, 0o600);
    writeSync(fd, `${secret}\n`);
  } finally {
    closeSync(fd);
  }
  return { secret, file, created: true };
}

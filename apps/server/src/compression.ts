import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { streamedHeader } from './streamed';

/**
 * API answers of 1 KB or more (lists, the web app's batched tRPC calls) go out gzipped when
 * the client accepts gzip; smaller ones gain nothing worth the CPU. gzip rather than Brotli
 * here: on a few KB of JSON Brotli saves ~4 % more bytes but takes ~2× the CPU, on every
 * request. Clients that send no Accept-Encoding (autocannon, most API integrations) skip all
 * of this. (The web app's files are compressed at build time: see routes/static.ts.)
 */
// Not hono/compress: it gzips every answer through a CompressionStream, ~400 µs of CPU a JSON answer here against ~100 µs (README, Compression).
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
  if (
    !res.body ||
    res.headers.has('content-encoding') ||
    !res.headers.get('content-type')?.startsWith('application/json')
  ) {
    return;
  }
  const raw = Buffer.from(await res.arrayBuffer());
  // In line up to 256 KB (~0.1 ms per 6 KB; a round trip through libuv's thread pool cost
  // more than the compression itself here); a small window and memory level make setting
  // up the compressor cheap and lose ~1 % on answers of this size.
  const options = { level: 6, windowBits: 13, memLevel: 6 };
  const body =
    raw.byteLength < 1024 ? raw : raw.byteLength <= 256 * 1024 ? gzipSync(raw, options) : await gzipped(raw, options);
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

const gzipped = promisify(gzip);

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

export const acceptsGzip = (acceptEncoding: string | undefined) =>
  !!acceptEncoding && encodingWeights(acceptEncoding)('gzip') > 0;

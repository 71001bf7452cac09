import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { edgeError } from './edge-error';

/**
 * The most calls one tRPC batch may carry. Measured over the whole browser test suite (every
 * screen of both roles): the screens' own batches hold at most 4 calls; the agent's client
 * list asks once per client and sent 16 at once. The web client splits larger batches at
 * this same number (`maxItems` in apps/web/src/lib/trpc.ts), so a long client list still works.
 */
export const maxBatchCalls = 20;

/** tRPC bodies are JSON inputs of forms: the same 1 MB ceiling as REST. */
export const maxTrpcBodyBytes = 1_000_000;

/**
 * The bounds of /trpc/*, checked before tRPC parses anything: at most `maxBatchCalls` calls
 * in a batch (400; tRPC's own `maxBatchSize` answers without saying the limit), JSON bodies
 * only (415: tRPC would otherwise take multipart forms, which any page can post), and at
 * most 1 MB of body (413).
 */
export function trpcLimits(): MiddlewareHandler[] {
  const batchSize: MiddlewareHandler = async (c, next) => {
    // Without a query string there is no `batch=1` (the web app's single reads): no URL to parse.
    if (!c.req.url.includes('?')) return next();
    const url = new URL(c.req.url);
    if (url.searchParams.get('batch') === '1') {
      let path = url.pathname.slice('/trpc/'.length);
      try {
        path = decodeURIComponent(path);
      } catch {
        // A malformed path: counted as sent; tRPC answers it.
      }
      const paths = path.split(',');
      if (paths.length > maxBatchCalls) {
        return edgeError(
          c,
          400,
          'BAD_REQUEST',
          `A batch may hold at most ${maxBatchCalls} calls; this one holds ${paths.length}`,
        );
      }
    }
    return next();
  };
  const jsonOnly: MiddlewareHandler = async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const type = c.req.header('content-type')?.split(';', 1)[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      return edgeError(c, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the input as application/json');
    }
    return next();
  };
  const limit = bodyLimit({
    maxSize: maxTrpcBodyBytes,
    onError: (c) =>
      edgeError(c, 413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${maxTrpcBodyBytes / 1_000_000} MB`),
  });
  // tRPC reads no body on a query (GET): no need to look for one, which would build the whole
  // Fetch Request the node adapter otherwise makes only on demand.
  const size: MiddlewareHandler = (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next);
  return [batchSize, jsonOnly, size];
}

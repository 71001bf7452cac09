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
export function trpcLimits(): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxTrpcBodyBytes,
    onError: (c) =>
      edgeError(c, 413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${maxTrpcBodyBytes / 1_000_000} MB`),
  });
  // One middleware rather than three: a read passes it on the web app's every call.
  return (c, next) => {
    const tooMany = batchTooLarge(c.req.url);
    if (tooMany !== undefined) {
      return Promise.resolve(
        edgeError(c, 400, 'BAD_REQUEST', `A batch may hold at most ${maxBatchCalls} calls; this one holds ${tooMany}`),
      );
    }
    // tRPC reads no body on a query (GET): no need to look for one, which would build the whole
    // Fetch Request the node adapter otherwise makes only on demand.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const type = c.req.header('content-type')?.split(';', 1)[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      return Promise.resolve(edgeError(c, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the input as application/json'));
    }
    return limit(c, next);
  };
}

/** The number of calls of a batch (`batch=1`) over the limit, or undefined. */
function batchTooLarge(href: string): number | undefined {
  // Without a query string there is no `batch=1` (the web app's single reads): no URL to parse.
  if (!href.includes('?')) return undefined;
  const url = new URL(href);
  if (url.searchParams.get('batch') !== '1') return undefined;
  let path = url.pathname.slice('/trpc/'.length);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed path: counted as sent; tRPC answers it.
  }
  const calls = path.split(',').length;
  return calls > maxBatchCalls ? calls : undefined;
}

import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import type { TRPCResponse } from '@trpc/server/rpc';
import { TRPCError } from '@trpc/server';
import {
  getAcceptHeader,
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
} from '@trpc/server/unstable-core-do-not-import';

/**
 * The web app's reads (GET /trpc/<path>, one call or a batch), answered as tRPC's own fetch
 * handler answers them (resolveResponse, its JSON branch), without what that handler does for
 * every request and these never need: an AbortController and `AbortSignal.any` per request and
 * per call (no procedure watches the client going away; reading the request's signal also makes
 * the Node adapter build one), the request read twice as a URL, the context spread into a copy.
 *
 * Anything else (mutations, subscriptions, streamed batches, HEAD, an unknown path, a path
 * that is not URL-encoded properly) is not answered here: the handler returns undefined and
 * the request goes on to tRPC's own handler, which answers it as before.
 */
export function createTrpcQueryHandler<TRouter extends AnyTRPCRouter>(opts: {
  router: TRouter;
  endpoint: `/${string}`;
  /** `env`: the Node server's bindings (the socket), as the handler was given them. */
  createContext: (req: Request, env: unknown) => Promise<unknown> | unknown;
  onError?: (error: TRPCError, path: string | undefined) => void;
  /** Extra headers for an answer, from the errors it carries (e.g. Retry-After). */
  errorHeaders?: (errors: TRPCError[]) => Record<string, string>;
}): (req: Request, env?: unknown) => Promise<Response> | undefined {
  const config = opts.router._def._config;
  const procedures = opts.router._def.procedures as Record<string, AnyTRPCProcedure | undefined>;
  const endpoint = trimSlashes(opts.endpoint);

  return (req, env) => {
    if (req.method !== 'GET') return undefined;
    const url = new URL(req.url);
    const search = url.searchParams;
    if (search.has('connectionParams') || getAcceptHeader(req.headers) === 'application/jsonl') return undefined;
    // The procedure's path as tRPC's fetch handler reads it.
    let path: string;
    try {
      path = decodeURIComponent(trimSlashes(trimSlashes(url.pathname).slice(endpoint.length)));
    } catch {
      return undefined;
    }
    const isBatch = search.get('batch') === '1';
    const paths = isBatch ? path.split(',') : [path];
    const procs: AnyTRPCProcedure[] = [];
    for (const p of paths) {
      const proc = Object.hasOwn(procedures, p) ? procedures[p] : undefined;
      if (proc?._def.type !== 'query') return undefined;
      procs.push(proc);
    }
    return answer(req, env, search.get('input'), isBatch, paths, procs);
  };

  async function answer(
    req: Request,
    env: unknown,
    rawInput: string | null,
    isBatch: boolean,
    paths: string[],
    procs: AnyTRPCProcedure[],
  ): Promise<Response> {
    const inputs = memoInputs(rawInput, isBatch, paths.length, config.transformer.input.deserialize);
    let ctx: unknown;
    let ctxError: TRPCError | undefined;
    try {
      ctx = await opts.createContext(req, env);
    } catch (cause) {
      ctxError = getTRPCErrorFromUnknown(cause);
    }
    const call = async (proc: AnyTRPCProcedure, index: number): Promise<Outcome> => {
      try {
        if (ctxError) throw ctxError;
        const data: unknown = await proc({
          path: paths[index]!,
          getRawInput: async () => (await inputs.read())[index],
          ctx,
          type: 'query',
          signal: neverAborted,
          batchIndex: index,
        });
        return [undefined, data];
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        opts.onError?.(error, paths[index]!);
        return [error, undefined];
      }
    };
    const errors: TRPCError[] = [];
    const item = ([failure, data]: Outcome, index: number): TRPCResponse => {
      let error = failure;
      // As tRPC answers a promise or a stream outside a streamed batch (reported, without its
      // path, when it is the only call).
      const streamed = !error && isDataStream(data);
      if (streamed) {
        error = new TRPCError({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
        });
        if (!isBatch) opts.onError?.(error, undefined);
      }
      if (!error) return { result: { data } };
      errors.push(error);
      const alone = streamed && !isBatch;
      const shape = getErrorShape({
        config,
        ctx: ctxError ? undefined : ctx,
        error,
        input: alone ? undefined : inputs.result()?.[index],
        path: alone ? undefined : paths[index],
        type: 'query',
      });
      return { error: shape };
    };
    // As tRPC's transformTRPCResponse writes an item (the data or the error shape through the
    // transformer), without its two copies of each.
    const { serialize } = config.transformer.output;
    const wire = (it: TRPCResponse): unknown =>
      'error' in it ? { error: serialize(it.error) } : { result: { data: serialize(it.result.data) } };
    const headers: Record<string, string> = { vary: 'trpc-accept, accept', 'content-type': 'application/json' };
    // One call (the web app's single reads) without the batch's Promise.all and lists.
    if (!isBatch) {
      const only = item(await call(procs[0]!, 0), 0);
      if (errors.length > 0) Object.assign(headers, opts.errorHeaders?.(errors));
      const status = errors.length > 0 ? getHTTPStatusCode(only) : 200;
      return new Response(JSON.stringify(wire(only)), { status, headers });
    }
    const items = (await Promise.all(procs.map(call))).map(item);
    if (errors.length > 0) Object.assign(headers, opts.errorHeaders?.(errors));
    return new Response(JSON.stringify(items.map(wire)), { status: getHTTPStatusCode(items), headers });
  }
}

type Outcome = [TRPCError, undefined] | [undefined, unknown];

const neverAborted = new AbortController().signal;

const trimSlashes = (path: string) => path.replace(/^\/|\/$/g, '');

/** tRPC's check: a promise or an async iterable (or an object holding one) needs a streamed batch. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  const values = Object.values(value);
  return values.some(isPromise) || values.some(isAsyncIterable);
}

/**
 * The calls' inputs, read once when the first procedure asks (as tRPC does): a query string
 * that is not JSON, or a batch input that is not an object, fails every call with BAD_REQUEST.
 */
function memoInputs(raw: string | null, isBatch: boolean, calls: number, deserialize: (input: unknown) => unknown) {
  let promise: Promise<Record<number, unknown>> | undefined;
  let value: Record<number, unknown> | undefined;
  const parse = (): Record<number, unknown> => {
    const inputs: unknown = raw ? JSON.parse(raw) : undefined;
    const acc = Object.create(null) as Record<number, unknown>;
    if (inputs === undefined) return acc;
    if (!isBatch) {
      acc[0] = deserialize(inputs);
      return acc;
    }
    if (!isObject(inputs)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: '"input" needs to be an object when doing a batch call' });
    }
    for (let index = 0; index < calls; index++) {
      const input = (inputs as Record<number, unknown>)[index];
      if (input !== undefined) acc[index] = deserialize(input);
    }
    return acc;
  };
  return {
    read: (): Promise<Record<number, unknown>> => {
      if (value) return Promise.resolve(value);
      promise ??= Promise.resolve()
        .then(parse)
        .then(
          (parsed) => {
            value = parsed;
            return parsed;
          },
          (cause: unknown) => {
            if (cause instanceof TRPCError) throw cause;
            throw new TRPCError({
              code: 'BAD_REQUEST',
              message: cause instanceof Error ? cause.message : 'Invalid input',
              cause,
            });
          },
        );
      return promise;
    },
    result: () => value,
  };
}

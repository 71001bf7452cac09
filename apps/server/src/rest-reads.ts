import type { AnyTRPCProcedure, AnyTRPCRouter, TRPCError } from '@trpc/server';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import {
  createProcedureCache,
  getErrorFromUnknown,
  getInputOutputParsers,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  type OpenApiProcedure,
  type OpenApiRouter,
  TRPC_ERROR_CODE_HTTP_STATUS,
  unwrapZodType,
} from 'trpc-to-openapi';
import { ZodArray } from 'zod';

/** A GET procedure as the lean path calls it: whether it takes input, and which of its fields are lists. */
interface ReadRoute {
  takesInput: boolean;
  listFields: string[];
}

/** What the library's handler would write: status, JSON text (none for `undefined`) and headers. */
export interface ReadAnswer {
  status: number;
  text: string | undefined;
  headers: Headers;
}

/**
 * REST reads (GET /api/…) answered as trpc-to-openapi's node handler answers them (core.mjs,
 * with our patch: no coercion), without what that handler does for every request and a read
 * never needs: a Proxy around the request, the URL parsed twice, a caller (a recursive Proxy)
 * built per request to reach one procedure. The route table is the library's own, so the same
 * path finds the same procedure, path parameters and query string become the same input, and
 * errors get the same shape (the caller turns them into REST errors as before).
 *
 * Anything that is not a GET of a known route is not answered here (undefined): it goes on to
 * the library's handler, which answers it as before.
 */
export function createRestReads(opts: {
  router: OpenApiRouter & AnyTRPCRouter;
  createContext: (req: Request) => Promise<unknown> | unknown;
  onError?: (error: TRPCError, path: string | undefined) => void;
  errorHeaders?: (errors: TRPCError[]) => Record<string, string>;
}): (req: Request, url: URL, path: string) => Promise<ReadAnswer> | undefined {
  const find = createProcedureCache(opts.router);
  const config = opts.router._def._config;
  const routes = new WeakMap<OpenApiProcedure, ReadRoute>();
  const routeOf = (procedure: OpenApiProcedure): ReadRoute => {
    let route = routes.get(procedure);
    if (!route) {
      const schema = unwrapZodType(getInputOutputParsers(procedure).inputParser, true);
      const listFields = instanceofZodTypeObject(schema)
        ? Object.entries(schema.shape)
            .filter(
              ([, shape]) =>
                shape instanceof ZodArray || (instanceofZodTypeOptional(shape) && shape.unwrap() instanceof ZodArray),
            )
            .map(([key]) => key)
        : [];
      route = { takesInput: !instanceofZodTypeLikeVoid(schema), listFields };
      routes.set(procedure, route);
    }
    return route;
  };

  return (req, url, path) => {
    if (req.method !== 'GET') return undefined;
    const found = find('GET', path);
    if (!found?.procedure) return undefined;
    const { procedure, pathInput } = found;
    return answer(req, url, procedure.path, procedure.procedure, pathInput);
  };

  async function answer(req: Request, url: URL, path: string, procedure: OpenApiProcedure, pathInput: object) {
    const { takesInput, listFields } = routeOf(procedure);
    let input: Record<string, unknown> | undefined;
    let ctx: unknown;
    try {
      if (takesInput) {
        input = { ...queryInput(url), ...pathInput };
        for (const key of listFields)
          if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
      }
      ctx = await opts.createContext(req);
      const data: unknown = await (procedure as unknown as AnyTRPCProcedure)({
        path,
        getRawInput: async () => input,
        ctx,
        type: 'query',
        signal: undefined,
        batchIndex: 0,
      });
      const headers = new Headers({ 'content-type': 'application/json' });
      return { status: 200, text: JSON.stringify(data) as string | undefined, headers };
    } catch (cause) {
      const error = getErrorFromUnknown(cause);
      opts.onError?.(error, path);
      const headers = new Headers({ 'content-type': 'application/json' });
      for (const [key, value] of Object.entries(opts.errorHeaders?.([error]) ?? {})) headers.set(key, value);
      const shape = getErrorShape({ config, error, type: 'query', path, input, ctx });
      const isInputValidationError =
        error.code === 'BAD_REQUEST' && error.cause instanceof Error && error.cause.name === 'ZodError';
      const body = {
        ...shape,
        message: isInputValidationError
          ? 'Input validation failed'
          : (shape?.message ?? error.message ?? 'An error occurred'),
        code: error.code,
        issues: isInputValidationError ? (error.cause as unknown as { issues: unknown }).issues : undefined,
      };
      const status = TRPC_ERROR_CODE_HTTP_STATUS[error.code] ?? 500;
      return { status, text: JSON.stringify(body), headers };
    }
  }
}

/** The query string as the library's getQuery gives it: a key's one value alone, several as a list. */
function queryInput(url: URL): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  const lists = Object.create(null) as Record<string, string[]>;
  url.searchParams.forEach((value, key) => {
    const values = lists[key];
    if (values) values.push(value);
    else lists[key] = [value];
  });
  for (const key of Object.keys(lists)) {
    const values = lists[key]!;
    query[key] = values.length === 1 ? values[0] : values;
  }
  return query;
}

import { DomainError, isPlainObject, retryAfterHeaders, ValidationError } from '@naav/api/server';
import { TRPCError } from '@trpc/server';
import type { AnyTRPCRouter } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { createOpenApiNodeHttpHandler, normalizePath, type OpenApiRouter } from 'trpc-to-openapi';
import { createRestReads, type ReadAnswer } from './rest-reads';

interface RestError {
  message: string;
  code: string;
  issues?: { path: string[]; message: string }[];
}

interface ZodIssueLike {
  path?: PropertyKey[];
  message?: string;
}

/**
 * Serves the routers' OpenAPI procedures for Fetch requests. The handler (and its route
 * table) is built once, not per request as the library's own fetch adapter does.
 */
export function createRestHandler<TRouter extends OpenApiRouter & AnyTRPCRouter>(opts: {
  router: TRouter;
  endpoint: `/${string}`;
  createContext: (req: Request) => Promise<unknown> | unknown;
  onError?: (error: TRPCError, path: string | undefined) => void;
  /** Extra headers for an answer, from the errors it carries (e.g. Retry-After). */
  errorHeaders?: (errors: TRPCError[]) => Record<string, string>;
  /** false: reads go through the library's handler too (tests compare both paths). */
  leanReads?: boolean;
}): (req: Request) => Promise<Response> {
  const handler = createOpenApiNodeHttpHandler({
    router: opts.router,
    // The node-http core passes the request it was given, our Proxy: the context gets the
    // Fetch Request itself (the app keys per-request state on it).
    createContext: ({ req }: { req: unknown }) => opts.createContext((req as ProxiedRequest)[originalRequest]),
    onError: ({ error, path }: { error: TRPCError; path?: string }) => opts.onError?.(error, path),
    responseMeta: ({ errors }: { errors: TRPCError[] }) =>
      errors.length > 0 && opts.errorHeaders ? { headers: opts.errorHeaders(errors) } : {},
  } as unknown as Parameters<typeof createOpenApiNodeHttpHandler>[0]);

  // Reads skip the library's handler (rest-reads.ts): same route table, input and error shapes.
  const reads = opts.leanReads === false ? undefined : createRestReads(opts);

  return async (req) => {
    const url = new URL(req.url);
    url.pathname = url.pathname.slice(opts.endpoint.length) || '/';
    const read = reads?.(req, url, normalizePath(url.pathname));
    if (read) return toResponse(await read);
    const body = await readBody(req);
    if (body.tooLarge) {
      const error: RestError = {
        message: `body: larger than ${maxBodyBytes / 1_000_000} MB`,
        code: 'PAYLOAD_TOO_LARGE',
      };
      return Response.json(error, { status: 413 });
    }
    // Every REST body is an object of fields; the library would spread `null`, `[]` or `"text"`
    // into an empty input, and a schema whose fields all have defaults would accept it.
    if (body.ok && body.json && body.data !== undefined && bodyMethods.has(req.method) && !isPlainObject(body.data)) {
      const error: RestError = {
        message: 'body: must be a JSON object',
        code: 'BAD_REQUEST',
        issues: [{ path: ['body'], message: 'must be a JSON object' }],
      };
      return Response.json(error, { status: 400 });
    }
    // An action without a body (POST …/cancel) needs no content type; the library wants one.
    const headers =
      body.ok && body.data === undefined && !req.headers.get('content-type')
        ? new Headers([...req.headers, ['content-type', 'application/json']])
        : req.headers;
    const proxy = new Proxy(req, {
      get(target, prop) {
        if (prop === originalRequest) return target;
        if (prop === 'url') return url.toString();
        if (prop === 'query') return queryOf(url);
        // No procedure watches for the client going away, and reading the request's own
        // signal makes the node adapter build a whole Fetch Request (headers, controller) for
        // every call: a tenth of a REST call's time here.
        if (prop === 'signal') return neverAborted;
        if (prop === 'headers') return headers;
        if (prop === 'body') {
          if (!body.ok) throw new TRPCError({ code: 'PARSE_ERROR', message: 'body: not valid JSON' });
          return body.data;
        }
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    return new Promise<Response>((resolve) => {
      const headers = new Headers();
      let status = 200;
      const res = {
        setHeader(key: string, value: string | string[]) {
          if (Array.isArray(value)) for (const v of value) headers.append(key, v);
          else headers.set(key, value);
        },
        get statusCode() {
          return status;
        },
        set statusCode(code: number) {
          status = code;
        },
        end(text?: string) {
          resolve(toResponse({ status, text, headers }));
        },
      };
      void (handler as unknown as (req: unknown, res: unknown) => Promise<void>)(proxy, res);
    });
  };
}

/** The library's answer as a Response, an error's body reshaped as every REST error (toRestError). */
function toResponse({ status, text, headers }: ReadAnswer): Response {
  return new Response(status >= 400 && text ? JSON.stringify(toRestError(text, status)) : text, { status, headers });
}

/**
 * The query string as the library wants it (key → values). Built here on an object without
 * a prototype: the library's own parser trips over keys such as `toString` (a 500).
 */
function queryOf(url: URL): Record<string, string[]> {
  const query = Object.create(null) as Record<string, string[]>;
  url.searchParams.forEach((value, key) => {
    const values = query[key];
    if (values) values.push(value);
    else query[key] = [value];
  });
  return query;
}

const neverAborted = new AbortController().signal;

const originalRequest = Symbol('the Fetch Request behind the Proxy');
type ProxiedRequest = Request & { [originalRequest]: Request };

/** JSON bodies are small; anything larger is refused before it is parsed. */
const maxBodyBytes = 1_000_000;

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

/** `json`: the body was parsed as JSON (rather than handed on as text for the library to refuse). */
type Body = { ok: true; data: unknown; json?: boolean; tooLarge?: false } | { ok: false; tooLarge?: boolean };

async function readBody(req: Request): Promise<Body> {
  if (req.method === 'GET' || req.method === 'HEAD' || !req.body) return { ok: true, data: undefined };
  if (Number(req.headers.get('content-length') ?? 0) > maxBodyBytes) return { ok: false, tooLarge: true };
  const bytes = await req.arrayBuffer();
  if (bytes.byteLength > maxBodyBytes) return { ok: false, tooLarge: true };
  // Over the network a POST without a body still arrives with an (empty) body stream: no body either.
  if (bytes.byteLength === 0) return { ok: true, data: undefined };
  const text = new TextDecoder().decode(bytes);
  // An empty body (a POST …/cancel sent over a socket, without a content type) is no body.
  if (text.trim() === '') return { ok: true, data: undefined };
  if (!req.headers.get('content-type')?.includes('application/json')) return { ok: true, data: text };
  try {
    return { ok: true, data: JSON.parse(text) as unknown, json: true };
  } catch {
    return { ok: false };
  }
}

/** Every REST error body is exactly {message, code, issues?}; a 400 names its fields. */
function toRestError(text: string, status = 500): RestError {
  let parsed: { message?: unknown; code?: unknown; issues?: unknown } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    return { message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' };
  }
  const code = typeof parsed.code === 'string' ? parsed.code : 'INTERNAL_SERVER_ERROR';
  const rawIssues = Array.isArray(parsed.issues) ? (parsed.issues as ZodIssueLike[]) : undefined;
  if (rawIssues?.length) {
    const issues = rawIssues.map((i) => ({
      path: (i.path ?? []).map(String),
      message: i.message ?? 'Invalid value',
    }));
    const message = issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
    return { message, code, issues };
  }
  if (code === 'INTERNAL_SERVER_ERROR') return { message: 'Internal server error', code };
  const message = typeof parsed.message === 'string' ? parsed.message : 'Request failed';
  // A 400 always lists its issues, also when no schema produced them (a body that is not
  // JSON, a domain ValidationError): their "field: problem" message becomes the one issue.
  if (status === 400) {
    const named = /^([\w.-]+): (.+)$/s.exec(message);
    const issue = named ? { path: named[1]!.split('.'), message: named[2]! } : { path: [], message };
    return { message: `${issue.path.join('.') || 'input'}: ${issue.message}`, code, issues: [issue] };
  }
  return { message, code };
}

/**
 * A REST error answer: `status` with the body `toRestError` gives every REST answer, so a
 * route outside the adapter (photos, CSV, calendars, booking uploads) answers exactly as it does.
 */
export function restErrorResponse(
  status: number,
  code: string,
  message: string,
  issues?: { path: PropertyKey[]; message: string }[],
  headers?: Record<string, string>,
): Response {
  return Response.json(toRestError(JSON.stringify({ message, code, issues }), status), { status, headers });
}

/**
 * The REST answer for what a service or a directly called procedure threw: a DomainError (a
 * ValidationError names its field, as trpc.ts maps it) or a TRPCError (a schema's issues kept),
 * with the adapter's status and Retry-After. Anything else, and INTERNAL_SERVER_ERROR, is a
 * fault: thrown on for app.onError (500, or 503 on a full disk).
 */
export function restErrorFrom(error: unknown): Response {
  let issues: { path: PropertyKey[]; message: string }[] | undefined;
  if (error instanceof ValidationError) issues = [{ path: error.field.split('.'), message: error.reason }];
  else if (error instanceof TRPCError) issues = (error.cause as { issues?: typeof issues } | undefined)?.issues;
  else if (!(error instanceof DomainError)) throw error;
  if (error.code === 'INTERNAL_SERVER_ERROR') throw error;
  const status = getHTTPStatusCodeFromError(new TRPCError({ code: error.code }));
  const headers = retryAfterHeaders([error instanceof TRPCError ? error : { cause: error }]);
  return restErrorResponse(status, error.code, error.message, issues, headers);
}

import { idempotencyKeyHeader, idempotencyKeyLifetimeMs, maxIdempotencyKeyLength } from '../lib/idempotency';
import { appRouter } from '../root';
import type { Meta } from '../trpc';
import { type Document, httpMethods, type Operation } from './types';

/** What trpc-to-openapi writes for its own error responses. */
const generatorDescriptions = new Set([
  'Invalid input data',
  'Authorization not provided',
  'Insufficient access',
  'Not found',
  'Internal server error',
]);

/** Operations that answer 429 with Retry-After when one user has too many in progress, and why. */
const busyAnswers: Record<string, string> = {
  'POST /trips/{id}/bookings/preview':
    'Two previews of this user are already being read; Retry-After says when to try again',
};
/** Answers without a path parameter that are still about one row: 404 when it is not there (or not yours). */
const notFoundWithoutPathId = new Set([
  'GET /stream',
  'GET /trips/current',
  'GET /trips/current/events/today',
  'GET /calendar/{token}.ics',
]);

/** The operations that honour an Idempotency-Key header ('post /expenses'), from the procedures' meta. */
function idempotentOperations(): Set<string> {
  const procedures = Object.values(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>);
  return new Set(
    procedures
      .map((p) => p._def.meta)
      .filter((meta) => meta?.idempotency && meta.openapi)
      .map((meta) => `${meta!.openapi!.method.toLowerCase()} ${meta!.openapi!.path}`),
  );
}

const idempotencyKeyParameter = {
  name: idempotencyKeyHeader,
  in: 'header' as const,
  required: false,
  description: `Makes the write safe to send again (1–${maxIdempotencyKeyLength} characters, per user, kept ${idempotencyKeyLifetimeMs / 86_400_000} days): a call with a key already used answers what the first call answered and stores nothing; with a different body it is 422.`,
  schema: { type: 'string' as const, minLength: 1, maxLength: maxIdempotencyKeyLength },
};

/** Operations whose action may not fit the row's current state (409). */
const mayConflict = (method: string, path: string) =>
  (method !== 'get' && (path.startsWith('/proposals') || path.startsWith('/proposal-items'))) ||
  [
    'post /trips/{id}/cancel',
    'post /concierge/agent/requests/{id}/status',
    'delete /family/groups/{id}/membership',
  ].includes(`${method} ${path}`);

const errorSchema = {
  type: 'object' as const,
  description:
    'Every error answer: `message` says what is wrong (a 400 names each field), `code` is the machine-readable kind.',
  properties: {
    message: { type: 'string' as const },
    code: { type: 'string' as const, pattern: '^[A-Z_]+$' },
  },
  required: ['message', 'code'],
  additionalProperties: false,
};
const validationErrorSchema = {
  type: 'object' as const,
  description: 'A 400: `issues` lists each field (`path`) and what is wrong with it; `message` is "field: problem; …".',
  properties: {
    ...errorSchema.properties,
    issues: {
      type: 'array' as const,
      minItems: 1,
      items: {
        type: 'object' as const,
        properties: {
          path: { type: 'array' as const, items: { type: 'string' as const } },
          message: { type: 'string' as const },
        },
        required: ['path', 'message'],
        additionalProperties: false,
      },
    },
  },
  required: ['message', 'code', 'issues'],
  additionalProperties: false,
};

const errorResponse = (description: string, schema = 'Error', headers?: object) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});

/** Every 429 says when to try again. */
export const retryAfterHeader = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer' as const, minimum: 0 },
  },
};
const tooManyRequests =
  'Too many requests: a throttled attempt, or more calls than the rate limit allows (per API token); nothing was done. Retry-After says when to try again';

/**
 * The error answers each operation can really give, in the body the server really sends
 * ({message, code, issues?}; the generator's own error schemas allowed no `path` in issues):
 * 400 for any input, 401/403 where a session is needed, 403 for a write from a foreign
 * origin, 404 for a row by id, 409 where a state machine may refuse, 413/415 for bodies, 503
 * for writes on a full disk. Public operations say so with `security: []`.
 */
export function describeErrors(document: Document): void {
  const keyed = idempotentOperations();
  document.components = {
    ...document.components,
    schemas: {
      // The generator's own error schemas (error.BAD_REQUEST…) are replaced by the two below.
      ...Object.fromEntries(
        Object.entries(document.components?.schemas ?? {}).filter(([name]) => !name.startsWith('error.')),
      ),
      Error: errorSchema,
      ValidationError: validationErrorSchema,
    },
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of httpMethods) {
      const op: Operation | undefined = item?.[method];
      if (!op) continue;
      const isProtected = Array.isArray(op.security) && op.security.length > 0;
      if (!isProtected) op.security = [];
      const idempotent = keyed.has(`${method} ${path}`);
      if (idempotent)
        op.parameters = [...((op.parameters ?? []) as object[]), idempotencyKeyParameter] as typeof op.parameters;
      const params = ((op.parameters ?? []) as { in: string; name: string }[]).filter((p) => p.in !== 'header');
      const bodyFields = Object.keys(
        ((op.requestBody as { content?: Record<string, { schema?: { properties?: object } }> } | undefined)?.content?.[
          'application/json'
        ]?.schema?.properties ?? {}) as object,
      );
      // A body with no required field may be left out altogether (POST /concierge/requests files a general request).
      const jsonBody = op.requestBody as
        | { required?: boolean; content?: Record<string, { schema?: { required?: string[] } }> }
        | undefined;
      if (jsonBody?.content?.['application/json'] && !jsonBody.content['application/json'].schema?.required?.length)
        jsonBody.required = false;
      const writes = method !== 'get';
      const takesBody = method === 'post' || method === 'put' || method === 'patch' || !!op.requestBody;
      const byId =
        params.some((p) => p.in === 'path') ||
        [...params.map((p) => p.name), ...bodyFields].some((name) => name === 'id' || name.endsWith('Id')) ||
        notFoundWithoutPathId.has(`${method.toUpperCase()} ${path}`);
      const ok = op.responses?.['200'];
      const multipart = !!(op.requestBody as { content?: Record<string, unknown> } | undefined)?.content?.[
        'multipart/form-data'
      ];
      // Descriptions written for this operation (the photo and calendar paths) stay; the generator's defaults go.
      const own = (status: string) => {
        const description = (op.responses?.[status] as { description?: string } | undefined)?.description;
        return description && !generatorDescriptions.has(description) ? description : undefined;
      };
      const computed = {
        ...(ok ? { '200': ok } : {}),
        // A conditional GET (the photo files) answers 304 to a validator it still matches.
        ...(op.responses?.['304'] ? { '304': op.responses['304'] } : {}),
        ...(params.length > 0 || takesBody
          ? { '400': errorResponse('Invalid input: `issues` names each field', 'ValidationError') }
          : {}),
        ...(isProtected ? { '401': errorResponse('Not signed in') } : {}),
        ...(isProtected || writes
          ? {
              '403': errorResponse(
                writes
                  ? 'Not allowed (role or group permission), or sent from a page of another site'
                  : 'Not allowed for this role or group permission',
              ),
            }
          : {}),
        ...(byId ? { '404': errorResponse('No such row, or not yours') } : {}),
        ...(mayConflict(method, path)
          ? { '409': errorResponse('The action does not fit the current state') }
          : idempotent
            ? { '409': errorResponse('A call with this Idempotency-Key is still being processed') }
            : {}),
        ...(takesBody
          ? {
              '413': errorResponse('A body over 1 MB'),
              '415': errorResponse(
                multipart ? 'A body that is not multipart/form-data' : 'A body that is not application/json',
              ),
            }
          : {}),
        ...(idempotent ? { '422': errorResponse('This Idempotency-Key was already used with a different body') } : {}),
        '429': errorResponse(
          busyAnswers[`${method.toUpperCase()} ${path}`] ?? tooManyRequests,
          'Error',
          retryAfterHeader,
        ),
        '500': errorResponse('A fault of ours; the message is generic'),
        ...(writes ? { '503': errorResponse('The server has run out of disk space; nothing was saved') } : {}),
      };
      op.responses = Object.fromEntries(
        Object.entries(computed).map(([status, response]) => [
          status,
          status === '200' ? response : { ...response, description: own(status) ?? response.description },
        ]),
      );
    }
  }
}

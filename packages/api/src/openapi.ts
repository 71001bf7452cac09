import { generateOpenApiDocument } from 'trpc-to-openapi';
import { photoContentTypes } from '@naav/db/schema';
import { idempotencyKeyHeader, idempotencyKeyLifetimeMs, maxIdempotencyKeyLength } from './lib/idempotency';
import { appRouter } from './root';
import type { Meta } from './trpc';
import { maxInputMegapixels, maxPhotoSide, thumbnailSide } from './routers/photos/photo-processing';
import { maxPhotoMegabytes, maxPhotosPerUpload } from './routers/photos/photos.schemas';

/** The REST contract, generated from the same routers the web app calls. */
export function createOpenApiDocument(baseUrl = '/api') {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Naav API',
    description:
      'Navigation Assistant for Aspirations & Voyages. Sign in through /api/auth/sign-in/email; the session cookie authorises every other call. Errors are JSON {message, code, issues?}.',
    version: '1.0.0',
    baseUrl,
    securitySchemes: {
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'naav.session_token' },
    },
  });
  // The server answers calendar paths with the file itself rather than the JSON wrapper.
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    const ok = path.endsWith('.ics') ? operations?.get?.responses?.['200'] : undefined;
    if (ok && 'content' in ok) ok.content = { 'text/calendar': { schema: { type: 'string' } } };
  }
  // DELETE /me takes its fields as a JSON body (the server reads it: a password is no query parameter).
  const deleteMe = document.paths?.['/me']?.delete;
  if (deleteMe) {
    const fields = (deleteMe.parameters ?? []) as { name: string; required?: boolean; schema?: object }[];
    deleteMe.parameters = [];
    deleteMe.requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: Object.fromEntries(fields.map((f) => [f.name, (f.schema ?? {}) as { type?: 'string' }])),
            required: fields.filter((f) => f.required).map((f) => f.name),
            additionalProperties: false,
          },
        },
      },
    };
  }
  // Photo files and uploads are served by the server itself: uploads are multipart, files are images.
  const photoId = [{ name: 'id', in: 'path' as const, required: true, schema: { type: 'string' as const } }];
  const photoFile = (summary: string, operationId: string) => ({
    get: {
      operationId,
      summary,
      tags: ['photos'],
      security: [{ sessionCookie: [] }],
      parameters: photoId,
      responses: {
        '200': {
          description: 'The image (Cache-Control: private, no-cache, with an ETag)',
          content: Object.fromEntries(
            photoContentTypes.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }]),
          ),
        },
        '304': { description: 'Not modified: the If-None-Match given names the same image, for the same user' },
        '404': { description: 'No such photo, or not yours' },
      },
    },
  });
  const photosPath = document.paths?.['/trips/{id}/photos'];
  document.paths = {
    ...document.paths,
    '/trips/{id}/photos': {
      ...photosPath,
      post: {
        operationId: 'photos-upload',
        summary: `Upload photos to a trip: one or more \`file\` fields, JPEG, PNG or WebP (checked by content and decoded), up to ${maxPhotoMegabytes} MB each and ${maxPhotosPerUpload} at a time`,
        description: `The server decodes each image, turns it upright by its EXIF orientation, removes all metadata (GPS position, camera, comments), scales it to at most ${maxPhotoSide} px on its long side and stores it as WebP, with a ${thumbnailSide} px thumbnail it makes itself.`,
        tags: ['photos'],
        security: [{ sessionCookie: [] }],
        parameters: photoId,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  file: {
                    type: 'array',
                    items: { type: 'string', format: 'binary' },
                    minItems: 1,
                    maxItems: maxPhotosPerUpload,
                  },
                  thumbnail: {
                    type: 'array',
                    items: { type: 'string', format: 'binary' },
                    deprecated: true,
                    description:
                      'Ignored: older web apps sent a small copy of each file; the server now makes the thumbnail itself.',
                  },
                },
                required: ['file'],
              },
            },
          },
        },
        responses: {
          // The same array of photos GET answers.
          '200': photosPath?.get?.responses?.['200'] ?? { description: 'The photos as stored' },
          '400': {
            description: `\`file\`: missing, not a JPEG, PNG or WebP image, not decodable, or over ${maxInputMegapixels} megapixels`,
          },
          '401': { description: 'Not signed in' },
          '404': { description: 'No such trip, or not yours' },
          '413': { description: '`file`: larger than the limit' },
        },
      },
    },
    '/photos/{id}/file': photoFile('A photo (owner only)', 'photos-file'),
    '/photos/{id}/thumbnail': photoFile(
      `A photo for a grid: the ${thumbnailSide} px copy the server made (the original for photos stored by older versions without one)`,
      'photos-thumbnail',
    ),
    // Live changes as server-sent events (served by the server over live.changes' service).
    '/stream': {
      get: {
        operationId: 'live-stream',
        summary: 'Live changes of the topics named, as server-sent events (text/event-stream)',
        description:
          'Each event has `id` (an opaque token: the stream’s place, to resume from), `event` (its kind: created, updated, deleted, message, read, request, proposal, membership; `reset` when events were missed and everything shown should be reloaded; `revoked` when the topic may no longer be read) and `data`, the event as JSON `{position, topic, rowId, kind}` (`position` counts this stream’s events, 1, 2, 3…, and goes on after a resume; it says nothing of other users’ changes): no row data, which the client reloads through the ordinary paths. A comment line comes every 15 s. To resume after a dropped connection, send the last id seen as `Last-Event-ID` (EventSource does) or `lastEventId`. Topics: `trip:<tripId>` (whoever can read the trip), `trips:<userId>` (that user), `concierge:<userId>` and `proposals:<clientId>` (that user and agents), `group:<groupId>` (its owner and members), `concierge` and `proposals` (agents).',
        tags: ['live'],
        security: [{ sessionCookie: [] }],
        parameters: [
          {
            name: 'topics',
            in: 'query',
            required: true,
            description: 'Up to 30 topics, comma-separated',
            schema: { type: 'string' },
          },
          {
            name: 'lastEventId',
            in: 'query',
            required: false,
            description: 'The last event id seen (or the Last-Event-ID header)',
            schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
          },
          {
            name: 'Last-Event-ID',
            in: 'header',
            required: false,
            schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
          },
        ],
        responses: {
          '200': {
            description: 'The stream of events',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          '404': { description: 'A topic that does not exist or that you may not read' },
        },
      },
    },
    // The public feed calendar apps poll (served by the server from shared.calendar).
    '/calendar/{token}.ics': {
      get: {
        operationId: 'shared-calendar',
        summary: "A trip's calendar feed for calendar apps (no sign-in; revocable)",
        tags: ['sharing'],
        parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The trip and its events',
            content: { 'text/calendar': { schema: { type: 'string' } } },
          },
          '404': { description: 'This link is no longer active' },
        },
      },
    },
  };
  describeErrors(document);
  return document;
}

type Document = ReturnType<typeof generateOpenApiDocument>;
type Operation = NonNullable<NonNullable<Document['paths']>[string]['get']>;

/** What trpc-to-openapi writes for its own error responses. */
const generatorDescriptions = new Set([
  'Invalid input data',
  'Authorization not provided',
  'Insufficient access',
  'Not found',
  'Internal server error',
]);

/** Answers without a path parameter that are still about one row: 404 when it is not there (or not yours). */
/** Operations that answer 429 with Retry-After when one user has too many in progress, and why. */
const busyAnswers: Record<string, string> = {
  'POST /trips/{id}/bookings/preview':
    'Two previews of this user are already being read; Retry-After says when to try again',
};
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
  (method !== 'get' && path.startsWith('/proposals')) ||
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

const errorResponse = (description: string, schema = 'Error') => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});

/**
 * The error answers each operation can really give, in the body the server really sends
 * ({message, code, issues?}; the generator's own error schemas allowed no `path` in issues):
 * 400 for any input, 401/403 where a session is needed, 403 for a write from a foreign
 * origin, 404 for a row by id, 409 where a state machine may refuse, 413/415 for bodies, 503
 * for writes on a full disk. Public operations say so with `security: []`.
 */
function describeErrors(document: Document): void {
  const keyed = idempotentOperations();
  document.components = {
    ...document.components,
    schemas: { Error: errorSchema, ValidationError: validationErrorSchema },
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
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
        ...(busyAnswers[`${method.toUpperCase()} ${path}`]
          ? { '429': errorResponse(busyAnswers[`${method.toUpperCase()} ${path}`]!) }
          : {}),
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

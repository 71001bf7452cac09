import { createOpenApiDocument } from '@naav/api';
import { describe, expect, it } from 'vitest';
import { createConformanceChecker, type RecordedResponse } from './openapi-conformance';

// The check every REST contract file runs at its end (openapi-conformance.setup.ts) must see
// each way an answer can drift from /api/openapi.json.
const check = createConformanceChecker(
  createOpenApiDocument('/api') as unknown as Parameters<typeof createConformanceChecker>[0],
);
const json = (method: string, url: string, status: number, body: unknown): RecordedResponse => ({
  method,
  url,
  status,
  contentType: 'application/json; charset=UTF-8',
  body: JSON.stringify(body),
});

describe('the check of recorded answers against /api/openapi.json', () => {
  it('accepts answers the document describes', () => {
    expect(
      check([
        json('GET', '/api/health', 200, { status: 'ok' }),
        json('GET', '/api/trips/trip-nowhere', 404, { message: 'Trip not found', code: 'NOT_FOUND' }),
        json('POST', '/api/trips', 400, {
          message: 'title: Required',
          code: 'BAD_REQUEST',
          issues: [{ path: ['title'], message: 'Required' }],
        }),
        json('POST', '/api/trips/trip-lisbon/cancel', 409, {
          message: 'This trip is already cancelled',
          code: 'CONFLICT',
        }),
        json('PUT', '/api/profile/food-preferences', 415, {
          message: 'Unsupported content-type',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        }),
        {
          method: 'GET',
          url: '/api/trips/trip-lisbon/calendar.ics',
          status: 200,
          contentType: 'text/calendar; charset=utf-8',
          body: 'BEGIN:VCALENDAR',
        },
        // better-auth's answers carry its own error body.
        json('POST', '/api/auth/sign-in/email', 401, { code: 'INVALID_EMAIL_OR_PASSWORD' }),
        // Not an operation of the document: not its business.
        json('GET', '/api/nope', 404, { message: 'Not found', code: 'NOT_FOUND' }),
      ]),
    ).toEqual([]);
  });

  it('reports an undocumented status, a body off the schema, a 400 without issues and a wrong content type', () => {
    const problems = check([
      json('GET', '/api/health', 409, { message: 'x', code: 'CONFLICT' }),
      json('GET', '/api/trips/current', 200, { id: 'trip-lisbon' }),
      json('POST', '/api/trips', 400, {
        message: 'Invalid input data',
        code: 'BAD_REQUEST',
        issues: [{ message: 'Required' }],
      }),
      json('GET', '/api/me', 401, { message: 'Sign in', code: 'UNAUTHORIZED', stack: 'at x.ts:1:1' }),
      { method: 'GET', url: '/api/trips', status: 200, contentType: 'text/html', body: '<html>' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^GET \/api\/health → 409: 409 is not documented/),
      expect.stringMatching(/^GET \/api\/trips\/current → 200: the body does not fit/),
      expect.stringMatching(/^POST \/api\/trips → 400: the body does not fit.*path/),
      expect.stringMatching(/^GET \/api\/me → 401: the body does not fit/),
      expect.stringMatching(/^GET \/api\/trips → 200: answered text\/html, documented application\/json/),
    ]);
  });

  it('public operations carry security: [] and every error answer uses the one error schema', () => {
    const doc = createOpenApiDocument('/api') as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            security?: unknown[];
            responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
          }
        >
      >;
    };
    for (const path of ['/health', '/demo', '/share/{token}', '/calendar/{token}.ics'])
      expect(doc.paths[path]?.get?.security, path).toEqual([]);
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, response] of Object.entries(op.responses)) {
          // Only errors (4xx, 5xx) share the error schema; a 304 Not Modified has no body.
          if (Number(status) < 400) continue;
          // better-auth's paths answer its own {message, code}.
          if (path.startsWith('/auth/')) {
            expect(response.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/AuthError');
            continue;
          }
          expect(response.content?.['application/json']?.schema?.$ref, `${method} ${path} ${status}`).toBe(
            status === '400' ? '#/components/schemas/ValidationError' : '#/components/schemas/Error',
          );
        }
      }
    }
  });
});

import { expect } from 'vitest';
import { type TestServer, testOrigin } from './harness';

/** Reads a JSON response, checking the status and the content type first. */
export async function json<T = unknown>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return JSON.parse(text) as T;
}

export interface RestErrorBody {
  message: string;
  code: string;
  issues?: { path: string[]; message: string }[];
}

/**
 * The documented error shape, whatever the status (≥ 400): JSON, exactly {message, code}
 * plus issues on a 400 only; never a stack trace or tRPC's `data`; a 400's message names
 * the field of every issue. The fuzzer calls this on every error it provokes.
 */
export async function anyRestError(res: Response): Promise<RestErrorBody> {
  const text = await res.text();
  expect(res.status, text).toBeGreaterThanOrEqual(400);
  expect(res.headers.get('content-type'), text).toMatch(/^application\/json/);
  const body = JSON.parse(text) as RestErrorBody;
  expect(Object.keys(body).sort(), text).toEqual(
    res.status === 400 ? ['code', 'issues', 'message'] : ['code', 'message'],
  );
  expect(body.code, text).toMatch(/^[A-Z_]+$/);
  expect(typeof body.message, text).toBe('string');
  expect(body.message.length, text).toBeGreaterThan(0);
  // No stack frames or source paths, in the message or anywhere else.
  expect(text).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.ts:\d+/);
  if (res.status === 400) {
    expect(Array.isArray(body.issues), text).toBe(true);
    expect(body.issues?.length, text).toBeGreaterThan(0);
    for (const issue of body.issues ?? []) {
      expect(Object.keys(issue).sort(), text).toEqual(['message', 'path']);
      expect(
        issue.path.every((p) => typeof p === 'string'),
        text,
      ).toBe(true);
      expect(body.message, text).toContain(issue.path.join('.') || 'input');
    }
  }
  return body;
}

/** The documented error shape (see anyRestError) with this status and code. */
export async function restError(res: Response, status: number, code: string): Promise<RestErrorBody> {
  expect(res.status, await res.clone().text()).toBe(status);
  const body = await anyRestError(res);
  expect(body.code).toBe(code);
  return body;
}

export const isoDate = /^\d{4}-\d{2}-\d{2}$/;
export const timeOfDay = /^\d{2}:\d{2}:\d{2}$/;

/**
 * A request from the app's own origin, with the session `cookie` when given; a write (POST, PUT,
 * PATCH) or a request with a `body` is JSON (the REST adapter answers 415 without the header).
 */
export const sendAs = (
  server: Pick<TestServer, 'request'>,
  method: string,
  path: string,
  cookie?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  server.request(path, {
    method,
    headers: {
      origin: testOrigin,
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined || ['POST', 'PUT', 'PATCH'].includes(method)
        ? { 'content-type': 'application/json' }
        : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

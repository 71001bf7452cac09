import { expect } from 'vitest';

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
 * The documented error shape: exactly {message, code}, plus issues on a 400 only; never a
 * stack trace or tRPC's `data`.
 */
export async function restError(res: Response, status: number, code: string): Promise<RestErrorBody> {
  const body = await json<RestErrorBody>(res, status);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(Object.keys(body).sort()).toEqual(status === 400 ? ['code', 'issues', 'message'] : ['code', 'message']);
  return body;
}

export const isoDate = /^\d{4}-\d{2}-\d{2}$/;
export const timeOfDay = /^\d{2}:\d{2}:\d{2}$/;
